/**
 * One invitee in the desk's list: who is expected (principal, or the substitute and whose
 * substitute when 代理出席; 当日参加), company, the answer, and one big action — 受付, or when
 * checked in the time and 取消.
 */
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import UndoIcon from '@mui/icons-material/Undo';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import FiberNewIcon from '@mui/icons-material/FiberNew';
import { useTranslate } from 'react-admin';
import type { ReceptionRow } from './api';
import { AnswerSignal, CheckedInSignal, expectedName, expectedTitle, shownName } from './ReceptionSignals';

interface Props {
  row: ReceptionRow;
  busy: boolean;
  onCheckIn(row: ReceptionRow): void;
  onUndo(row: ReceptionRow): void;
}

export const ReceptionRowItem = ({ row, busy, onCheckIn, onUndo }: Props) => {
  const translate = useTranslate();
  const name = expectedName(row);
  const title = expectedTitle(row);
  const substitute = name !== row.member_name;
  const checkedIn = row.checked_in_at !== null;
  return (
    <Box
      component="li"
      data-testid="reception-row"
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: 6,
        borderLeftColor: checkedIn ? 'success.main' : row.expected ? 'transparent' : 'warning.light',
        bgcolor: (theme) => (checkedIn ? alpha(theme.palette.success.main, 0.05) : undefined),
      }}
    >
      <Box sx={{ flex: '1 1 14em', minWidth: 0 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {name}
          {title && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {title}
            </Typography>
          )}
        </Typography>
        {substitute && (
          <Typography variant="body2" color="text.secondary">
            {translate('kaigi.reception.row.substitute_of', { name: row.member_name })}
          </Typography>
        )}
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {row.company_name}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {row.company_code}
          </Typography>
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
          <AnswerSignal answer={row.answer_content} />
          {row.walk_in && (
            <Chip size="small" variant="outlined" icon={<FiberNewIcon />} label={translate('kaigi.reception.row.walk_in')} />
          )}
          {checkedIn && row.attended_by && row.attended_by !== name && (
            <Typography variant="body2">{translate('kaigi.reception.row.attended_by', { name: row.attended_by })}</Typography>
          )}
        </Stack>
      </Box>
      {checkedIn ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
          <CheckedInSignal row={row} />
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<UndoIcon />}
            disabled={busy}
            onClick={() => onUndo(row)}
            aria-label={translate('kaigi.reception.row.undo_aria', { name: shownName(row) })}
          >
            {translate('kaigi.reception.row.undo')}
          </Button>
        </Stack>
      ) : (
        <Button
          // someone not expected (欠席・委任状・未回答) can be checked in, after a question: not the obvious action
          variant={row.expected ? 'contained' : 'outlined'}
          size="large"
          color={row.expected ? 'primary' : 'warning'}
          startIcon={<HowToRegIcon />}
          disabled={busy}
          onClick={() => onCheckIn(row)}
          aria-label={translate('kaigi.reception.row.check_in_aria', { name })}
          sx={{ ml: 'auto', minWidth: 120, minHeight: 52, fontSize: '1.1rem' }}
        >
          {translate('kaigi.reception.row.check_in')}
        </Button>
      )}
    </Box>
  );
};
