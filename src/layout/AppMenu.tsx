/**
 * Side menu by role: the role's landing page, then the resources the role may list. A company admin
 * who must still confirm the account (link_to_confirm_account, spec §4) sees only that step: the
 * other pages would send it back there (issue 18 item 6).
 */
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import BusinessIcon from '@mui/icons-material/Business';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import { useLocation } from 'react-router-dom';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import { isChamberRole, isCompanyRole, isRole, type Role } from '../../access/roles';
import { canAccess } from '../../access/permissions';
import { COOKIE, getCookie } from '../auth/cookies';
import { CONFIRM_ACCOUNT_PATH } from '../auth/redirects';

export const AppMenu = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions<Role | null>();
  const role = isRole(permissions) ? permissions : null;
  // read on every navigation: confirming removes the cookie and then opens the meetings page
  useLocation();
  if (isCompanyRole(role) && getCookie(COOKIE.linkToConfirmAccount)) {
    return (
      <Menu>
        <Menu.Item
          to={CONFIRM_ACCOUNT_PATH}
          primaryText={translate('kaigi.company.confirm_account.menu')}
          leftIcon={<VerifiedUserIcon />}
        />
      </Menu>
    );
  }
  return (
    <Menu>
      {isChamberRole(role) && (
        <Menu.Item to="/admin" primaryText={translate('kaigi.menu.dashboard')} leftIcon={<DashboardIcon />} />
      )}
      {isCompanyRole(role) && (
        <Menu.Item to="/company/meetings" primaryText={translate('kaigi.menu.meetings')} leftIcon={<EventIcon />} />
      )}
      {isCompanyRole(role) && (
        <Menu.Item to="/company/profile" primaryText={translate('kaigi.company.menu.profile')} leftIcon={<BusinessIcon />} />
      )}
      <Menu.ResourceItems />
      {canAccess(role, { resource: 'chamber_settings', action: 'edit' }) && (
        <Menu.Item to="/settings/mail" primaryText={translate('kaigi.chamber_settings.menu')} leftIcon={<EmailOutlinedIcon />} />
      )}
    </Menu>
  );
};
