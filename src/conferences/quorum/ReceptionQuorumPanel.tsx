/**
 * 受付・定足数 in the staff room's column (issue 14): the desk's counters (予定 / 受付済 / 未着) and,
 * when the conference sets one, 成立 / 不足 with a link to the board. Loaded once (GET …/check_ins
 * perPage=1, GET …/quorum), then kept current by the room stream's `reception` and `quorum` events
 * (src/room/roomState.ts), which the page passes in.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslate } from 'react-admin';
import { StaffSection } from '../room/StaffSection';
import { quorumApi } from './api';
import { isSet } from './QuorumBoard';
import type { Quorum, ReceptionCounts } from './types';

export interface ReceptionQuorumPanelProps {
  conferenceId: number;
  /** the latest `reception` counters of the room stream, null until one arrives */
  liveCounts: ReceptionCounts | null;
  /** the latest `quorum` of the room stream, null until one arrives */
  liveQuorum: Quorum | null;
}

const later = (a: Quorum | null, b: Quorum | null) => (a && b ? (Date.parse(a.as_of) >= Date.parse(b.as_of) ? a : b) : (a ?? b));

const Counter = ({ label, value }: { label: string; value: number | undefined }) => (
  <Box sx={{ textAlign: 'center', minWidth: 64 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700 }}>
      {value ?? '—'}
    </Typography>
  </Box>
);

export const ReceptionQuorumPanel = ({ conferenceId, liveCounts, liveQuorum }: ReceptionQuorumPanelProps) => {
  const translate = useTranslate();
  const [loadedCounts, setLoadedCounts] = useState<ReceptionCounts | null>(null);
  const [loadedQuorum, setLoadedQuorum] = useState<Quorum | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    quorumApi.getCounts(conferenceId, controller.signal).then(setLoadedCounts, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    quorumApi.getQuorum(conferenceId, controller.signal).then(setLoadedQuorum, () => undefined);
    return () => controller.abort();
  }, [conferenceId]);

  // an event arrives after the page opened: it is the newer counter
  const counts = liveCounts ?? loadedCounts;
  const quorum = later(liveQuorum, loadedQuorum);
  const people = (count: number) => translate('kaigi.quorum.board.people', { count });

  return (
    <StaffSection
      title={translate('kaigi.quorum.panel.title')}
      actions={
        <Button component={RouterLink} to={`/conferences/${conferenceId}/quorum`} size="small" variant="outlined">
          {translate('kaigi.quorum.panel.open_board')}
        </Button>
      }
    >
      {failed && !counts ? (
        <Typography color="error">{translate('kaigi.quorum.panel.counts_error')}</Typography>
      ) : (
        <Stack component="dl" direction="row" spacing={2} sx={{ m: 0, justifyContent: 'space-around' }}>
          <Counter label={translate('kaigi.quorum.panel.expected')} value={counts?.expected} />
          <Counter label={translate('kaigi.quorum.panel.checked_in')} value={counts?.checked_in} />
          <Counter label={translate('kaigi.quorum.panel.not_arrived')} value={counts?.not_arrived} />
        </Stack>
      )}
      <Box sx={{ mt: 1.5 }} data-testid="panel-quorum">
        {quorum && isSet(quorum) ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="span" variant="body2" color="text.secondary">
              {translate('kaigi.quorum.panel.quorum')}
            </Typography>
            <Chip
              icon={quorum.met ? <CheckCircleIcon /> : <CancelIcon />}
              color={quorum.met ? 'success' : 'error'}
              label={translate(quorum.met ? 'kaigi.quorum.board.met' : 'kaigi.quorum.board.short')}
            />
            <Typography component="span" variant="body2">
              {`${translate('kaigi.quorum.board.counted')} ${people(quorum.counted)} / ${translate('kaigi.quorum.board.required')} ${people(quorum.required)}`}
              {quorum.margin < 0 ? `（${translate('kaigi.quorum.board.short_by', { count: -quorum.margin })}）` : ''}
            </Typography>
          </Stack>
        ) : quorum ? (
          <Typography variant="body2" color="text.secondary">
            {translate('kaigi.quorum.panel.no_quorum')}
          </Typography>
        ) : null}
      </Box>
    </StaffSection>
  );
};
