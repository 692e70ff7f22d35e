/** 予定 / 受付済 / 未着 at the top of the desk, large, updated live (`data-live` while the stream is open). */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReceptionCounts } from './api';

const KEYS = ['expected', 'checked_in', 'not_arrived'] as const;
const COLORS: Record<(typeof KEYS)[number], string> = {
  expected: 'text.primary',
  checked_in: 'success.dark',
  not_arrived: 'warning.dark',
};

export const ReceptionCounters = ({ counts, live }: { counts: ReceptionCounts | null; live: boolean }) => {
  const translate = useTranslate();
  return (
    <Box
      component="dl"
      aria-label={translate('kaigi.reception.counts.label')}
      data-testid="reception-counts"
      data-live={live}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0 }}
    >
      {KEYS.map((key) => (
        <Box
          key={key}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, textAlign: 'center', bgcolor: 'background.paper' }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`kaigi.reception.counts.${key}`)}
          </Typography>
          <Typography
            component="dd"
            data-testid={`count-${key}`}
            sx={{ m: 0, fontSize: { xs: '1.9rem', sm: '2.5rem' }, fontWeight: 700, lineHeight: 1.2, color: COLORS[key] }}
          >
            {counts ? counts[key] : '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
