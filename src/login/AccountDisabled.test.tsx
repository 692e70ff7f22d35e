/**
 * Issue 18 item 3: a disabled login never half signs in. The API's 401 `user_disabled` (what
 * cognito-local leaves to the API) and production Cognito's NotAuthorizedException "User is
 * disabled." both end on /login with the Japanese message, signed out, no console.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify, signIn, signOut } from '../test/amplifyMock';
import { cciUserInfoOk, companySessionOk } from '../test/handlers';
import { currentUrl, renderApp } from '../test/renderApp';

const MESSAGE = 'このアカウントは利用停止中です。管理者にお問い合わせください。';

const disabled = (path: string) =>
  http.get(path, () =>
    HttpResponse.json(
      { type: 'about:blank', title: 'Unauthorized', status: 401, code: 'user_disabled', detail: MESSAGE },
      { status: 401, headers: { 'Content-Type': 'application/problem+json' } },
    ),
  );

const signInWith = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByLabelText('メールアドレス'), 'staff@example.jp');
  await user.type(screen.getByLabelText('パスワード'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
};

describe('a disabled login (issue 18 item 3)', () => {
  it('API 401 user_disabled at sign-in: the message on /login, signed out, no menu; enabled again, sign-in works', async () => {
    amplify.acceptPasswordFor('CCI_ADMIN');
    server.use(disabled('*/v1/cci/user_info'));
    const user = userEvent.setup();
    renderApp('/login');
    await signInWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGE);
    expect(currentUrl()).toBe('/login');
    expect(signOut).toHaveBeenCalled();
    expect(Cookies.get('logged_in')).toBeUndefined();
    expect(Cookies.get('role')).toBeUndefined();
    expect(screen.queryByRole('menuitem', { name: 'ダッシュボード' })).not.toBeInTheDocument();
    expect(screen.queryByText('ユーザ情報取得時にエラーが発生しました。')).not.toBeInTheDocument();

    // the administrator enables the login again
    amplify.acceptPasswordFor('CCI_ADMIN');
    server.use(cciUserInfoOk());
    await user.clear(screen.getByLabelText('メールアドレス'));
    await user.clear(screen.getByLabelText('パスワード'));
    await signInWith(user);
    await waitFor(() => expect(currentUrl()).toBe('/admin'));
    expect(Cookies.get('role')).toBe('CCI_ADMIN');
  });

  it('a company admin gets the same message, not the user-info error', async () => {
    amplify.acceptPasswordFor('COMPANY_ADMIN');
    server.use(disabled('*/v1/company/user_info'), ...companySessionOk().slice(1));
    const user = userEvent.setup();
    renderApp('/login');
    await signInWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGE);
    expect(currentUrl()).toBe('/login');
    expect(Cookies.get('company_name')).toBeUndefined();
  });

  it('production Cognito refuses the disabled user itself: the same message', async () => {
    signIn.mockImplementation(async () => {
      const error = new Error('User is disabled.');
      error.name = 'NotAuthorizedException';
      throw error;
    });
    const user = userEvent.setup();
    renderApp('/login');
    await signInWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGE);
  });

  it('disabled mid-session: the next API call ends on /login with the message, and /login stays', async () => {
    amplify.signInAs('CCI_ADMIN');
    Cookies.set('role', 'CCI_ADMIN');
    Cookies.set('logged_in', 'true');
    server.use(disabled('*/v1/cci/user_info'));
    renderApp('/admin');
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGE);
    expect(Cookies.get('logged_in')).toBeUndefined();
    expect(screen.getByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    expect(screen.queryByText('ユーザ情報取得時にエラーが発生しました。')).not.toBeInTheDocument();
  });
});
