/**
 * The one path taken when the session has ended under the user (issue 11 "Nothing a user typed is
 * lost"; spec §2 `prev`):
 *
 * 1. what every mounted form holds is kept as a draft for its route (common/drafts);
 * 2. the way back is noted: /login?prev=<current route, escaped> (redirects.ts);
 * 3. from the HTTP client, once the token refresh has failed (`endLostSession`): the dead tokens
 *    are dropped (so /login does not take the user for signed in and bounce back), the spec §4
 *    cookies cleared, the session emptied, and the user sent to that login URL.
 *
 * authProvider.checkAuth notes a loss the same way (step 1–2) and lets react-admin redirect.
 * A deliberate logout is not a loss: it removes every draft (authProvider.logout).
 * Module state, because the HTTP client lives outside React.
 */
import { signOut } from 'aws-amplify/auth';
import { currentLocation, navigateTo } from '../api/navigation';
import { clearSessionCookies } from '../auth/cookies';
import { LOGIN_PATH, loginPathWithPrev } from '../auth/redirects';
import { saveDrafts } from '../common/drafts/draftStore';
import { resetSession } from './sessionStore';

/** The API said the login is disabled (issue 18 item 3): /login says so instead of "expired". */
let disabled = false;
/** Where to sign in again, with `prev`; null when no loss has been noted since the last sign-in. */
let loginTarget: string | null = null;
/** True once the API refused the session (the login page then says the session expired). */
let expired = false;
/** True once a draft was kept at a loss. */
let draftsKept = false;
let ending: Promise<void> | null = null;

const onLoginPage = (pathname: string) => pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`);

/** Keeps the drafts and notes the login URL back to the current route; returns that URL. */
export const noteSessionLost = (): string => {
  if (saveDrafts() > 0) draftsKept = true;
  const location = currentLocation();
  if (loginTarget === null || !onLoginPage(location.pathname)) loginTarget = loginPathWithPrev(location);
  return loginTarget;
};

/** The HTTP client got a 401 and could not refresh the session: sign in again, nothing typed lost. */
export const endLostSession = (): Promise<void> => {
  if (ending) return ending;
  const target = noteSessionLost();
  expired = true;
  ending = (async () => {
    try {
      await signOut();
    } catch (error) {
      console.warn('[session] signOut after the session ended failed', error);
    }
    clearSessionCookies();
    resetSession();
    if (!onLoginPage(currentLocation().pathname)) navigateTo(target);
  })().finally(() => {
    ending = null;
  });
  return ending;
};

/**
 * The API answered 401 user_disabled (issue 18 item 3): the login was disabled. Sign out for good
 * (no refresh, no `prev`: signing in again cannot help) and let /login say so.
 */
export const endDisabledSession = (): Promise<void> => {
  disabled = true;
  if (ending) return ending;
  ending = (async () => {
    try {
      await signOut();
    } catch (error) {
      console.warn('[session] signOut of a disabled login failed', error);
    }
    clearSessionCookies();
    resetSession();
    if (!onLoginPage(currentLocation().pathname)) navigateTo(LOGIN_PATH);
  })().finally(() => {
    ending = null;
  });
  return ending;
};

/** The API said this login is disabled (since the last sign-in or sign-in attempt). */
export const accountDisabledNotice = () => disabled;

/** The login URL noted at the last loss (null when none since the last sign-in). */
export const lostSessionLoginPath = () => loginTarget;

/**
 * What the login page says: the API ended the session (as opposed to a first visit), and whether
 * input was kept for after sign-in.
 */
export const sessionLossNotice = (): 'expired_login' | 'expired_login_draft' | null =>
  draftsKept ? 'expired_login_draft' : expired ? 'expired_login' : null;

/** Signed in again (or out on purpose): the loss is over. */
export const clearSessionLoss = () => {
  disabled = false;
  loginTarget = null;
  expired = false;
  draftsKept = false;
};
