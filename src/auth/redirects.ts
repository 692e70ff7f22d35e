/**
 * Where to send the user around sign-in (spec §2, §4). Pure functions.
 */
import { type Role, landingFor } from '../../access/roles';

export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const CONFIRM_ACCOUNT_PATH = '/company/confirm-account';
export const PREV_PARAM = 'prev';

/**
 * Accepts only same-origin absolute paths ('/x'), never '//host', '/\host' or a URL with a
 * scheme, so `prev` and `redirect_client` cannot become open redirects. The login page itself is
 * not a destination.
 */
export const safeInternalPath = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(path)) return null;
  const pathname = path.split(/[?#]/, 1)[0];
  if (pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`)) return null;
  return path;
};

/**
 * Spec §2: "the character # in it is escaped". `rawPrev` is the value of the `prev` query
 * parameter as URLSearchParams returns it (already percent-decoded once, so `%23` is '#').
 * A '#' that is still escaped (double-encoded, `%2523` in the URL) is decoded too. When the
 * producer forgot to escape '#', the browser put the fragment on the login URL itself:
 * `loginHash` (location.hash of the login page) is then appended back.
 */
export const decodePrev = (rawPrev: string | null | undefined, loginHash = ''): string | null => {
  if (!rawPrev) return null;
  let prev = rawPrev.replace(/%23/gi, '#');
  if (!prev.includes('#') && loginHash && loginHash !== '#') {
    prev += loginHash.startsWith('#') ? loginHash : `#${loginHash}`;
  }
  return safeInternalPath(prev);
};

/** Reads `prev` from a login page location (search string and hash). */
export const prevFromLocation = (search: string, hash = ''): string | null =>
  decodePrev(new URLSearchParams(search).get(PREV_PARAM), hash);

/**
 * The login URL for a user bounced from `location`: `/login?prev=<path>` with the whole path
 * (including any '#') escaped by encodeURIComponent. No `prev` for the root, whose target is the
 * landing page anyway.
 */
export const loginPathWithPrev = (location: { pathname: string; search?: string; hash?: string }): string => {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (location.pathname === '/' || !safeInternalPath(target)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${PREV_PARAM}=${encodeURIComponent(target)}`;
};

/**
 * Spec §2: after login go to `prev` when present, else the role's landing page. The
 * `redirect_client` cookie (see cookies.ts) is the fallback between the two.
 */
export const postLoginTarget = ({
  role,
  prev,
  redirectClient,
}: {
  role: Role;
  prev?: string | null;
  redirectClient?: string | null;
}): string => safeInternalPath(prev) ?? safeInternalPath(redirectClient) ?? landingFor(role);

export interface CompanyForConfirmation {
  id: number | string;
  version: number | string;
  attributes?: {
    email?: string | null;
    admin_changed_info_flag?: string | null;
  } | null;
}

/**
 * Spec §4 / §2 confirm-account rule, decided here:
 * - hasChangePassword=true  when attributes.admin_changed_info_flag === '1' (exactly the string
 *   '1': the chamber changed the company's data or reset its account);
 * - hasAddEmail=true        when attributes.email is missing, null, or blank after trimming;
 * - when either holds the user must go to
 *   /company/confirm-account?version=<company.version>&company_id=<company.id>
 *   followed by &hasChangePassword=true and/or &hasAddEmail=true (in that order);
 * - otherwise no confirmation is needed (returns null).
 * The confirmation wins over `prev`: it is a forced step.
 */
export const confirmAccountUrl = (company: CompanyForConfirmation): string | null => {
  const hasChangePassword = company.attributes?.admin_changed_info_flag === '1';
  const email = company.attributes?.email;
  const hasAddEmail = typeof email !== 'string' || email.trim() === '';
  if (!hasChangePassword && !hasAddEmail) return null;
  const params = new URLSearchParams({
    version: String(company.version),
    company_id: String(company.id),
  });
  if (hasChangePassword) params.set('hasChangePassword', 'true');
  if (hasAddEmail) params.set('hasAddEmail', 'true');
  return `${CONFIRM_ACCOUNT_PATH}?${params.toString()}`;
};

/** A stored link_to_confirm_account value is followed only if it points at that page. */
export const safeConfirmAccountLink = (value: string | null | undefined): string | null => {
  const path = safeInternalPath(value);
  return path && path.split('?', 1)[0] === CONFIRM_ACCOUNT_PATH ? path : null;
};
