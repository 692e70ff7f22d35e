/**
 * The outcome of the last check-in, big enough to read at arm's length: name, company and
 * 受付しました / すでに受付済みです 10:02, or why the ticket was refused. A polite live region, so
 * a screen reader says it too.
 */
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReceptionRow } from './api';
import { checkedInTime, shownName } from './ReceptionSignals';

export type DeskResult =
  | { kind: 'done' | 'already' | 'walk_in'; row: ReceptionRow }
  | { kind: 'undone'; row: ReceptionRow }
  | { kind: 'error'; message: string };

export const ScanResult = ({ result }: { result: DeskResult | null }) => {
  const translate = useTranslate();
  return (
    <Box role="status" aria-live="polite" aria-label={translate('kaigi.reception.result.label')} data-testid="desk-result">
      {result &&
        (result.kind === 'error' ? (
          <Alert severity="error" sx={{ fontSize: '1.15rem', alignItems: 'center' }}>
            {result.message}
          </Alert>
        ) : result.kind === 'undone' ? (
          <Alert severity="info">{translate('kaigi.reception.result.undone', { name: shownName(result.row) })}</Alert>
        ) : (
          <Alert
            severity={result.kind === 'already' ? 'warning' : 'success'}
            variant="filled"
            sx={{ alignItems: 'center', '& .MuiAlert-icon': { fontSize: 40 } }}
          >
            <AlertTitle sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 700, mb: 0, overflowWrap: 'anywhere' }}>
              {shownName(result.row)}
            </AlertTitle>
            <Typography sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>{result.row.company_name}</Typography>
            <Typography sx={{ fontSize: { xs: '1.3rem', sm: '1.6rem' }, fontWeight: 700 }}>
              {result.kind === 'already'
                ? translate('kaigi.reception.result.already', { time: checkedInTime(result.row) })
                : translate(`kaigi.reception.result.${result.kind}`)}
            </Typography>
          </Alert>
        ))}
    </Box>
  );
};
