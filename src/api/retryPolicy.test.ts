/**
 * Spec §9 retry policy, through the real client with fake timers: a scripted fetch records when
 * each attempt starts, so the tests assert how many attempts were made and the delays between them.
 */
import { createHttpClient, noRetry, setDefaultRetrySleep, type HttpMethod, REQUEST_TIMEOUT_MS } from './httpClient';
import { HttpError } from './errors';
import {
  backoffDelay,
  createRetryPolicy,
  decideRetry,
  parseRetryAfter,
  specRetryPolicy,
  FALLBACK_RETRY_STATUSES,
  MAX_RETRY_AFTER_MS,
} from './retryPolicy';

/** One scripted answer: a status (JSON body), a status with headers, no response, or no answer until our time-out. */
type Step = number | { status: number; headers?: Record<string, string> } | 'network' | 'hang';

const scriptedFetch = (steps: Step[]) => {
  const starts: number[] = [];
  const methods: string[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    starts.push(Date.now());
    methods.push(String(init?.method));
    const step = steps[Math.min(starts.length - 1, steps.length - 1)];
    if (step === 'network') throw new TypeError('Failed to fetch');
    if (step === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    }
    const { status, headers = {} } = typeof step === 'number' ? { status: step } : step;
    const body = status < 300 ? { ok: true } : { type: 'about:blank', title: 't', status, detail: '詳細', code: 'x', errors: [] };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': status < 300 ? 'application/json' : 'application/problem+json', ...headers },
    });
  });
  /** Milliseconds between the starts of consecutive attempts. */
  const gaps = () => starts.slice(1).map((at, i) => at - starts[i]);
  return { fetch, starts, methods, gaps };
};

const T0 = Date.parse('2026-11-21T05:00:00Z');

/** Runs one call to completion under fake timers; resolves to its result or its error. */
const run = async (steps: Step[], method: HttpMethod = 'GET', extra: { signal?: AbortSignal } = {}) => {
  const script = scriptedFetch(steps);
  // The spec §9 policy is the client's default: no retryPolicy given here.
  const client = createHttpClient({
    fetch: script.fetch as typeof fetch,
    baseUrl: () => 'http://api.test',
    getIdToken: async () => 'token',
    onNotFound: () => undefined,
  });
  const outcome = client
    .request('/v1/x', { method, body: method === 'GET' || method === 'HEAD' ? undefined : {}, ...extra })
    .then(
      (res) => ({ ok: true as const, res }),
      (error: HttpError) => ({ ok: false as const, error }),
    );
  await vi.runAllTimersAsync();
  return { ...(await outcome), ...script };
};

const errorFor = (status: number, headers: Record<string, string> = {}) =>
  new HttpError({ kind: 'response', status, method: 'GET', url: 'http://api.test/v1/x', headers: new Headers(headers) });

beforeEach(() => {
  setDefaultRetrySleep(null);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
});

describe('retry policy (spec §9)', () => {
  it('spec §9: up to 3 retries, 100 ms base + (2^n − 1)/2 s apart: 600, 1 600, 3 600 ms', async () => {
    const { ok, error, starts, gaps } = (await run([503])) as { ok: false; error: HttpError } & ReturnType<typeof scriptedFetch>;
    expect(ok).toBe(false);
    expect(starts).toHaveLength(4);
    expect(gaps()).toEqual([600, 1600, 3600]);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(503);
    expect(error.message).toBe('Service Unavailable');
  });

  it('spec §9: back-off formula per retry number n (n = 1 for the first retry)', () => {
    expect([1, 2, 3].map((n) => backoffDelay(n))).toEqual([600, 1600, 3600]);
    for (const n of [1, 2, 3]) {
      expect(specRetryPolicy.nextDelay({ method: 'GET', attempt: n, error: errorFor(500) })).toBe(
        100 + ((2 ** n - 1) / 2) * 1000,
      );
    }
    expect(specRetryPolicy.nextDelay({ method: 'GET', attempt: 4, error: errorFor(500) })).toBeNull();
  });

  it('spec §9: a retried GET that then succeeds resolves with the answer', async () => {
    const result = await run([503, 502, 200]);
    expect(result.ok).toBe(true);
    expect(result.starts).toHaveLength(3);
    expect(result.gaps()).toEqual([600, 1600]);
  });

  it('spec §9: POST is never retried', async () => {
    const result = await run([503], 'POST');
    expect(result.ok).toBe(false);
    expect(result.starts).toHaveLength(1);
    const network = await run(['network'], 'POST');
    expect(network.starts).toHaveLength(1);
  });

  it('spec §9: PATCH is never retried', async () => {
    expect((await run([503], 'PATCH')).starts).toHaveLength(1);
  });

  it.each(['GET', 'HEAD', 'OPTIONS', 'DELETE', 'PUT'] as const)('spec §9: %s is retried (3 retries on 500)', async (method) => {
    const result = await run([500], method);
    expect(result.methods).toEqual([method, method, method, method]);
    expect(result.gaps()).toEqual([600, 1600, 3600]);
  });

  it.each([409, 410, 418, 422, 428, 429, 500, 501, 504, 599])('spec §9: status %i is retried 3 times', async (status) => {
    const result = await run([status]);
    expect(result.starts).toHaveLength(4);
    expect(result.gaps()).toEqual([600, 1600, 3600]);
  });

  it.each([400, 401, 403, 404, 405, 408, 430, 499])('spec §9: status %i is not retried', async (status) => {
    const result = await run([status]);
    expect(result.ok).toBe(false);
    expect(result.starts).toHaveLength(1);
  });

  it('spec §9: statuses 100–199 are retried (fetch never surfaces them, so checked on the policy)', () => {
    for (const status of [100, 150, 199]) {
      expect(specRetryPolicy.nextDelay({ method: 'GET', attempt: 1, error: errorFor(status) })).toBe(600);
    }
    for (const status of [200, 204, 301, 399]) {
      expect(specRetryPolicy.nextDelay({ method: 'GET', attempt: 1, error: errorFor(status) })).toBeNull();
    }
  });

  it('spec §9: the fallback default (a policy built without a status list) retries only 429 and 500–599', () => {
    const fallback = createRetryPolicy();
    expect(FALLBACK_RETRY_STATUSES).toEqual([
      [429, 429],
      [500, 599],
    ]);
    for (const status of [429, 500, 503, 599]) {
      expect(fallback.nextDelay({ method: 'GET', attempt: 1, error: errorFor(status) })).toBe(600);
    }
    for (const status of [150, 409, 422, 428]) {
      expect(fallback.nextDelay({ method: 'GET', attempt: 1, error: errorFor(status) })).toBeNull();
    }
    // the client's default uses the configured list, not the fallback
    expect(specRetryPolicy.nextDelay({ method: 'GET', attempt: 1, error: errorFor(409) })).toBe(600);
  });

  it('spec §9: failures without a response are retried at most 2 times', async () => {
    const result = await run(['network']);
    expect(result.ok).toBe(false);
    expect(result.starts).toHaveLength(3);
    expect(result.gaps()).toEqual([600, 1600]);
    expect((result as { error: HttpError }).error.kind).toBe('network');
    expect((result as { error: HttpError }).error.hasResponse).toBe(false);
  });

  it('spec §9: a failure without a response after 2 retries ends the call; with a response the limit stays 3', async () => {
    const noResponseThird = await run([503, 503, 'network']);
    expect(noResponseThird.starts).toHaveLength(3);
    expect((noResponseThird as { error: HttpError }).error.kind).toBe('network');

    const responseAfterNetwork = await run(['network', 'network', 503]);
    expect(responseAfterNetwork.starts).toHaveLength(4);
    expect(responseAfterNetwork.gaps()).toEqual([600, 1600, 3600]);
  });

  it('spec §9: the 30 000 ms time-out applies per attempt, and a time-out counts as no response (2 retries)', async () => {
    const result = await run(['hang']);
    expect(result.ok).toBe(false);
    expect((result as { error: HttpError }).error.kind).toBe('timeout');
    expect(result.starts).toHaveLength(3);
    expect(result.gaps()).toEqual([REQUEST_TIMEOUT_MS + 600, REQUEST_TIMEOUT_MS + 1600]);
    expect(Date.now() - T0).toBe(3 * REQUEST_TIMEOUT_MS + 600 + 1600);
  });

  it('spec §9: an attempt after a time-out gets its own 30 000 ms', async () => {
    const result = await run(['hang', 'hang', 200]);
    expect(result.ok).toBe(true);
    expect(result.gaps()).toEqual([REQUEST_TIMEOUT_MS + 600, REQUEST_TIMEOUT_MS + 1600]);
  });

  it('spec §9: Retry-After in seconds replaces the back-off delay', async () => {
    const result = await run([
      { status: 503, headers: { 'Retry-After': '2' } },
      { status: 429, headers: { 'Retry-After': '7' } },
      200,
    ]);
    expect(result.ok).toBe(true);
    expect(result.gaps()).toEqual([2000, 7000]);
  });

  it('spec §9: Retry-After as an HTTP date is honoured', async () => {
    const at = new Date(T0 + 5000).toUTCString();
    const result = await run([{ status: 503, headers: { 'Retry-After': at } }, 200]);
    expect(result.ok).toBe(true);
    expect(result.gaps()).toEqual([5000]);
  });

  it('spec §9: Retry-After is honoured up to 300 000 ms (inclusive)', async () => {
    const result = await run([{ status: 503, headers: { 'Retry-After': '300' } }, 200]);
    expect(result.ok).toBe(true);
    expect(result.gaps()).toEqual([MAX_RETRY_AFTER_MS]);
  });

  it('spec §9: a Retry-After beyond 300 000 ms is not honoured: the client gives up at once', async () => {
    const seconds = await run([{ status: 503, headers: { 'Retry-After': '301' } }, 200]);
    expect(seconds.ok).toBe(false);
    expect(seconds.starts).toHaveLength(1);
    expect((seconds as { error: HttpError }).error.status).toBe(503);

    const date = await run([
      { status: 429, headers: { 'Retry-After': new Date(T0 + MAX_RETRY_AFTER_MS + 1000).toUTCString() } },
      200,
    ]);
    expect(date.ok).toBe(false);
    expect(date.starts).toHaveLength(1);
  });

  it('spec §9: a Retry-After on a status that is not retried changes nothing', async () => {
    const result = await run([{ status: 400, headers: { 'Retry-After': '1' } }, 200]);
    expect(result.ok).toBe(false);
    expect(result.starts).toHaveLength(1);
  });

  it('spec §9: an unparseable Retry-After is ignored (the back-off applies); a past date means now', async () => {
    const garbage = await run([{ status: 503, headers: { 'Retry-After': 'soon' } }, 200]);
    expect(garbage.gaps()).toEqual([600]);
    const past = await run([{ status: 503, headers: { 'Retry-After': new Date(T0 - 60_000).toUTCString() } }, 200]);
    expect(past.ok).toBe(true);
    expect(past.gaps()).toEqual([0]);
  });

  it('spec §9: parseRetryAfter reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', T0)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', T0)).toBe(0);
    expect(parseRetryAfter(new Date(T0 + 90_000).toUTCString(), T0)).toBe(90_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 04:59:00 GMT', T0)).toBe(0);
    expect(parseRetryAfter('1.5', T0)).toBeUndefined();
    expect(parseRetryAfter('-3', T0)).toBeUndefined();
    expect(parseRetryAfter('', T0)).toBeUndefined();
    expect(parseRetryAfter(null, T0)).toBeUndefined();
  });

  it('spec §9: a caller abort during the back-off stops the retries', async () => {
    const controller = new AbortController();
    const script = scriptedFetch([503]);
    const client = createHttpClient({
      fetch: script.fetch as typeof fetch,
      baseUrl: () => 'http://api.test',
      getIdToken: async () => 't',
    });
    const outcome = client.get('/v1/x', { signal: controller.signal }).catch((e: HttpError) => e);
    await vi.advanceTimersByTimeAsync(300);
    controller.abort();
    await vi.runAllTimersAsync();
    const error = (await outcome) as HttpError;
    expect(error.kind).toBe('aborted');
    expect(script.starts).toHaveLength(1);
  });

  it('spec §9: decisions explain themselves (for logs)', () => {
    expect(decideRetry({ method: 'POST', attempt: 1, error: errorFor(503) })).toEqual({
      retry: false,
      reason: 'POST is not retried',
    });
    expect(decideRetry({ method: 'GET', attempt: 4, error: errorFor(503) }, { statuses: [[500, 599]] })).toMatchObject({
      retry: false,
    });
  });

  it('spec §9: noRetry turns retries off for a client', async () => {
    const script = scriptedFetch([503]);
    const client = createHttpClient({
      fetch: script.fetch as typeof fetch,
      baseUrl: () => 'http://api.test',
      retryPolicy: noRetry,
    });
    const outcome = client.get('/v1/x').catch((e: HttpError) => e);
    await vi.runAllTimersAsync();
    expect(await outcome).toBeInstanceOf(HttpError);
    expect(script.starts).toHaveLength(1);
  });
});
