import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { server } from './test/server';
import { amplify, signIn, signOut } from './test/amplifyMock';
import { cciUserInfoOk, companySessionOk } from './test/handlers';
import { currentUrl, renderApp } from './test/renderApp';

const fillLogin = async (user: ReturnType<typeof userEvent.setup>, password = 'secret-pass') => {
  await user.type(await screen.findByLabelText('メールアドレス'), 'user@example.jp');
  await user.type(screen.getByLabelText('パスワード'), password);
};

describe('App', () => {
  it('§2: login page has メールアドレス, パスワード and ログイン; a wrong password stays on /login', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await fillLogin(user, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('メールアドレスまたはパスワードが正しくありません。');
    expect(currentUrl()).toBe('/login');
    expect(Cookies.get('logged_in')).toBeUndefined();
  });

  it('§2/§6: a chamber sign-in lands on /admin showing who is signed in (Enter submits)', async () => {
    amplify.acceptPasswordFor('CCI_ADMIN');
    server.use(cciUserInfoOk());
    const user = userEvent.setup();
    renderApp('/login');
    await fillLogin(user);
    await user.keyboard('{Enter}');
    const card = await screen.findByTestId('dashboard-user-card');
    expect(currentUrl()).toBe('/admin');
    await waitFor(() => expect(within(card).getByText('TKY')).toBeInTheDocument());
    // by name, not by the Cognito username (issue 18 item 7)
    expect(card).toHaveTextContent('東京 太郎さん');
    expect(card).not.toHaveTextContent('tky-admin');
    expect(within(card).getByText('スーパー管理者')).toBeInTheDocument();
    expect(Cookies.get('role')).toBe('CCI_ADMIN');
  });

  it('§2: after login goes to prev, with the escaped # decoded', async () => {
    amplify.acceptPasswordFor('COMPANY_ADMIN');
    server.use(...companySessionOk());
    const user = userEvent.setup();
    renderApp('/login?prev=/company/meetings%23top');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(currentUrl()).toBe('/company/meetings#top'));
    expect(await screen.findByTestId('company-name')).toHaveTextContent('株式会社アクメ');
  });

  it('§6: the company landing shows the company name', async () => {
    amplify.acceptPasswordFor('COMPANY_ADMIN');
    server.use(...companySessionOk());
    const user = userEvent.setup();
    renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByTestId('company-name')).toHaveTextContent('株式会社アクメ');
    expect(currentUrl()).toBe('/company/meetings');
    expect(Cookies.get('company_name')).toBe('株式会社アクメ');
  });

  it('§4/§2: a company needing confirmation lands on confirm-account with its query flags', async () => {
    amplify.acceptPasswordFor('COMPANY_ADMIN');
    server.use(...companySessionOk({ admin_changed_info_flag: '1' }));
    const user = userEvent.setup();
    renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'アカウント情報の確認' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/company/confirm-account?version=7&company_id=42&hasChangePassword=true');
    expect(screen.getByTestId('confirm-account-has-change-password')).toHaveTextContent('必要');
    expect(screen.getByTestId('confirm-account-has-add-email')).toHaveTextContent('不要');
  });

  it('§4: while confirmation is pending, company pages send the user to confirm-account', async () => {
    amplify.signInAs('COMPANY_ADMIN');
    server.use(...companySessionOk({ email: null }));
    const link = '/company/confirm-account?version=7&company_id=42&hasAddEmail=true';
    Cookies.set('link_to_confirm_account', link);
    renderApp('/company/meetings');
    expect(await screen.findByRole('heading', { level: 1, name: 'アカウント情報の確認' })).toBeInTheDocument();
    expect(currentUrl()).toBe(link);
  });

  it('§2/§6: / redirects to the landing of the role', async () => {
    amplify.signInAs('CCI_CONFERENCE_USER');
    server.use(cciUserInfoOk({ cci_code: 'OSK', username: 'osk', user_type: 'CCI_CONFERENCE_USER' }));
    renderApp('/');
    const card = await screen.findByTestId('dashboard-user-card');
    expect(currentUrl()).toBe('/admin');
    await waitFor(() => expect(within(card).getByText('管理者')).toBeInTheDocument());
  });

  it('§2: signed out, a guarded page goes to /login?prev=<escaped path>', async () => {
    renderApp('/company/meetings?x=1');
    expect(await screen.findByLabelText('メールアドレス')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe(`/login?prev=${encodeURIComponent('/company/meetings?x=1')}`));
  });

  it('§6: a role without access to a page goes to its own landing', async () => {
    amplify.signInAs('COMPANY_ADMIN');
    server.use(...companySessionOk());
    renderApp('/admin');
    expect(await screen.findByTestId('company-name')).toBeInTheDocument();
    expect(currentUrl()).toBe('/company/meetings');
  });

  it('§8: chamber user-info failure shows the modal; ログオフ signs out to /login', async () => {
    amplify.signInAs('CCI_ADMIN');
    Cookies.set('role', 'CCI_ADMIN');
    Cookies.set('logged_in', 'true');
    server.use(http.get('*/v1/cci/user_info', () => HttpResponse.json({}, { status: 500 })));
    const user = userEvent.setup();
    renderApp('/admin');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ユーザ情報取得時にエラーが発生しました。')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ログオフ' }));
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(signOut).toHaveBeenCalled();
    expect(Cookies.get('logged_in')).toBeUndefined();
    expect(Cookies.get('role')).toBeUndefined();
  });

  it('§4: logout from the user menu clears the cookies and returns to /login', async () => {
    amplify.signInAs('CCI_ADMIN');
    server.use(cciUserInfoOk());
    Cookies.set('role', 'CCI_ADMIN');
    Cookies.set('logged_in', 'true');
    const user = userEvent.setup();
    renderApp('/admin');
    await screen.findByTestId('dashboard-user-card');
    await user.click(await screen.findByRole('button', { name: /^プロフィール/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'ログアウト' }));
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(Cookies.get('role')).toBeUndefined();
    expect(Cookies.get('logged_in')).toBeUndefined();
  });

  it('§2: a 404 from the API navigates to /404, a page with a link home', async () => {
    amplify.signInAs('CCI_ADMIN');
    server.use(http.get('*/v1/cci/user_info', () => HttpResponse.json({}, { status: 404 })));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/404');
    expect(screen.getByRole('link', { name: 'ホームへ戻る' })).toHaveAttribute('href', '/');
  });

  it('NEW_PASSWORD_REQUIRED shows the new-password step (min 8)', async () => {
    signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    });
    server.use(cciUserInfoOk());
    const user = userEvent.setup();
    renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    const field = await screen.findByLabelText('新しいパスワード');
    await user.type(field, 'short');
    await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'short');
    await user.click(screen.getByRole('button', { name: 'パスワードを設定してログイン' }));
    expect(await screen.findByText('パスワードは8文字以上で入力してください。')).toBeInTheDocument();
    amplify.signInAs('CCI_ADMIN');
    await user.clear(field);
    await user.type(field, 'long-enough');
    await user.clear(screen.getByLabelText('新しいパスワード（確認）'));
    await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'パスワードを設定してログイン' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin'));
  });
});
