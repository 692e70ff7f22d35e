/**
 * /login with Cognito's hosted login (issue 15 items 8 and 9; spec §1, §2, §3 redirect_client).
 * The Amplify side (code exchange) is the test double; the e2e spec e2e/hosted-login.spec.ts runs
 * the real Amplify against an OAuth server.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { server } from '../test/server';
import { amplify, signInWithRedirect } from '../test/amplifyMock';
import { cciUserInfoOk, companySessionOk } from '../test/handlers';
import { currentUrl, renderApp } from '../test/renderApp';
import { setRuntimeConfig } from '../config/runtimeConfig';
import { noteHostedCallback } from '../auth/hostedLogin';

const configure = (hostedLoginOnly = false) =>
  setRuntimeConfig({
    apiBaseUrl: '',
    cognito: {
      region: 'ap-northeast-1',
      userPoolId: 'ap-northeast-1_x',
      userPoolClientId: 'c',
      authFlowType: 'USER_SRP_AUTH',
      hostedLoginDomain: 'auth.kaigi.example.jp',
      hostedLoginOnly,
    },
    sentry: { dsn: null, environment: 'production' },
  });

afterEach(() => {
  setRuntimeConfig(null);
  noteHostedCallback({ pathname: '/', search: '' });
});

describe('/login with the hosted login configured', () => {
  it('offers シングルサインオン beside the password form; it keeps prev in redirect_client and leaves', async () => {
    configure();
    const user = userEvent.setup();
    renderApp(`/login?prev=${encodeURIComponent('/conferences/12/show#invitees')}`);
    expect(await screen.findByLabelText('メールアドレス')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'シングルサインオン' }));
    await waitFor(() => expect(signInWithRedirect).toHaveBeenCalledTimes(1));
    expect(Cookies.get('redirect_client')).toBe('/conferences/12/show#invitees');
    expect(screen.getByRole('status')).toHaveTextContent('シングルサインオンのページに移動しています…');
  });

  it('COGNITO_HOSTED_LOGIN_ONLY: no password form, straight to the hosted login', async () => {
    configure(true);
    renderApp('/login?prev=%2Fmembers');
    await waitFor(() => expect(signInWithRedirect).toHaveBeenCalledTimes(1));
    expect(Cookies.get('redirect_client')).toBe('/members');
    expect(screen.queryByLabelText('メールアドレス')).not.toBeInTheDocument();
  });

  it('back from the hosted login: lands on the page in redirect_client and removes it (spec §2, §3)', async () => {
    configure();
    Cookies.set('redirect_client', '/members?page=3', { path: '/' });
    noteHostedCallback({ pathname: '/login', search: '?code=c0de&state=st4te' });
    amplify.signInAs('CCI_ADMIN'); // Amplify swapped the code for tokens
    server.use(cciUserInfoOk());
    renderApp('/login');
    await waitFor(() => expect(currentUrl()).toBe('/members?page=3'));
    expect(Cookies.get('redirect_client')).toBeUndefined();
    expect(Cookies.get('role')).toBe('CCI_ADMIN');
    expect(Cookies.get('logged_in')).toBe('true');
  });

  it("back without redirect_client: the role's landing page, with the company cookies (spec §2, §4)", async () => {
    configure(true);
    noteHostedCallback({ pathname: '/login', search: '?code=c0de&state=st4te' });
    amplify.signInAs('COMPANY_ADMIN');
    server.use(...companySessionOk());
    renderApp('/login');
    await waitFor(() => expect(currentUrl()).toBe('/company/meetings'));
    expect(Cookies.get('company_name')).toBe('株式会社アクメ');
    expect(signInWithRedirect).not.toHaveBeenCalled();
  });

  it('back with an error (cancelled): says so, offers the button again, and does not loop', async () => {
    configure(true);
    noteHostedCallback({ pathname: '/login', search: '?error=access_denied&state=st4te' });
    renderApp('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('シングルサインオンのログインが中止されました。');
    expect(screen.getByRole('button', { name: 'シングルサインオン' })).toBeEnabled();
    expect(signInWithRedirect).not.toHaveBeenCalled();
  });

  it('back but the code exchange failed (no session): a Japanese error, still on /login', async () => {
    configure();
    noteHostedCallback({ pathname: '/login', search: '?code=c0de&state=st4te' });
    renderApp('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('シングルサインオンでログインできませんでした。');
    expect(currentUrl()).toBe('/login');
    expect(Cookies.get('logged_in')).toBeUndefined();
  });
});

it('without a hosted login domain /login has no シングルサインオン', async () => {
  renderApp('/login');
  expect(await screen.findByLabelText('メールアドレス')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'シングルサインオン' })).not.toBeInTheDocument();
});
