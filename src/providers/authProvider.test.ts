import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify, signIn, signOut, confirmSignIn } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk, companySessionOk, companyUser } from '../test/handlers';
import { authProvider } from './authProvider';
import { sessionStore } from '../session/sessionStore';
import { setRuntimeConfig } from '../config/runtimeConfig';

const login = (params: Record<string, unknown> = {}) =>
  authProvider.login({ email: 'user@example.jp', password: 'secret-pass', ...params });

describe('authProvider', () => {
  it('§4: a chamber sign-in sets role and logged_in, no company cookies', async () => {
    amplify.acceptPasswordFor('CCI_CONFERENCE_USER');
    Cookies.set('company_name', 'stale');
    await expect(login()).resolves.toEqual({ redirectTo: '/admin' });
    expect(Cookies.get('role')).toBe('CCI_CONFERENCE_USER');
    expect(Cookies.get('logged_in')).toBe('true');
    expect(Cookies.get('company_name')).toBeUndefined();
    expect(Cookies.get('link_to_confirm_account')).toBeUndefined();
  });

  it('§4: a company sign-in also sets company_name from attributes.name1', async () => {
    amplify.acceptPasswordFor('COMPANY_ADMIN');
    server.use(...companySessionOk());
    await expect(login()).resolves.toEqual({ redirectTo: '/company/meetings' });
    expect(Cookies.get('role')).toBe('COMPANY_ADMIN');
    expect(Cookies.get('logged_in')).toBe('true');
    expect(Cookies.get('company_name')).toBe('株式会社アクメ');
    expect(Cookies.get('link_to_confirm_account')).toBeUndefined();
    // §4 session primed with what sign-in fetched
    expect(sessionStore.get()).toMatchObject({
      status: 'ready',
      role: 'COMPANY_ADMIN',
      companyUser: { company_id: 42 },
      company: { id: 42 },
    });
  });

  it('§4/§2: a company whose flag is "1" and has no email is sent to confirm-account', async () => {
    amplify.acceptPasswordFor('COMPANY_ADMIN');
    server.use(...companySessionOk({ admin_changed_info_flag: '1', email: '' }));
    const expected = '/company/confirm-account?version=7&company_id=42&hasChangePassword=true&hasAddEmail=true';
    await expect(login({ prev: '/company/conferences/3' })).resolves.toEqual({
      redirectTo: expected,
    });
    expect(Cookies.get('link_to_confirm_account')).toBe(expected);
  });

  it('§2: goes to prev after sign-in; redirect_client is used once when there is no prev', async () => {
    amplify.acceptPasswordFor('CCI_ADMIN');
    await expect(login({ prev: '/companies#list' })).resolves.toEqual({
      redirectTo: '/companies#list',
    });
    await authProvider.logout({});
    Cookies.set('redirect_client', '/members');
    await expect(login()).resolves.toEqual({ redirectTo: '/members' });
    expect(Cookies.get('redirect_client')).toBeUndefined();
  });

  it('§4: logout signs out, clears role, logged_in, link_to_confirm_account, company_name', async () => {
    amplify.acceptPasswordFor('COMPANY_ADMIN');
    server.use(...companySessionOk({ admin_changed_info_flag: '1' }));
    await login();
    Cookies.set('NEXT_LOCALE', 'ja');
    expect(Cookies.get('link_to_confirm_account')).toBeDefined();

    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(signOut).toHaveBeenCalled();
    for (const name of ['role', 'logged_in', 'link_to_confirm_account', 'company_name']) {
      expect(Cookies.get(name)).toBeUndefined();
    }
    expect(Cookies.get('NEXT_LOCALE')).toBe('ja');
    // §4: logged out → session reset to empty values
    expect(sessionStore.get()).toMatchObject({ status: 'empty', role: null, company: null });
  });

  it('signs in with the e-mail as username and the configured auth flow', async () => {
    setRuntimeConfig({
      apiBaseUrl: '',
      cognito: {
        region: 'ap-northeast-1',
        userPoolId: 'ap-northeast-1_x',
        userPoolClientId: 'c',
        authFlowType: 'USER_SRP_AUTH',
        hostedLoginDomain: null,
      },
      sentry: { dsn: null, environment: 'production' },
    });
    amplify.acceptPasswordFor('CCI_ADMIN');
    await login();
    expect(signIn).toHaveBeenCalledWith({
      username: 'user@example.jp',
      password: 'secret-pass',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
    setRuntimeConfig(null);
  });

  it('NEW_PASSWORD_REQUIRED asks for a new password, then confirmSignIn completes', async () => {
    signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    });
    await expect(login()).rejects.toMatchObject({ name: 'NewPasswordRequiredError' });
    confirmSignIn.mockImplementation(async () => {
      amplify.signInAs('CCI_ADMIN');
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    await expect(authProvider.login({ newPassword: 'brand-new-pass' })).resolves.toEqual({
      redirectTo: '/admin',
    });
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'brand-new-pass' });
  });

  it('a wrong password rejects with the Cognito error and sets no cookie', async () => {
    await expect(login()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(Cookies.get('role')).toBeUndefined();
    expect(Cookies.get('logged_in')).toBeUndefined();
  });

  it('§8: a company sign-in whose user info fails is undone', async () => {
    amplify.acceptPasswordFor('COMPANY_ADMIN');
    server.use(http.get('*/v1/company/user_info', () => HttpResponse.json({}, { status: 500 })));
    await expect(login()).rejects.toMatchObject({ name: 'UserInfoLoadError' });
    expect(signOut).toHaveBeenCalled();
    expect(Cookies.get('logged_in')).toBeUndefined();
  });

  it('§3/§6: checkAuth, getPermissions and canAccess read custom:user_type', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(await authProvider.getPermissions!({})).toBeNull();
    amplify.signInAs('COMPANY_ADMIN');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(Cookies.get('role')).toBe('COMPANY_ADMIN');
    expect(await authProvider.getPermissions!({})).toBe('COMPANY_ADMIN');
    expect(await authProvider.canAccess!({ resource: 'company/meetings', action: 'access' })).toBe(true);
    expect(await authProvider.canAccess!({ resource: 'admin', action: 'access' })).toBe(false);
  });

  it('§4: getIdentity uses the company user info', async () => {
    amplify.signInAs('COMPANY_ADMIN');
    server.use(...companySessionOk());
    await expect(authProvider.getIdentity!()).resolves.toEqual({
      id: companyUser.username,
      fullName: companyUser.display_name,
    });
  });

  it('issue 18 item 7: without a display name, getIdentity names the user by e-mail, not by the Cognito UUID', async () => {
    amplify.signInAs('CCI_ADMIN');
    server.use(cciUserInfoOk({ ...cciUser, username: '7d1f3c5e-2b4a-4c9e-9f0a-3e8b6d2c1a90', display_name: null }));
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ fullName: cciUser.email });
  });

  it('issue 11: checkError never logs out — the HTTP client already refreshed or ended the session on a 401', async () => {
    // A rejection would make react-admin resolve the failed call with empty data (a "successful" save).
    await expect(authProvider.checkError({ status: 401 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });
});
