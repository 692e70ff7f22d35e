import { http, HttpResponse, delay } from 'msw';
import { server } from '../test/server';
import { fetchAuthSession, amplify, ID_TOKEN } from '../test/amplifyMock';
import { createHttpClient, FORGOT_PASSWORD_PATH, REQUEST_TIMEOUT_MS } from './httpClient';
import { HttpError, clientMessageForStatus } from './errors';
import { inflight } from './inflight';
import { setNavigator } from './navigation';

const problem = (status: number) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'x', status, detail: 'd', code: 'E' },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

describe('httpClient', () => {
  it('§7: sends the bearer ID token and credentials', async () => {
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

  it('§7: if fetching the token fails, logs it and still sends the request', async () => {
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

  it('§5/§8: any non-2xx is a failure carrying the problem+json and the catalogue message', async () => {
    server.use(http.get('*/v1/x', () => problem(409)));
    const client = createHttpClient({ onNotFound: vi.fn() });
    const error = (await client.get('/v1/x').catch((e) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(409);
    expect(error.problem).toMatchObject({ code: 'E', status: 409 });
    expect(error.message).toBe('Generic Error');
  });

  it('§8: error catalogue messages', () => {
    for (const s of [400, 401, 403, 404, 500]) expect(clientMessageForStatus(s)).toBe('Error occurred');
    expect(clientMessageForStatus(502)).toBe('Bad Gateway');
    expect(clientMessageForStatus(503)).toBe('Service Unavailable');
    expect(clientMessageForStatus(418)).toBe('Generic Error');
    expect(clientMessageForStatus(504)).toBe('Generic Error');
  });

  it('§2: a 404 navigates to /404', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    server.use(http.get('*/v1/company/companies/9', () => problem(404)));
    const client = createHttpClient();
    await expect(client.get('/v1/company/companies/9')).rejects.toMatchObject({ status: 404 });
    expect(navigate).toHaveBeenCalledWith('/404');
  });

  it('§2: a 404 from the forgot-password call does not redirect', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    server.use(http.post(`*${FORGOT_PASSWORD_PATH}`, () => problem(404)));
    const client = createHttpClient();
    await expect(client.request(FORGOT_PASSWORD_PATH, { method: 'POST', body: { email: 'a@b.jp' } })).rejects.toMatchObject({
      status: 404,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('§9: times out after 30 000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.get('*/v1/slow', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const client = createHttpClient();
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

  it('§4: counts in-flight fetches', async () => {
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

  it('§9 (hook): a retry policy decides the delay between attempts', async () => {
    let calls = 0;
    server.use(
      http.get('*/v1/flaky', () => {
        calls += 1;
        return calls < 3 ? problem(503) : HttpResponse.json({ ok: true });
      }),
    );
    const sleep = vi.fn(async () => undefined);
    const client = createHttpClient({
      sleep,
      retryPolicy: { nextDelay: ({ attempt }) => (attempt <= 3 ? attempt * 100 : null) },
    });
    await expect(client.get('/v1/flaky')).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
  });
});
