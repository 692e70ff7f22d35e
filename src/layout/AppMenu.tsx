/** Side menu by role: the role's landing page, then the resources the role may list. */
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import BusinessIcon from '@mui/icons-material/Business';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import { isChamberRole, isCompanyRole, isRole, type Role } from '../../access/roles';

export const AppMenu = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions<Role | null>();
  const role = isRole(permissions) ? permissions : null;
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
    </Menu>
  );
};
