/**
 * Spec §4 session loading: once signed in, fetch the user info of the role (chamber roles →
 * /v1/cci/user_info; COMPANY_ADMIN → /v1/company/user_info + /v1/company/companies?id=).
 * Mounted inside the authenticated layout; logout empties the session (authProvider.logout).
 */
import { useEffect } from 'react';
import { usePermissions } from 'react-admin';
import { isRole, type Role } from '../../access/roles';
import { COOKIE, getCookie, setCookie } from '../auth/cookies';
import { loadSession } from './sessionStore';
import { useSession } from './useSession';

export const SessionLoader = () => {
  const { permissions } = usePermissions<Role | null>();
  const session = useSession();
  const role = isRole(permissions) ? permissions : null;

  useEffect(() => {
    if (role) void loadSession(role);
  }, [role]);

  // Keep the company_name cookie (spec §4) in step with the loaded company.
  const name = session.company?.attributes?.name1;
  useEffect(() => {
    if (name && getCookie(COOKIE.companyName) !== name) setCookie(COOKIE.companyName, name);
  }, [name]);

  return null;
};
