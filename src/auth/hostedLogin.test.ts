import Cookies from 'js-cookie';
import {
  REDIRECT_CLIENT_TTL_MS,
  amplifyOAuthConfig,
  hostedCallbackOf,
  hostedLoginOf,
  rememberReturnPage,
  startHostedLogin,
} from './hostedLogin';
import { signInWithRedirect } from '../test/amplifyMock';
import type { RuntimeConfig } from '../config/runtimeConfig';

const config = (hostedLoginDomain: string | null, hostedLoginOnly = false): RuntimeConfig => ({
  apiBaseUrl: '',
  cognito: {
    region: 'ap-northeast-1',
    userPoolId: 'ap-northeast-1_x',
    userPoolClientId: 'c',
    authFlowType: 'USER_SRP_AUTH',
    hostedLoginDomain,
    hostedLoginOnly,
  },
  sentry: { dsn: null, environment: 'production' },
});

describe('hosted login (issue 15 item 8; spec §1, §9)', () => {
  it('is on only when config.json names a domain', () => {
    expect(hostedLoginOf(config(null))).toBeNull();
    expect(hostedLoginOf(config('auth.kaigi.example.jp'))).toEqual({ domain: 'auth.kaigi.example.jp', only: false });
    expect(hostedLoginOf(config('auth.kaigi.example.jp', true))).toEqual({ domain: 'auth.kaigi.example.jp', only: true });
  });

  it("Amplify's oauth: code flow (PKCE), /login of this origin as sign-in and sign-out redirect", () => {
    expect(amplifyOAuthConfig('auth.kaigi.example.jp', 'https://kaigi.example.jp')).toEqual({
      domain: 'auth.kaigi.example.jp',
      scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
      redirectSignIn: ['https://kaigi.example.jp/login'],
      redirectSignOut: ['https://kaigi.example.jp/login'],
      responseType: 'code',
    });
  });

  it('the callback is /login with code and state, or with an error; nothing else', () => {
    expect(hostedCallbackOf({ pathname: '/login', search: '?code=abc&state=xyz' })).toEqual({ error: null });
    expect(hostedCallbackOf({ pathname: '/login', search: '?error=access_denied&state=xyz' })).toEqual({
      error: 'access_denied',
    });
    expect(hostedCallbackOf({ pathname: '/login', search: '?prev=%2Fmembers' })).toBeNull();
    expect(hostedCallbackOf({ pathname: '/members', search: '?code=abc&state=xyz' })).toBeNull();
  });
});

describe('redirect_client (spec §3; issue 15 item 9)', () => {
  it('holds prev across the round trip, written before leaving for the hosted login', async () => {
    await startHostedLogin('/conferences/12/show?tab=invitees#list');
    expect(Cookies.get('redirect_client')).toBe('/conferences/12/show?tab=invitees#list');
    expect(signInWithRedirect).toHaveBeenCalledTimes(1);
  });

  it('without prev, a stale redirect_client is removed (the landing page is the target)', async () => {
    Cookies.set('redirect_client', '/members', { path: '/' });
    await startHostedLogin(null);
    expect(Cookies.get('redirect_client')).toBeUndefined();
  });

  it('never holds a page off the site or the login page itself', () => {
    for (const unsafe of ['https://evil.example/', '//evil.example/x', '/login?prev=/a']) {
      rememberReturnPage(unsafe);
      expect(Cookies.get('redirect_client'), unsafe).toBeUndefined();
    }
  });

  it(`lasts ${REDIRECT_CLIENT_TTL_MS / 60_000} minutes: a round trip started longer ago no longer steers the next sign-in`, () => {
    rememberReturnPage('/members', Date.now() - REDIRECT_CLIENT_TTL_MS + 60_000);
    expect(Cookies.get('redirect_client')).toBe('/members');
    rememberReturnPage('/members', Date.now() - REDIRECT_CLIENT_TTL_MS - 60_000);
    expect(Cookies.get('redirect_client')).toBeUndefined();
  });
});
