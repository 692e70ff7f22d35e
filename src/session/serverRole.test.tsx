/**
 * Issue 11 item 9: the SPA reads custom:user_type / custom:company_id from the token (spec §3), but
 * a user can rewrite its own claims; where the server's user_info disagrees, user_info wins — for
 * the role cookie, the routing and the company.
 */
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk, companySessionOk, companyUser } from '../test/handlers';
import { currentUrl, renderApp } from '../test/renderApp';
import { authProvider } from '../providers/authProvider';
import { sessionStore } from './sessionStore';

const login = () => authProvider.login({ email: 'user@example.jp', password: 'secret-pass' });

const forbidden = (path: string) =>
  http.get(path, () =>
    HttpResponse.json({ status: 403, code: 'forbidden', detail: 'この操作は許可されていません。' }, { status: 403 }),
  );

describe('user_info over the token claims (issue 11 item 9)', () => {
  it('a chamber claim of スーパー管理者 for a 管理者: the role cookie and permissions are the server’s', async () => {
    amplify.acceptPasswordFor('CCI_ADMIN');
    server.use(cciUserInfoOk({ ...cciUser, user_type: 'CCI_CONFERENCE_USER' }));
    await expect(login()).resolves.toEqual({ redirectTo: '/admin' });
    expect(Cookies.get('role')).toBe('CCI_CONFERENCE_USER');
    await expect(authProvider.getPermissions!({})).resolves.toBe('CCI_CONFERENCE_USER');
    await expect(authProvider.canAccess!({ resource: 'users', action: 'edit' })).resolves.toBe(false);
  });

  it('a chamber claim for a company user: the chamber info is refused (403), so the company wins — landing, cookies, company', async () => {
    amplify.acceptPasswordFor('CCI_ADMIN');
    server.use(forbidden('*/v1/cci/user_info'), ...companySessionOk());
    await expect(login()).resolves.toEqual({ redirectTo: '/company/meetings' });
    expect(Cookies.get('role')).toBe('COMPANY_ADMIN');
    expect(Cookies.get('company_name')).toBe('株式会社アクメ');
    expect(sessionStore.get()).toMatchObject({ role: 'COMPANY_ADMIN', company: { id: 42 } });
  });

  it('a company claim naming another company: the company is user_info’s', async () => {
    amplify.acceptPasswordFor('COMPANY_ADMIN', { 'custom:company_id': '99' });
    const asked: string[] = [];
    const [userInfo] = companySessionOk();
    server.use(
      userInfo,
      http.get('*/v1/company/companies', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('id') ?? '');
        return HttpResponse.json({
          data: [{ id: 42, company_code: 'C0042', version: 7, attributes: { name1: '株式会社アクメ', email: 'a@b.jp' } }],
          meta: { page: 1, page_size: 10, total: 1 },
        });
      }),
    );
    await login();
    expect(asked).toEqual([String(companyUser.company_id)]);
    expect(sessionStore.get().company?.id).toBe(42);
  });

  it('routing: a rewritten chamber claim does not open the console to a company user', async () => {
    amplify.signInAs('CCI_ADMIN');
    server.use(forbidden('*/v1/cci/user_info'), ...companySessionOk());
    renderApp('/admin');
    await waitFor(() => expect(currentUrl()).toBe('/company/meetings'), { timeout: 10_000 });
    await waitFor(() => expect(Cookies.get('role')).toBe('COMPANY_ADMIN'));
  }, 30_000);
});
