import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk, companySessionOk, companyUser } from '../test/handlers';
import { loadSession, resetSession, sessionStore, EMPTY_SESSION } from './sessionStore';

describe('session loading (spec §4)', () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    amplify.signInAs('CCI_ADMIN');
    server.events.on('request:start', ({ request }) => {
      calls.push(new URL(request.url).pathname + new URL(request.url).search);
    });
  });
  afterEach(() => server.events.removeAllListeners());

  it('§4: chamber roles fetch /v1/cci/user_info', async () => {
    for (const role of ['CCI_ADMIN', 'CCI_CONFERENCE_USER'] as const) {
      server.use(cciUserInfoOk({ ...cciUser, user_type: role }));
      resetSession();
      const state = await loadSession(role);
      expect(state).toMatchObject({ status: 'ready', role, cciUser: { ...cciUser, user_type: role } });
    }
    expect(calls).toEqual(['/v1/cci/user_info', '/v1/cci/user_info']);
  });

  it('§4: the company role fetches /v1/company/user_info then the company by id', async () => {
    server.use(...companySessionOk());
    const state = await loadSession('COMPANY_ADMIN');
    expect(state).toMatchObject({
      status: 'ready',
      role: 'COMPANY_ADMIN',
      companyUser,
      company: { id: 42, attributes: { name1: '株式会社アクメ' } },
    });
    expect(calls).toEqual(['/v1/company/user_info', '/v1/company/companies?id=42']);
  });

  it('§4: concurrent loads for the same role share one fetch', async () => {
    server.use(cciUserInfoOk());
    await Promise.all([loadSession('CCI_ADMIN'), loadSession('CCI_ADMIN')]);
    await loadSession('CCI_ADMIN');
    expect(calls).toEqual(['/v1/cci/user_info']);
  });

  it('§4: logged out → the session is reset to empty values, late answers are dropped', async () => {
    let release: (() => void) | undefined;
    server.use(
      http.get('*/v1/cci/user_info', async () => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json(cciUser);
      }),
    );
    const pending = loadSession('CCI_ADMIN');
    expect(sessionStore.get().status).toBe('loading');
    resetSession();
    expect(sessionStore.get()).toEqual(EMPTY_SESSION);
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release!();
    await pending;
    expect(sessionStore.get()).toEqual(EMPTY_SESSION);
  });

  it('§8: a failed chamber fetch leaves status error', async () => {
    server.use(http.get('*/v1/cci/user_info', () => HttpResponse.json({}, { status: 500 })));
    const state = await loadSession('CCI_ADMIN');
    expect(state.status).toBe('error');
  });
});
