/**
 * Guards a page with canAccess (access/permissions.ts). A role without access goes to its own
 * landing page. A company user who still has to confirm the account (cookie
 * link_to_confirm_account, set at sign-in) is sent to the confirm-account page first.
 */
import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { canAccess, PAGES } from '../../access/permissions';
import { COOKIE, getCookie } from './cookies';
import { safeConfirmAccountLink } from './redirects';
import { type Role, isCompanyRole, isRole, landingFor } from '../../access/roles';
import { PageLoading } from '../layout/TopProgressBar';

export interface RoleGuardProps {
  resource: string;
  action?: string;
  children: ReactNode;
}

export const RoleGuard = ({ resource, action = 'access', children }: RoleGuardProps) => {
  const { permissions, isPending } = usePermissions<Role | null>();
  if (isPending) return <PageLoading />;
  const role = isRole(permissions) ? permissions : null;
  if (!role) return <Navigate to="/login" replace />;

  if (isCompanyRole(role) && resource !== PAGES.companyConfirmAccount) {
    const confirm = safeConfirmAccountLink(getCookie(COOKIE.linkToConfirmAccount));
    if (confirm) return <Navigate to={confirm} replace />;
  }
  if (!canAccess(role, { resource, action })) return <Navigate to={landingFor(role)} replace />;
  return <>{children}</>;
};
