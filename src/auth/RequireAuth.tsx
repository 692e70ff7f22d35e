/**
 * Guards the authenticated area. react-admin does not guard custom routes: an unauthenticated
 * visitor has the session cookies cleared and is sent to /login?prev=<escaped path> (spec §2).
 *
 * A declarative <Navigate> rather than react-admin's logout(): logout resets the query cache,
 * which re-ran this check while the layout was still mounted and looped through thousands of
 * navigations before settling (measured: ~10 s of a blocked page).
 */
import { useEffect, type ReactNode } from 'react';
import { useAuthState } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { LOGIN_PATH, loginPathWithPrev } from './redirects';
import { accountDisabledNotice } from '../session/sessionLoss';
import { clearSessionCookies } from './cookies';
import { resetSession } from '../session/sessionStore';
import { PageLoading } from '../layout/TopProgressBar';

export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const { isPending, isFetching, isError, authenticated } = useAuthState({}, false);
  // A failure cached from before a sign-in is being checked again: wait for the answer instead of
  // bouncing the user who just signed in back to /login (and their restored draft with them).
  const rechecking = isFetching && (isError || !authenticated);
  const signedOut = !isPending && !rechecking && (isError || !authenticated);
  useEffect(() => {
    if (!signedOut) return;
    clearSessionCookies();
    resetSession();
  }, [signedOut]);
  if (isPending || rechecking) return <PageLoading />;
  // a disabled login (issue 18 item 3) gets no way back: signing in again cannot help
  if (signedOut) return <Navigate to={accountDisabledNotice() ? LOGIN_PATH : loginPathWithPrev(location)} replace />;
  return <>{children}</>;
};
