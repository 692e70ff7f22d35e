/** `/`: to the role's landing page (spec §2, §6), or the pending confirm-account step. */
import { usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { COOKIE, getCookie } from '../auth/cookies';
import { safeConfirmAccountLink } from '../auth/redirects';
import { isCompanyRole, isRole, landingFor, type Role } from '../../access/roles';
import { PageLoading } from '../layout/TopProgressBar';

export const RootRedirect = () => {
  const { permissions, isPending } = usePermissions<Role | null>();
  if (isPending) return <PageLoading />;
  if (!isRole(permissions)) return <Navigate to="/login" replace />;
  const confirm = isCompanyRole(permissions) ? safeConfirmAccountLink(getCookie(COOKIE.linkToConfirmAccount)) : null;
  return <Navigate to={confirm ?? landingFor(permissions)} replace />;
};
