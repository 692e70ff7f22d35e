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
import { loginPathWithPrev } from './redirects';
import { clearSessionCookies } from './cookies';
import { resetSession } from '../session/sessionStore';
import { PageLoading } from '../layout/TopProgressBar';

export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const { isPending, isError, authenticated } = useAuthState({}, false);
  const signedOut = !isPending && (isError || !authenticated);
  useEffect(() => {
    if (!signedOut) return;
    clearSessionCookies();
    resetSession();
  }, [signedOut]);
  if (isPending) return <PageLoading />;
  if (signedOut) return <Navigate to={loginPathWithPrev(location)} replace />;
  return <>{children}</>;
};
