/**
 * The figures of a set quorum, large enough to read across a hall (issue 14): 成立 / 不足 in big
 * type with an icon (never colour alone), the margin, and 必要数 / 計 / 出席 / 委任状 / 基準.
 * A change of 成立 ⇄ 不足 is announced in a polite live region (not the first state shown).
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Paper, Stack, Typography, alpha } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from '../../company/visuallyHidden';
import { formatDateTime } from '../../utils/dates';
import { ratioMessage } from './quorumMath';
import type { Quorum, QuorumSettings } from './types';

export type SetQuorum = Quorum & {
  settings: QuorumSettings;
  total: number;
  required: number;
  counted: number;
  met: boolean;
  margin: number;
};

export const isSet = (quorum: Quorum): quorum is SetQuorum => quorum.settings !== null && quorum.met !== null;

/** `wide`: the odd fifth figure takes the whole row of the phone's two columns. */
const Figure = ({ label, value, note, wide }: { label: string; value: string; note?: string; wide?: boolean }) => (
  <Paper
    variant="outlined"
    sx={{ p: { xs: 1.5, md: 2 }, textAlign: 'center', minWidth: 0, gridColumn: wide ? { xs: '1 / -1', md: 'auto' } : undefined }}
  >
    <Typography component="dt" variant="subtitle1" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: { xs: '2rem', md: '3.25rem' }, lineHeight: 1.2 }}>
      {value}
    </Typography>
    {note && (
      <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
        {note}
      </Typography>
    )}
  </Paper>
);

/** The live announcement of a change (the first state is read with the page, not announced). */
const useAnnouncement = (met: boolean): string => {
  const translate = useTranslate();
  const previous = useRef(met);
  const [text, setText] = useState('');
  useEffect(() => {
    if (previous.current === met) return;
    previous.current = met;
    setText(translate(met ? 'kaigi.quorum.board.announce_met' : 'kaigi.quorum.board.announce_short'));
  }, [met, translate]);
  return text;
};

export const QuorumBoard = ({ quorum }: { quorum: SetQuorum }) => {
  const translate = useTranslate();
  const people = (count: number) => translate('kaigi.quorum.board.people', { count });
  const announcement = useAnnouncement(quorum.met);
  const [ratioKey, ratioArgs] = ratioMessage(quorum.settings);
  const ratio = translate(ratioKey, ratioArgs);
  const { met, margin } = quorum;
  const marginText =
    margin < 0
      ? translate('kaigi.quorum.board.short_by', { count: -margin })
      : margin > 0
        ? translate('kaigi.quorum.board.over_by', { count: margin })
        : translate('kaigi.quorum.board.exactly');
  const fixed = typeof quorum.settings.basis === 'number';

  return (
    <Stack spacing={2}>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Paper
        variant="outlined"
        data-testid="quorum-state"
        sx={{
          p: { xs: 2, md: 3 },
          borderWidth: 4,
          borderColor: met ? 'success.main' : 'error.main',
          bgcolor: (theme) => alpha(met ? theme.palette.success.main : theme.palette.error.main, 0.08),
          textAlign: 'center',
        }}
      >
        <Typography variant="subtitle1" component="p" color="text.secondary">
          {translate('kaigi.quorum.board.state_label')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center' }}>
          {met ? (
            <CheckCircleIcon aria-hidden sx={{ fontSize: { xs: 56, md: 112 }, color: 'success.main' }} />
          ) : (
            <CancelIcon aria-hidden sx={{ fontSize: { xs: 56, md: 112 }, color: 'error.main' }} />
          )}
          <Typography
            component="p"
            sx={{
              fontWeight: 800,
              fontSize: { xs: '3.5rem', md: '7rem' },
              lineHeight: 1.1,
              color: met ? 'success.dark' : 'error.dark',
            }}
          >
            {translate(met ? 'kaigi.quorum.board.met' : 'kaigi.quorum.board.short')}
          </Typography>
        </Stack>
        <Typography component="p" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', md: '2.5rem' } }}>
          {marginText}
        </Typography>
        <Typography component="p" variant="body1" color="text.secondary">
          {translate('kaigi.quorum.board.rule_line', { total: quorum.total, ratio, required: quorum.required })}
        </Typography>
      </Paper>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: { xs: 1, md: 2 },
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        <Figure label={translate('kaigi.quorum.board.required')} value={people(quorum.required)} />
        <Figure label={translate('kaigi.quorum.board.counted')} value={people(quorum.counted)} />
        <Figure
          label={translate('kaigi.quorum.board.present')}
          value={people(quorum.present)}
          note={translate('kaigi.quorum.board.present_help')}
        />
        <Figure
          label={translate('kaigi.quorum.board.delegated')}
          value={people(quorum.delegated)}
          note={translate(
            quorum.settings.count_delegates ? 'kaigi.quorum.board.delegated_counted' : 'kaigi.quorum.board.delegated_not_counted',
          )}
        />
        <Figure
          wide
          label={translate('kaigi.quorum.board.total')}
          value={people(quorum.total)}
          note={translate(fixed ? 'kaigi.quorum.board.basis_fixed' : 'kaigi.quorum.board.basis_invited')}
        />
      </Box>
      <Typography variant="h6" component="p" sx={{ textAlign: 'right' }}>
        {translate('kaigi.quorum.board.as_of', { time: formatDateTime(quorum.as_of) })}
      </Typography>
    </Stack>
  );
};
