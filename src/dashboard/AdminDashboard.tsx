/**
 * /admin: the home of the chamber roles (spec §6; issue 15 item 5). Who is signed in — by display
 * name or e-mail, never the Cognito username (a UUID, issue 18 item 7) — then 今後の会議, 締切が近い
 * 未回答 and ファイル出力: stacked on phones, a grid from md up.
 */
import { Box, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { isRole, roleLabelKey } from '../../access/roles';
import { useSession } from '../session/useSession';
import { useDashboard } from './useDashboard';
import { UpcomingSection } from './UpcomingSection';
import { DeadlineSection } from './DeadlineSection';
import { ExportsSection } from './ExportsSection';

const SignedInAs = () => {
  const translate = useTranslate();
  const session = useSession();
  const user = session.cciUser;
  const role = isRole(user?.user_type) ? user.user_type : session.role;
  if (!user) return <Typography color="text.secondary">{translate('kaigi.dashboard.loading')}</Typography>;
  const name = user.display_name || user.email || '';
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}
      data-testid="dashboard-user-card"
      aria-label={translate('kaigi.dashboard.signed_in_as')}
      role="group"
    >
      {name && (
        <Typography sx={{ fontWeight: 500 }} data-testid="dashboard-user-name">
          {translate('kaigi.dashboard.greeting', { name })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" data-testid="dashboard-role">
        {role ? translate(roleLabelKey(role)) : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('kaigi.dashboard.cci_code')}: <span data-testid="dashboard-cci-code">{user.cci_code}</span>
      </Typography>
    </Stack>
  );
};

export const AdminDashboard = () => {
  const translate = useTranslate();
  const { data, isPending, error, refetch, dataUpdatedAt } = useDashboard();
  const retry = () => void refetch();
  return (
    <Box sx={{ mt: 2, mb: 3, minWidth: 0 }}>
      <Title title={translate('kaigi.dashboard.title')} />
      <Typography component="h1" variant="h5" sx={{ mb: 0.5 }}>
        {translate('kaigi.dashboard.title')}
      </Typography>
      <SignedInAs />
      <Box
        sx={{
          mt: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <UpcomingSection data={data} isPending={isPending} error={error} onRetry={retry} sx={{ gridRow: { md: 'span 2' } }} />
        <DeadlineSection data={data} isPending={isPending} error={error} onRetry={retry} readAt={dataUpdatedAt} />
        <ExportsSection />
      </Box>
    </Box>
  );
};

export default AdminDashboard;
