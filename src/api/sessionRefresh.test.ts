/**
 * Issue 11: a 401 refreshes the session once and retries with the new token; when the session
 * cannot be refreshed, the session-loss path runs once and the failure says so.
 */
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { createHttpClient, noRetry } from './httpClient';
import { HttpError } from './errors';
import { i18nProvider } from '../providers/i18nProvider';

const unauthorized = () =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Unauthorized', status: 401, code: 'unauthorized', detail: '認証が必要です。' },
    { status: 401, headers: { 'Content-Type': 'application/problem+json' } },
  );

/** PUT /x answered 200 only with `Bearer fresh`; records each Authorization it saw. */
const acceptOnly = (token: string, seen: Array<string | null>) =>
  http.put('*/x', ({ request }) => {
    const auth = request.headers.get('Authorization');
    seen.push(auth);
    return auth === `Bearer ${token}` ? HttpResponse.json({ saved: true }) : unauthorized();
  });

const clientWith = (refreshIdToken: () => Promise<string | undefined>, onSessionExpired = vi.fn(async () => undefined)) =>
  createHttpClient({
    getIdToken: async () => 'stale',
    refreshIdToken,
    onSessionExpired,
    retryPolicy: noRetry,
    logger: { warn: vi.fn(), error: vi.fn() },
  });

describe('401 → session refresh (issue 11)', () => {
  it('refreshes once and sends the request again with the new token', async () => {
    const seen: Array<string | null> = [];
    server.use(acceptOnly('fresh', seen));
    const refresh = vi.fn(async () => 'fresh');
    const expired = vi.fn(async () => undefined);
    const client = clientWith(refresh, expired);

    const response = await client.request('/x', { method: 'PUT', body: { place: '別館' } });

    expect(response.json).toEqual({ saved: true });
    expect(seen).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it('requests that get a 401 together share one refresh', async () => {
    const seen: Array<string | null> = [];
    server.use(acceptOnly('fresh', seen));
    let release!: (token: string) => void;
    const refresh = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const client = clientWith(refresh);

    const both = Promise.all([client.request('/x', { method: 'PUT' }), client.request('/x', { method: 'PUT' })]);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    release('fresh');

    await expect(both).resolves.toHaveLength(2);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('when the session cannot be refreshed: the session-loss path runs and the error says the session ended', async () => {
    const seen: Array<string | null> = [];
    server.use(acceptOnly('never', seen));
    const expired = vi.fn(async () => undefined);
    const client = clientWith(async () => undefined, expired);

    const error = await client.request('/x', { method: 'PUT' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).sessionExpired).toBe(true);
    expect(i18nProvider.translate((error as HttpError).messageKey)).toBe(
      'ログインの有効期限が切れたため、操作を完了できませんでした。もう一度ログインしてください。',
    );
    expect(expired).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1); // nothing sent again without a token that could work
  });

  it('a refresh that throws counts as failed', async () => {
    server.use(acceptOnly('never', []));
    const expired = vi.fn(async () => undefined);
    const client = clientWith(async () => {
      throw Object.assign(new Error('Refresh Token has expired'), { name: 'NotAuthorizedException' });
    }, expired);
    await expect(client.request('/x', { method: 'PUT' })).rejects.toMatchObject({ status: 401, sessionExpired: true });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('a new token that is refused too ends the session, without a second refresh', async () => {
    const seen: Array<string | null> = [];
    server.use(acceptOnly('never', seen));
    const refresh = vi.fn(async () => 'fresh');
    const expired = vi.fn(async () => undefined);
    const client = clientWith(refresh, expired);

    await expect(client.request('/x', { method: 'PUT' })).rejects.toMatchObject({ status: 401, sessionExpired: true });
    expect(seen).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('other failures do not touch the session', async () => {
    server.use(http.put('*/x', () => HttpResponse.json({}, { status: 403 })));
    const refresh = vi.fn(async () => 'fresh');
    const expired = vi.fn(async () => undefined);
    const client = clientWith(refresh, expired);
    await expect(client.request('/x', { method: 'PUT' })).rejects.toMatchObject({ status: 403, sessionExpired: false });
    expect(refresh).not.toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
  });
});
