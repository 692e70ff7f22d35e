/** /admin: landing page of the chamber roles (spec §6). Shows who is signed in. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { isRole, roleLabelKey } from '../../access/roles';
import { useSession } from '../session/useSession';

export const AdminDashboard = () => {
  const translate = useTranslate();
  const session = useSession();
  const user = session.cciUser;
  const role = isRole(user?.user_type) ? user.user_type : session.role;

  return (
    <>
      <Title title={translate('kaigi.dashboard.title')} />
      <Card sx={{ mt: 2, maxWidth: 640 }} data-testid="dashboard-user-card">
        <CardHeader title={translate('kaigi.dashboard.signed_in_as')} slotProps={{ title: { component: 'h1', variant: 'h6' } }} />
        <CardContent>
          {user ? (
            <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 24px', margin: 0 }}>
              <dt>{translate('kaigi.dashboard.cci_code')}</dt>
              <dd style={{ margin: 0 }} data-testid="dashboard-cci-code">
                {user.cci_code}
              </dd>
              <dt>{translate('kaigi.dashboard.username')}</dt>
              <dd style={{ margin: 0 }} data-testid="dashboard-username">
                {user.username}
              </dd>
              {user.display_name && (
                <>
                  <dt>{translate('kaigi.dashboard.display_name')}</dt>
                  <dd style={{ margin: 0 }}>{user.display_name}</dd>
                </>
              )}
              <dt>{translate('kaigi.dashboard.role')}</dt>
              <dd style={{ margin: 0 }} data-testid="dashboard-role">
                {role ? translate(roleLabelKey(role)) : ''}
              </dd>
            </dl>
          ) : (
            <Typography color="text.secondary">{translate('kaigi.dashboard.loading')}</Typography>
          )}
        </CardContent>
      </Card>
    </>
  );
};

export default AdminDashboard;
