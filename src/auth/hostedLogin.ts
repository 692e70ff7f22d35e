/**
 * Cognito's hosted login (spec §1 "optional hosted-login redirect", §9; issue 15 items 8 and 9).
 *
 * Round trip: /login?prev=<page> → 「シングルサインオン」 → redirect_client = <page> (spec §3) →
 * Amplify's signInWithRedirect (OAuth code flow + PKCE) → the hosted login → back on /login with
 * ?code&state (the one redirect URI the app client registers, which cannot carry `prev`) → Amplify
 * swaps the code for tokens → authProvider.login({ hostedCallback }) lands the user per spec §2
 * and removes redirect_client.
 */
import type { RuntimeConfig } from '../config/runtimeConfig';
import { COOKIE, removeCookie, setCookie } from './cookies';
import { LOGIN_PATH, safeInternalPath } from './redirects';

/** How long the page to come back to is kept: a round trip takes seconds, a stale one must not win later. */
export const REDIRECT_CLIENT_TTL_MS = 10 * 60 * 1000;

/**
 * Scopes asked of Cognito: openid + email for the ID token the API reads, and
 * aws.cognito.signin.user.admin so the access token may call the user's own Cognito APIs
 * (e.g. パスワード変更).
 */
export const HOSTED_LOGIN_SCOPES = ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'];

export interface HostedLogin {
  domain: string;
  /** /login goes straight to the hosted login instead of offering it beside the password form. */
  only: boolean;
}

export const hostedLoginOf = (config: RuntimeConfig | null): HostedLogin | null =>
  config?.cognito.hostedLoginDomain ? { domain: config.cognito.hostedLoginDomain, only: !!config.cognito.hostedLoginOnly } : null;

/** Amplify's loginWith.oauth: both redirects are /login of this origin (the app client's callback and sign-out URLs). */
export const amplifyOAuthConfig = (domain: string, origin: string) => ({
  domain,
  scopes: HOSTED_LOGIN_SCOPES,
  redirectSignIn: [`${origin}${LOGIN_PATH}`],
  redirectSignOut: [`${origin}${LOGIN_PATH}`],
  responseType: 'code' as const,
});

export interface HostedCallback {
  /** The hosted login's `error` (e.g. access_denied when the user cancelled), else null. */
  error: string | null;
}

/** Is this page load the hosted login coming back (/login?code&state, or ?error)? Pure. */
export const hostedCallbackOf = (location: { pathname: string; search: string }): HostedCallback | null => {
  if (location.pathname !== LOGIN_PATH) return null;
  const params = new URLSearchParams(location.search);
  if (params.has('error')) return { error: params.get('error') };
  return params.has('code') && params.has('state') ? { error: null } : null;
};

let noted: HostedCallback | null = null;

/**
 * Noted at boot, before Amplify completes the flow and rewrites the URL to the bare redirect URI
 * (the login page may render after that).
 */
export const noteHostedCallback = (location: { pathname: string; search: string }) => {
  noted = hostedCallbackOf(location);
};

export const hostedCallback = (): HostedCallback | null => noted;

/** The noted callback, once: a later visit to /login is not a callback. */
export const takeHostedCallback = (): HostedCallback | null => {
  const callback = noted;
  noted = null;
  return callback;
};

/** Spec §3 redirect_client: the page to return to across the round trip, or none (a stale one is removed). */
export const rememberReturnPage = (prev: string | null | undefined, now = Date.now()) => {
  const page = safeInternalPath(prev);
  if (page) setCookie(COOKIE.redirectClient, page, new Date(now + REDIRECT_CLIENT_TTL_MS));
  else removeCookie(COOKIE.redirectClient);
};

/** Leaves for the hosted login; `prev` comes back through redirect_client. */
export const startHostedLogin = async (prev: string | null | undefined) => {
  rememberReturnPage(prev);
  const { signInWithRedirect } = await import('./amplifySignIn');
  await signInWithRedirect();
};
