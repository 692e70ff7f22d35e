import { http, HttpResponse, delay } from 'msw';
import { server } from '../test/server';
import { fetchAuthSession, amplify, ID_TOKEN } from '../test/amplifyMock';
import { createHttpClient, FORGOT_PASSWORD_PATH, REQUEST_TIMEOUT_MS, noRetry, setDefaultRetrySleep } from './httpClient';
import {
  FIELD_ERROR_CODES,
  FIELD_ERROR_FALLBACK_KEY,
  HttpError,
  PROBLEM_CODES,
  clientMessageForStatus,
  formErrorsOf,
  messageKeyForStatus,
} from './errors';
import { i18nProvider } from '../providers/i18nProvider';
import { inflight } from './inflight';
import { setNavigator } from './navigation';

const problem = (status: number) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'x', status, detail: 'd', code: 'E' },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

beforeEach(() => setDefaultRetrySleep(null));

describe('httpClient', () => {
  it('spec §7: sends the bearer ID token and credentials', async () => {
    amplify.signInAs('CCI_ADMIN');
    let seen: Request | undefined;
    server.use(
      http.get('*/v1/cci/user_info', ({ request }) => {
        seen = request;
        return HttpResponse.json({ ok: true });
      }),
    );
    const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    const client = createHttpClient({ fetch: fetchSpy as typeof fetch });
    await expect(client.get('/v1/cci/user_info')).resolves.toEqual({ ok: true });
    expect(seen?.headers.get('Authorization')).toBe(`Bearer ${ID_TOKEN}`);
    expect(fetchSpy.mock.calls[0][1]?.credentials).toBe('include');
  });

  it('spec §7: if fetching the token fails, logs it and still sends the request', async () => {
    fetchAuthSession.mockRejectedValue(new Error('refresh failed'));
    const warn = vi.fn();
    let hit = false;
    let authorization: string | null = 'unset';
    server.use(
      http.get('*/v1/company/user_info', ({ request }) => {
        hit = true;
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ ok: 1 });
      }),
    );
    const client = createHttpClient({ logger: { warn, error: vi.fn() } });
    await expect(client.get('/v1/company/user_info')).resolves.toEqual({ ok: 1 });
    expect(hit).toBe(true);
    expect(authorization).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('spec §5/§8: any non-2xx is a failure carrying the problem+json and the catalogue message', async () => {
    server.use(http.get('*/v1/x', () => problem(409)));
    const client = createHttpClient({ onNotFound: vi.fn(), retryPolicy: noRetry });
    const error = (await client.get('/v1/x').catch((e) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(409);
    expect(error.problem).toMatchObject({ code: 'E', status: 409 });
    expect(error.message).toBe('Generic Error');
  });

  it('spec §8: error catalogue messages', () => {
    for (const s of [400, 401, 403, 404, 500]) expect(clientMessageForStatus(s)).toBe('Error occurred');
    expect(clientMessageForStatus(502)).toBe('Bad Gateway');
    expect(clientMessageForStatus(503)).toBe('Service Unavailable');
    expect(clientMessageForStatus(418)).toBe('Generic Error');
    expect(clientMessageForStatus(504)).toBe('Generic Error');
  });

  it('spec §2/§8: a 404 navigates to /404', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    server.use(http.get('*/v1/company/companies/9', () => problem(404)));
    const client = createHttpClient();
    await expect(client.get('/v1/company/companies/9')).rejects.toMatchObject({ status: 404 });
    expect(navigate).toHaveBeenCalledWith('/404');
  });

  it('spec §2/§8: a 404 from the forgot-password call does not redirect', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    server.use(http.post(`*${FORGOT_PASSWORD_PATH}`, () => problem(404)));
    const client = createHttpClient();
    await expect(client.request(FORGOT_PASSWORD_PATH, { method: 'POST', body: { email: 'a@b.jp' } })).rejects.toMatchObject({
      status: 404,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('spec §9: an attempt times out after 30 000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.get('*/v1/slow', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    // One attempt only: retries after a time-out are covered in retryPolicy.test.ts.
    const client = createHttpClient({ retryPolicy: noRetry });
    const result = client.get('/v1/slow').catch((e) => e as HttpError);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await result) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.kind).toBe('timeout');
    expect(error.hasResponse).toBe(false);
  });

  it('spec §4: counts in-flight fetches', async () => {
    let release: (() => void) | undefined;
    server.use(
      http.get('*/v1/wait', async () => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({});
      }),
    );
    const client = createHttpClient();
    const pending = client.get('/v1/wait');
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect(inflight.get()).toBe(1);
    release!();
    await pending;
    expect(inflight.get()).toBe(0);
  });

  it('spec §9 (hook): a retry policy decides the delay between attempts', async () => {
    let calls = 0;
    server.use(
      http.get('*/v1/flaky', () => {
        calls += 1;
        return calls < 3 ? problem(503) : HttpResponse.json({ ok: true });
      }),
    );
    const sleep = vi.fn(async (_ms: number) => undefined);
    const client = createHttpClient({
      sleep,
      retryPolicy: { nextDelay: ({ attempt }) => (attempt <= 3 ? attempt * 100 : null) },
    });
    await expect(client.get('/v1/flaky')).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([100, 200]);
  });

  it('spec §7: every attempt, retries included, carries the bearer token and credentials', async () => {
    amplify.signInAs('CCI_ADMIN');
    const seen: Array<string | null> = [];
    server.use(
      http.get('*/v1/retry-me', ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return seen.length < 3 ? problem(503) : HttpResponse.json({ ok: true });
      }),
    );
    const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    const client = createHttpClient({ fetch: fetchSpy as typeof fetch, sleep: async () => undefined });
    await expect(client.get('/v1/retry-me')).resolves.toEqual({ ok: true });
    expect(seen).toEqual([`Bearer ${ID_TOKEN}`, `Bearer ${ID_TOKEN}`, `Bearer ${ID_TOKEN}`]);
    expect(fetchSpy.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', 'include', 'include']);
  });

  it('spec §8: the client message of each status, as the caller sees it', async () => {
    const expected: Record<number, string> = {
      400: 'Error occurred',
      401: 'Error occurred',
      403: 'Error occurred',
      404: 'Error occurred',
      500: 'Error occurred',
      502: 'Bad Gateway',
      503: 'Service Unavailable',
      409: 'Generic Error',
      422: 'Generic Error',
      429: 'Generic Error',
      504: 'Generic Error',
    };
    const client = createHttpClient({ onNotFound: vi.fn(), retryPolicy: noRetry });
    for (const [status, message] of Object.entries(expected)) {
      server.use(http.get(`*/v1/status/${status}`, () => new HttpResponse('plain', { status: Number(status) })));
      const error = (await client.get(`/v1/status/${status}`).catch((e) => e)) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect([error.status, error.message]).toEqual([Number(status), message]);
    }
  });

  it('spec §8: the Japanese message shown for each catalogue entry exists (kaigi.errors.http.*)', () => {
    expect(i18nProvider.translate(messageKeyForStatus(400))).toBe('エラーが発生しました。');
    for (const status of [400, 401, 403, 404, 500, 502, 503, 409, 418]) {
      const key = messageKeyForStatus(status);
      expect(key).toMatch(/^kaigi\.errors\.http\./);
      expect(i18nProvider.translate(key)).not.toBe(key);
    }
    for (const key of ['kaigi.errors.http.timeout', 'kaigi.errors.http.network', FIELD_ERROR_FALLBACK_KEY]) {
      expect(i18nProvider.translate(key)).not.toBe(key);
    }
    for (const code of PROBLEM_CODES) expect(i18nProvider.translate(`kaigi.errors.codes.${code}`)).not.toMatch(/^kaigi\./);
    for (const code of FIELD_ERROR_CODES) expect(i18nProvider.translate(`kaigi.errors.fields.${code}`)).not.toMatch(/^kaigi\./);
  });

  it('spec §8: the problem+json stays on the error (code, detail, errors[], current_version)', async () => {
    server.use(
      http.put('*/v1/cci/admin/master/companies/7', () =>
        HttpResponse.json(
          {
            type: 'about:blank#version_conflict',
            title: 'Conflict',
            status: 409,
            detail: '他のユーザーが先に更新しました。',
            code: 'version_conflict',
            errors: [{ field: 'body.version', code: 'version_conflict', message: 'stale version' }],
            current_version: 8,
          },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const client = createHttpClient({ retryPolicy: noRetry });
    const error = (await client
      .request('/v1/cci/admin/master/companies/7', { method: 'PUT', body: { version: 7 } })
      .catch((e) => e)) as HttpError;
    expect(error.status).toBe(409);
    expect(error.message).toBe('Generic Error');
    expect(error.code).toBe('version_conflict');
    expect(error.detail).toBe('他のユーザーが先に更新しました。');
    expect(error.currentVersion).toBe(8);
    expect(error.fieldErrors).toEqual([{ field: 'body.version', code: 'version_conflict', message: 'stale version' }]);
    expect(error.problem).toMatchObject({ current_version: 8, code: 'version_conflict' });
    // the UI shows the code's own message rather than the status's
    expect(error.messageKey).toBe('kaigi.errors.codes.version_conflict');
    expect(i18nProvider.translate(error.messageKey)).toContain('他のユーザーが先に更新しました');
  });

  it('spec §8: an unknown problem code falls back to the status message key', () => {
    const error = new HttpError({
      kind: 'response',
      status: 422,
      method: 'PUT',
      url: '/v1/x',
      body: { code: 'something_new', detail: 'd' },
    });
    expect(error.messageKey).toBe('kaigi.errors.http.generic');
    expect(error.detail).toBe('d');
    expect(error.currentVersion).toBeUndefined();
    expect(error.fieldErrors).toEqual([]);
  });

  it('spec §8: per-field errors are reshaped for forms (Japanese server text kept, schema keywords translated)', () => {
    const errors = formErrorsOf({
      errors: [
        { field: 'body.attributes.name1', code: 'maxLength', message: 'must NOT have more than 200 characters' },
        { field: 'body.attributes.name1', code: 'pattern', message: 'second error of the same field is dropped' },
        { field: 'body.company_code', code: 'unique', message: '既に使われています' },
        { field: 'body.items.2.version', code: 'mystery', message: 'english' },
        { field: 'body', code: 'required', message: 'no field' },
      ],
    });
    expect(errors).toEqual({
      attributes: { name1: 'kaigi.errors.fields.maxLength' },
      company_code: '既に使われています',
      items: { 2: { version: FIELD_ERROR_FALLBACK_KEY } },
    });
    expect(formErrorsOf(null)).toEqual({});
  });
});
