/**
 * Spec §9 retry policy, plugged into the HTTP client's `retryPolicy` hook (httpClient.ts).
 *
 * Spec §9 says: "Retries: up to 3; at most 2 for failures without a response. Base delay 100 ms with
 * exponential back-off of (2^n - 1)/2 seconds. Methods retried: GET, HEAD, OPTIONS, DELETE, PUT.
 * Statuses retried: 100-199, 409-429, 500-599 (a fallback default uses 429 and 500-599). A retry-after
 * header is honoured up to 300000 ms." Our reading, rule by rule (each has a test in
 * httpClient.test.ts / retryPolicy.test.ts naming spec §9):
 *
 * - Counting. `n` is the number of the retry about to be made (1 for the first retry, so a request is
 *   sent at most 4 times). A failure without a response (network error, our 30 s per-attempt time-out)
 *   is retried only while fewer than 2 retries have been made in total, whatever caused the earlier
 *   ones: so no-response failures never lead to a third retry, and a request is sent at most 3 times
 *   when its last failure had no response. A request the caller aborted is never retried.
 * - Delay. delay(n) = base 100 ms + (2^n − 1)/2 s, i.e. 600 ms, 1 600 ms, 3 600 ms. The spec gives a
 *   base and an exponential term; we add them so that both numbers take effect (the formula alone
 *   would make the 100 ms dead, a max() would too since (2^1 − 1)/2 s = 500 ms > 100 ms already).
 *   BASE_DELAY_MS is the single place to change should the product owner read it otherwise.
 * - Methods: GET, HEAD, OPTIONS, DELETE, PUT (idempotent); POST and PATCH never.
 * - Statuses: a failure with a response is retried only if its status is in 100–199, 409–429 or
 *   500–599 (SPEC_RETRY_STATUSES, what the client uses for every call). "A fallback default uses 429
 *   and 500-599" is FALLBACK_RETRY_STATUSES: what createRetryPolicy() uses when it is built without a
 *   status list (a caller building its own policy). No call of the SPA uses it today.
 *   Note: 409 (stale `version`) and 422 (rule broken) are in 409–429, so a PUT answered 409/422 is
 *   retried 3 times (≈ 5.8 s) before the error reaches the screen; POSTs surface at once.
 * - Retry-After (seconds or HTTP date), on any retried response that carries it, replaces the
 *   computed delay when it is 0–300 000 ms (a date in the past counts as 0). "Honoured up to
 *   300000 ms" → a longer Retry-After is not honoured, and we then give up and surface the error
 *   rather than retry early against the server's wish or hold the screen for longer than 5 minutes.
 *   An unparseable Retry-After is ignored (the computed delay applies).
 *
 * Why no library: the only one whose options match these numbers is retry-axios (v3: retry 3,
 * noResponseRetries 2, retryDelay 100, the same methods, maxRetryAfter 5 min, (2^n − 1)/2 s); it is
 * an axios interceptor (our client is fetch-based, axios would be a second HTTP stack in the bundle),
 * and its current major (v4) removed `noResponseRetries`. Fetch-based ones do not fit: ky has one
 * retry count for every failure, reads Retry-After only for 413/429/503 and times out the whole call
 * rather than each attempt; fetch-retry and p-retry know nothing of statuses, methods or
 * Retry-After, so the rules below would have to be written anyway.
 */
import type { HttpError } from './errors';
import type { HttpMethod, RetryPolicy } from './httpClient';

/** Inclusive status ranges. */
export type StatusRanges = ReadonlyArray<readonly [number, number]>;

export const MAX_RETRIES = 3;
export const MAX_NO_RESPONSE_RETRIES = 2;
export const BASE_DELAY_MS = 100;
export const MAX_RETRY_AFTER_MS = 300_000;
export const RETRY_METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'OPTIONS', 'DELETE', 'PUT'];
export const SPEC_RETRY_STATUSES: StatusRanges = [
  [100, 199],
  [409, 429],
  [500, 599],
];
export const FALLBACK_RETRY_STATUSES: StatusRanges = [
  [429, 429],
  [500, 599],
];

/** Spec §9 back-off: base + (2^n − 1)/2 seconds, n = 1 for the first retry. */
export const backoffDelay = (n: number, baseDelayMs = BASE_DELAY_MS) => baseDelayMs + ((2 ** n - 1) / 2) * 1000;

const DELAY_SECONDS = /^\s*\d+\s*$/;

/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP date. Milliseconds to wait (a past date
 * is 0), or undefined when absent or unparseable.
 */
export const parseRetryAfter = (value: string | null | undefined, now: number = Date.now()): number | undefined => {
  if (value == null) return undefined;
  if (DELAY_SECONDS.test(value)) return Number(value.trim()) * 1000;
  // A date has letters (day/month names, GMT); this keeps Date.parse's leniency away from numbers.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
};

const inRanges = (status: number, ranges: StatusRanges) => ranges.some(([min, max]) => status >= min && status <= max);

export interface RetryPolicyOptions {
  retries?: number;
  noResponseRetries?: number;
  baseDelayMs?: number;
  methods?: readonly HttpMethod[];
  /** Defaults to FALLBACK_RETRY_STATUSES (429, 500–599). */
  statuses?: StatusRanges;
  maxRetryAfterMs?: number;
  now?: () => number;
}

/** Why a failure is (not) retried: for tests and logs. */
export type RetryDecision = { retry: true; delay: number } | { retry: false; reason: string };

export const decideRetry = (
  context: { method: HttpMethod; attempt: number; error: HttpError },
  options: RetryPolicyOptions = {},
): RetryDecision => {
  const {
    retries = MAX_RETRIES,
    noResponseRetries = MAX_NO_RESPONSE_RETRIES,
    baseDelayMs = BASE_DELAY_MS,
    methods = RETRY_METHODS,
    statuses = FALLBACK_RETRY_STATUSES,
    maxRetryAfterMs = MAX_RETRY_AFTER_MS,
    now = Date.now,
  } = options;
  const { method, attempt: n, error } = context;
  const retriesDone = n - 1;

  if (error.kind === 'aborted') return { retry: false, reason: 'aborted by the caller' };
  if (!methods.includes(method)) return { retry: false, reason: `${method} is not retried` };
  if (error.hasResponse && !inRanges(error.status, statuses)) {
    return { retry: false, reason: `status ${error.status} is not retried` };
  }
  if (!error.hasResponse && retriesDone >= noResponseRetries) {
    return { retry: false, reason: `no response after ${retriesDone} retries` };
  }
  if (retriesDone >= retries) return { retry: false, reason: `${retriesDone} retries done` };

  const retryAfter = error.hasResponse ? parseRetryAfter(error.headers?.get('Retry-After'), now()) : undefined;
  if (retryAfter !== undefined) {
    if (retryAfter > maxRetryAfterMs) {
      return { retry: false, reason: `Retry-After ${retryAfter} ms exceeds ${maxRetryAfterMs} ms` };
    }
    return { retry: true, delay: retryAfter };
  }
  return { retry: true, delay: backoffDelay(n, baseDelayMs) };
};

export const createRetryPolicy = (options: RetryPolicyOptions = {}): RetryPolicy => ({
  nextDelay: (context) => {
    const decision = decideRetry(context, options);
    return decision.retry ? decision.delay : null;
  },
});

/** The client's default: every call the SPA makes (spec §9). */
export const specRetryPolicy: RetryPolicy = createRetryPolicy({ statuses: SPEC_RETRY_STATUSES });
