/**
 * The one way the SPA talks to its API (spec §5, §7, §9; DESIGN §6).
 *
 * Every call:
 * - carries `Authorization: Bearer <ID token>` from Amplify's fetchAuthSession(); if getting the
 *   token fails the failure is only logged and the request still goes out (spec §7);
 * - carries credentials (`credentials: 'include'`);
 * - times out after 30 000 ms (spec §9);
 * - treats any non-2xx as a failure (spec §5) → HttpError (errors.ts, spec §8 messages);
 * - on a 404 navigates to /404, except for the forgot-password call (spec §2);
 * - counts itself in the in-flight counter (spec §4);
 * - on a 401 refreshes the session once (Amplify's fetchAuthSession({ forceRefresh: true }), which
 *   in local mode runs providers/localTokenRefresher.ts) and sends the request once more with the
 *   new token; when that is impossible or the retry is refused too, the session-loss path runs
 *   (session/sessionLoss.ts: drafts kept, /login?prev=…) and the failure is a HttpError with
 *   `sessionExpired` (issue 11). Concurrent 401s share one refresh. A 401 `user_disabled` (the
 *   login was disabled, issue 18 item 3) is not refreshed: the user is signed out and /login says
 *   why (session/sessionLoss.ts endDisabledSession);
 * - after a successful write, removes the current route's draft (common/drafts: kept until saved).
 *
 * Retries (spec §9) plug in through `retryPolicy`: `request()` runs `attemptOnce()` in a loop and
 * asks the policy for the delay before the next attempt. The default is the spec §9 policy
 * (retryPolicy.ts: counts, methods, statuses, back-off, Retry-After); each attempt has its own 30 s
 * time-out, and a caller's abort signal also cuts a back-off wait short (never retried).
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { apiBaseUrl } from '../config/runtimeConfig';
import { NOT_FOUND_PATH } from '../auth/redirects';
import { HttpError } from './errors';
import { inflight } from './inflight';
import { navigateTo } from './navigation';
import { specRetryPolicy } from './retryPolicy';

export const REQUEST_TIMEOUT_MS = 30_000;

const READ_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/** Spec §2: a 404 from this call does not redirect. */
export const FORGOT_PASSWORD_PATH = '/v1/company/common/users/forget_password';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;

export interface RequestOptions {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** Serialised as JSON unless it is a FormData/Blob/string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Force-disable the 404 → /404 navigation (the forgot-password call is excluded anyway). */
  redirectOnNotFound?: boolean;
  /** 'blob': a successful body is read as bytes (a file the API answers itself, e.g. an import template). */
  responseType?: 'json' | 'blob';
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  json: T;
}

export interface RetryContext {
  method: HttpMethod;
  /** The number of the retry about to be made: 1 for the first retry (= attempts failed so far). */
  attempt: number;
  /** The failure of the attempt just made. */
  error: HttpError;
}

export interface RetryPolicy {
  /** Milliseconds to wait before retrying, or null to give up and throw `error`. */
  nextDelay(context: RetryContext): number | null;
}

export const noRetry: RetryPolicy = { nextDelay: () => null };

export interface HttpClientOptions {
  fetch?: typeof fetch;
  baseUrl?: () => string;
  getIdToken?: () => Promise<string | undefined>;
  /** A fresh ID token after a 401, or undefined when the session cannot be refreshed. */
  refreshIdToken?: () => Promise<string | undefined>;
  /** The login was disabled (401 user_disabled): sign out, /login says so. */
  onAccountDisabled?: () => Promise<void>;
  /** The session is over (refresh failed): keep drafts, go to sign-in. */
  onSessionExpired?: () => Promise<void>;
  /** A write (not GET/HEAD/OPTIONS) succeeded: the draft of the current route is saved now. */
  onWriteSucceeded?: () => void;
  onNotFound?: (path: string) => void;
  timeoutMs?: number;
  /** Defaults to the spec §9 policy (retryPolicy.ts); `noRetry` turns retries off. */
  retryPolicy?: RetryPolicy;
  /** Waits between attempts; must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  logger?: Pick<Console, 'warn' | 'error'>;
}

export interface HttpClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
}

export const defaultGetIdToken = async (): Promise<string | undefined> => {
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString();
};

export const defaultRefreshIdToken = async (): Promise<string | undefined> => {
  const { tokens } = await fetchAuthSession({ forceRefresh: true });
  return tokens?.idToken?.toString();
};

export const buildUrl = (base: string, path: string, query?: Record<string, QueryValue>) => {
  // Same origin when no base is configured: absolute, so non-browser fetches (tests) work too.
  if (!base && typeof window !== 'undefined' && window.location?.origin?.startsWith('http')) {
    base = window.location.origin;
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
};

const pathOf = (url: string) => {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
};

const parseBody = async (response: Response, responseType: RequestOptions['responseType']): Promise<unknown> => {
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
};

const encodeBody = (body: unknown, headers: Headers): BodyInit | undefined => {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof FormData || body instanceof Blob) {
    return body as BodyInit;
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
};

/** setTimeout-based wait that a caller's abort signal cuts short (rejects with the signal's reason). */
export const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

let defaultSleep: NonNullable<HttpClientOptions['sleep']> = abortableSleep;

/**
 * Tests only: how clients built without `sleep` wait between attempts. Component tests can pass an
 * instant sleep so that a failing GET still makes its spec §9 retries without the 5.8 s wait;
 * `null` restores the real timer.
 */
export const setDefaultRetrySleep = (sleep: HttpClientOptions['sleep'] | null) => {
  defaultSleep = sleep ?? abortableSleep;
};

/**
 * What the app does when the session is lost or disabled and after a saved write (session/
 * sessionLoss.ts, common/drafts). Given once where the app is composed (session/httpSession.ts):
 * this module imports no session or draft code, so they may use it without an import cycle.
 */
export type SessionCallbacks = Required<Pick<HttpClientOptions, 'onSessionExpired' | 'onAccountDisabled' | 'onWriteSucceeded'>>;

let sessionCallbacks: SessionCallbacks = {
  onSessionExpired: async () => undefined,
  onAccountDisabled: async () => undefined,
  onWriteSucceeded: () => undefined,
};

export const setSessionCallbacks = (callbacks: SessionCallbacks) => {
  sessionCallbacks = callbacks;
};

export const createHttpClient = (options: HttpClientOptions = {}): HttpClient => {
  const {
    fetch: fetchImpl = (...args: Parameters<typeof fetch>) => globalThis.fetch(...args),
    baseUrl = apiBaseUrl,
    getIdToken = defaultGetIdToken,
    refreshIdToken = defaultRefreshIdToken,
    // read at the time of the call: the shared client is made before the app gives its callbacks
    onSessionExpired = () => sessionCallbacks.onSessionExpired(),
    onAccountDisabled = () => sessionCallbacks.onAccountDisabled(),
    onWriteSucceeded = () => sessionCallbacks.onWriteSucceeded(),
    onNotFound = () => navigateTo(NOT_FOUND_PATH),
    timeoutMs = REQUEST_TIMEOUT_MS,
    retryPolicy = specRetryPolicy,
    sleep = (ms, signal) => defaultSleep(ms, signal),
    logger = console,
  } = options;

  let refreshing: Promise<string | undefined> | null = null;
  /** One refresh for every request that got a 401 meanwhile; undefined when it failed. */
  const refreshOnce = () => {
    refreshing ??= refreshIdToken()
      .catch((error) => {
        logger.warn('[http] the session could not be refreshed', error);
        return undefined;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const authorization = async (freshToken?: string): Promise<string | undefined> => {
    if (freshToken) return `Bearer ${freshToken}`;
    try {
      const token = await getIdToken();
      return token ? `Bearer ${token}` : undefined;
    } catch (error) {
      // Spec §7: only logged; the request proceeds without the header.
      logger.warn('[http] could not get the auth token; sending the request without it', error);
      return undefined;
    }
  };

  const attemptOnce = async (
    method: HttpMethod,
    url: string,
    request: RequestOptions,
    freshToken?: string,
  ): Promise<HttpResponse<unknown>> => {
    const headers = new Headers({ Accept: 'application/json', ...request.headers });
    const auth = await authorization(freshToken);
    if (auth) headers.set('Authorization', auth);
    const body = encodeBody(request.body, headers);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, request.timeoutMs ?? timeoutMs);
    const onCallerAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    if (request.signal?.aborted) controller.abort();

    try {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method,
          headers,
          body,
          credentials: 'include',
          signal: controller.signal,
        });
      } catch (cause) {
        throw new HttpError({
          kind: timedOut ? 'timeout' : request.signal?.aborted ? 'aborted' : 'network',
          method,
          url,
          cause,
        });
      }
      let parsed: unknown;
      try {
        parsed = await parseBody(response, request.responseType);
      } catch (cause) {
        throw new HttpError({ kind: timedOut ? 'timeout' : 'network', method, url, cause });
      }
      if (!response.ok) {
        throw new HttpError({
          kind: 'response',
          status: response.status,
          method,
          url,
          body: parsed,
          headers: response.headers,
        });
      }
      return { status: response.status, headers: response.headers, json: parsed };
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  };

  const request = async <T>(path: string, req: RequestOptions = {}): Promise<HttpResponse<T>> => {
    const method = req.method ?? 'GET';
    const url = buildUrl(baseUrl(), path, req.query);
    inflight.start();
    let freshToken: string | undefined;
    let refreshed = false;
    try {
      for (let attempt = 1; ;) {
        try {
          const response = (await attemptOnce(method, url, req, freshToken)) as HttpResponse<T>;
          if (!READ_METHODS.includes(method)) onWriteSucceeded();
          return response;
        } catch (error) {
          if (!(error instanceof HttpError) || error.kind === 'aborted') throw error;
          if (error.status === 401 && error.code === 'user_disabled') {
            await onAccountDisabled();
            throw error;
          }
          if (error.status === 401) {
            if (!refreshed) {
              refreshed = true;
              freshToken = await refreshOnce();
              if (freshToken) continue;
            }
            await onSessionExpired();
            throw error.asSessionExpired();
          }
          const delay = retryPolicy.nextDelay({ method, attempt, error });
          if (delay === null) throw error;
          try {
            await sleep(delay, req.signal);
          } catch (cause) {
            // The caller gave up during the back-off: no further attempt.
            throw new HttpError({ kind: 'aborted', method, url, cause });
          }
          attempt += 1;
        }
      }
    } catch (error) {
      if (
        error instanceof HttpError &&
        error.status === 404 &&
        req.redirectOnNotFound !== false &&
        pathOf(url) !== FORGOT_PASSWORD_PATH
      ) {
        onNotFound(pathOf(url));
      }
      throw error;
    } finally {
      inflight.done();
    }
  };

  return {
    request,
    get: async <T>(path: string, opts: Omit<RequestOptions, 'method'> = {}) =>
      (await request<T>(path, { ...opts, method: 'GET' })).json,
  };
};

/** The app's client. */
export const httpClient = createHttpClient();
