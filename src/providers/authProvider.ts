/**
 * react-admin authProvider on aws-amplify v6 (spec §4, §6; DESIGN §6).
 *
 * login({ email, password, prev })   → signIn with e-mail and password (authFlowType from
 *                                       config.json); NEW_PASSWORD_REQUIRED → NewPasswordRequiredError
 * login({ newPassword, prev })       → confirmSignIn for that challenge
 * login({ hostedCallback: true })    → back from the hosted login (auth/hostedLogin.ts): waits for
 *                                       Amplify's code exchange; no session → HostedLoginError
 * On success: user info is fetched (the server's role and company win over the token's claims,
 * issue 11 item 9); cookies role + logged_in; company users also get company_name and, when
 * needed, link_to_confirm_account (redirects.ts has the rule). Returns
 * { redirectTo }: confirm-account, else prev, else redirect_client, else the role's landing.
 * logout → Amplify signOut, clear role/logged_in/link_to_confirm_account/company_name, empty
 * session, go to /login. A deliberate logout also removes every draft (issue 11); react-admin's
 * logout after a lost session (checkAuth failed) keeps them and goes to /login?prev=….
 * checkError → a 401 has already been handled by the HTTP client (refresh, else the session-loss
 * path of session/sessionLoss.ts), so it never rejects: a rejection would make react-admin
 * resolve the failed call with empty data, and a failed save would say 「更新しました」.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import { signOut, type SignInOutput } from 'aws-amplify/auth';
import { readAuthClaims } from '../auth/authSession';
import { COOKIE, clearSessionCookies, getCookie, removeCookie, setCookie } from '../auth/cookies';
import { canAccess } from '../../access/permissions';
import { LOGIN_PATH, confirmAccountUrl, postLoginTarget } from '../auth/redirects';
import { type Role, isCompanyRole } from '../../access/roles';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { loadSession, resetSession, serverRole } from '../session/sessionStore';
import { accountDisabledNotice, clearSessionLoss, lostSessionLoginPath, noteSessionLost } from '../session/sessionLoss';
import { clearAllDrafts } from '../common/drafts/draftStore';
import { problemCode } from '../common/apiErrors';

export interface LoginParams {
  email?: string;
  password?: string;
  /** Set on the second step, when Cognito asked for a new password. */
  newPassword?: string;
  /** Decoded `prev` query parameter of the login page. */
  prev?: string | null;
  /** The page load is the hosted login's callback (/login?code&state). */
  hostedCallback?: boolean;
}

/** Back from the hosted login without a session (cancelled, refused, or the code exchange failed). */
export class HostedLoginError extends Error {
  constructor() {
    super('hosted login failed');
    this.name = 'HostedLoginError';
  }
}

export class NewPasswordRequiredError extends Error {
  constructor() {
    super('NEW_PASSWORD_REQUIRED');
    this.name = 'NewPasswordRequiredError';
  }
}

export class SignInStepNotSupportedError extends Error {
  constructor(step: string) {
    super(`sign-in step not supported: ${step}`);
    this.name = 'SignInStepNotSupportedError';
  }
}

/** Signed in, but the token has no known custom:user_type. */
export class UnknownRoleError extends Error {
  constructor() {
    super('unknown role');
    this.name = 'UnknownRoleError';
  }
}

/**
 * The login is disabled (issue 18 item 3): the API answered 401 user_disabled (cognito-local still
 * signs a disabled Cognito user in; production Cognito refuses it with NotAuthorizedException
 * "User is disabled.", loginErrors.ts). The sign-in is abandoned: no half-signed-in console.
 */
export class AccountDisabledError extends Error {
  constructor() {
    super('account disabled');
    this.name = 'AccountDisabledError';
  }
}

/** Signed in, but the company user info / company could not be loaded. */
export class UserInfoLoadError extends Error {
  constructor(cause: unknown) {
    super('user info could not be loaded', { cause });
    this.name = 'UserInfoLoadError';
  }
}

const authFlowType = () => getRuntimeConfig()?.cognito.authFlowType ?? 'USER_PASSWORD_AUTH';

const isNamed = (error: unknown, name: string) =>
  typeof error === 'object' && error !== null && (error as { name?: string }).name === name;

const signInWithPassword = async (email: string, password: string): Promise<SignInOutput> => {
  const { signIn } = await import('../auth/amplifySignIn');
  const input = { username: email, password, options: { authFlowType: authFlowType() } };
  try {
    return await signIn(input);
  } catch (error) {
    // A session left over from another user (e.g. another tab): end it and sign in again.
    if (!isNamed(error, 'UserAlreadyAuthenticatedException')) throw error;
    await signOut();
    return signIn(input);
  }
};

const abandonSignIn = async () => {
  try {
    await signOut();
  } catch (error) {
    console.warn('[auth] signOut failed', error);
  }
  clearSessionCookies();
  resetSession();
};

/**
 * Cookies, company checks and the destination once Cognito says DONE. The token's
 * custom:user_type only says which user info to ask for; the role, the company and so the
 * cookies and the destination are the server's user_info (issue 11 item 9, sessionStore.ts).
 */
const completeLogin = async (prev: string | null | undefined): Promise<string> => {
  resetSession();
  const claims = await readAuthClaims();
  const claimed = claims?.role;
  if (!claimed) {
    await abandonSignIn();
    throw new UnknownRoleError();
  }

  const session = await loadSession(claimed);
  if (session.status !== 'ready' && problemCode(session.error) === 'user_disabled') {
    await abandonSignIn();
    throw new AccountDisabledError();
  }
  if (session.status !== 'ready' && isCompanyRole(claimed)) {
    await abandonSignIn();
    throw new UserInfoLoadError(session.error);
  }
  // A chamber user whose user info failed signs in; the spec §8 dialog then offers to log off.
  const role = session.status === 'ready' && session.role ? session.role : claimed;

  let confirmUrl: string | null = null;
  if (isCompanyRole(role) && session.company) {
    const name = session.company.attributes?.name1;
    if (name) setCookie(COOKIE.companyName, name);
    else removeCookie(COOKIE.companyName);
    confirmUrl = confirmAccountUrl(session.company);
    if (confirmUrl) setCookie(COOKIE.linkToConfirmAccount, confirmUrl);
    else removeCookie(COOKIE.linkToConfirmAccount);
  } else {
    removeCookie(COOKIE.companyName);
    removeCookie(COOKIE.linkToConfirmAccount);
  }

  setCookie(COOKIE.role, role);
  setCookie(COOKIE.loggedIn, 'true');

  const redirectClient = getCookie(COOKIE.redirectClient);
  removeCookie(COOKIE.redirectClient);
  clearSessionLoss();
  return confirmUrl ?? postLoginTarget({ role, prev, redirectClient });
};

const handleSignInOutput = async (output: SignInOutput, prev: string | null | undefined) => {
  const step = output.nextStep.signInStep;
  if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') throw new NewPasswordRequiredError();
  if (!output.isSignedIn || step !== 'DONE') throw new SignInStepNotSupportedError(step);
  return { redirectTo: await completeLogin(prev) };
};

/**
 * react-admin's rejection shape: `redirectTo` is where to go (/login?prev=<this page>, the forms'
 * drafts kept), `message: false` skips the "please sign in" notification (the login page says
 * enough).
 */
const toLogin = () => Promise.reject({ redirectTo: noteSessionLost(), message: false });

/** The signed-in user's role: the server's user_info over the token's claim (issue 11 item 9). */
const currentRole = async (): Promise<Role | null> => {
  try {
    const claimed = (await readAuthClaims())?.role;
    return claimed ? await serverRole(claimed) : null;
  } catch {
    return null;
  }
};

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    if (params.hostedCallback) {
      // fetchAuthSession (under readAuthClaims) waits while Amplify swaps the code for tokens;
      // the page to return to is in redirect_client (spec §3), read by completeLogin.
      if (!(await readAuthClaims())) throw new HostedLoginError();
      return { redirectTo: await completeLogin(null) };
    }
    if (params.newPassword) {
      const { confirmSignIn } = await import('../auth/amplifySignIn');
      const output = await confirmSignIn({ challengeResponse: params.newPassword });
      return handleSignInOutput(output, params.prev);
    }
    const output = await signInWithPassword(params.email ?? '', params.password ?? '');
    return handleSignInOutput(output, params.prev);
  },

  async logout() {
    const lostAt = lostSessionLoginPath();
    if (!lostAt) clearAllDrafts();
    try {
      await signOut();
    } catch (error) {
      console.warn('[auth] signOut failed', error);
    }
    clearSessionCookies();
    resetSession();
    return lostAt ?? LOGIN_PATH;
  },

  async checkAuth() {
    const role = await currentRole();
    // The API said this login is disabled (issue 18 item 3), perhaps in answer to this very check's
    // user_info, whose failure leaves the token's claim as the role: until a new sign-in nothing
    // takes it for signed in (which would clear /login's message) nor sends it back with `prev`.
    if (accountDisabledNotice()) return Promise.reject({ redirectTo: LOGIN_PATH, message: false });
    if (!role) return toLogin();
    clearSessionLoss(); // signed in (again): a loss noted earlier is over
    // Keep the spec §4 cookies true to the session (e.g. after the browser dropped them).
    if (getCookie(COOKIE.role) !== role) setCookie(COOKIE.role, role);
    if (getCookie(COOKIE.loggedIn) !== 'true') setCookie(COOKIE.loggedIn, 'true');
  },

  async checkError() {
    // 401: handled by the HTTP client (see above); 403 and the rest: stay signed in, the page
    // shows the error.
  },

  async getPermissions() {
    return currentRole();
  },

  async getIdentity(): Promise<UserIdentity> {
    const claims = await readAuthClaims();
    if (!claims?.role) throw new Error('not authenticated');
    const session = await loadSession(claims.role);
    const user = session.cciUser ?? session.companyUser;
    return {
      id: user?.username ?? claims.username ?? claims.sub ?? '',
      // the user menu shows it: the name or e-mail, never the Cognito username (a UUID; issue 18 item 7)
      fullName: user?.display_name || user?.email || claims.email || '',
    };
  },

  async canAccess({ resource, action, record }) {
    return canAccess(await currentRole(), { resource, action, record });
  },
};
