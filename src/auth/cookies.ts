/**
 * Client-side cookies (spec §3, §4). Names are fixed by the spec.
 *
 * - role: the role code of the signed-in user.
 * - logged_in: 'true' while signed in.
 * - company_name: company attributes.name1 (company users only).
 * - link_to_confirm_account: the /company/confirm-account URL the company user must complete
 *   (set at sign-in when confirmation is needed, see redirects.ts); while it is set, company
 *   pages send the user there.
 * - redirect_client: a same-origin path to open after the next sign-in, for flows where the
 *   login URL cannot carry `prev`: written by the 「シングルサインオン」 button from `prev` (kept
 *   10 minutes, auth/hostedLogin.ts), read once and removed at sign-in; `prev` wins when both
 *   exist. Never followed if it is not a safe relative path.
 * - NEXT_LOCALE: the UI locale, kept at 'ja'.
 */
import Cookies from 'js-cookie';

export const COOKIE = {
  role: 'role',
  loggedIn: 'logged_in',
  redirectClient: 'redirect_client',
  linkToConfirmAccount: 'link_to_confirm_account',
  companyName: 'company_name',
  locale: 'NEXT_LOCALE',
} as const;

export type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

const attributes = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'Lax',
  secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
});

export const getCookie = (name: CookieName): string | undefined => Cookies.get(name);

/** `expires`: days from now, or a moment; absent → a session cookie. */
export const setCookie = (name: CookieName, value: string, expires?: number | Date) =>
  Cookies.set(name, value, { ...attributes(), ...(expires ? { expires } : {}) });

export const removeCookie = (name: CookieName) => Cookies.remove(name, { path: '/' });

/** Spec §4: logout clears role, logged_in, link_to_confirm_account and company_name. */
export const LOGOUT_CLEARED_COOKIES: readonly CookieName[] = [
  COOKIE.role,
  COOKIE.loggedIn,
  COOKIE.linkToConfirmAccount,
  COOKIE.companyName,
];

export const clearSessionCookies = () => LOGOUT_CLEARED_COOKIES.forEach(removeCookie);

export const LOCALE = 'ja';

/** Spec §1: the Japanese locale is the default and a locale cookie is kept. */
export const keepLocaleCookie = () => {
  if (getCookie(COOKIE.locale) !== LOCALE) setCookie(COOKIE.locale, LOCALE, 365);
};
