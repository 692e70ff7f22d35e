/**
 * 採決 in the staff room's column (issue 34, DESIGN.md §12.1). Staff choose the 議案 (the one under
 * vote, else the first of the current agenda item, else the first not declared), open a poll
 * (OpenPollForm), run it (RunningPoll), and once closed see the tally and declare the result
 * (DeclareControl) or vote again (再採決: a new poll; the earlier ones stay in 採決の記録). Live
 * through the room's staff stream (useVoteDesk).
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Divider, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ExportButton } from '../../exports/ExportButton';
import { formatDateTime } from '../../utils/dates';
import { MotionStatusChip } from '../motions/MotionStatusChip';
import { ruleSummary } from '../motions/ruleForm';
import type { Motion, Poll } from '../motions/types';
import { StaffSection } from '../room/StaffSection';
import { DeclareControl } from './DeclareControl';
import { OpenPollForm } from './OpenPollForm';
import { PollTally } from './PollTally';
import { RunningPoll } from './RunningPoll';
import { useVoteDesk, type VoteDesk } from './useVoteDesk';

export interface VotePanelProps {
  conferenceId: number;
  /** the room's current agenda item: its 議案 comes first */
  currentAgenda: number | null;
  /** tests: a desk of their own instead of the live one */
  desk?: VoteDesk;
}

const defaultMotion = (motions: Motion[], currentAgenda: number | null): Motion | undefined =>
  motions.find((m) => m.status === 'open') ??
  motions.find((m) => currentAgenda !== null && m.agenda_index === currentAgenda && m.status !== 'declared') ??
  motions.find((m) => m.status !== 'declared') ??
  motions[0];

const PollHistory = ({ polls }: { polls: Poll[] }) => {
  const translate = useTranslate();
  if (polls.length < 2) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {translate('kaigi.votes.history')}
      </Typography>
      <List dense disablePadding>
        {polls.map((poll, i) => (
          <ListItem key={poll.id} disableGutters sx={{ display: 'block' }}>
            <ListItemText
              primary={translate('kaigi.votes.poll_row', {
                n: i + 1,
                method: translate(`kaigi.votes.method.${poll.method}`),
                time: formatDateTime(poll.opened_at),
              })}
            />
            {poll.counts ? (
              <PollTally counts={poll.counts} caption="" />
            ) : (
              <Typography variant="body2">{translate('kaigi.votes.poll_open')}</Typography>
            )}
          </ListItem>
        ))}
      </List>
    </Box>
  );
};

const LiveVotePanel = ({ conferenceId, currentAgenda }: Omit<VotePanelProps, 'desk'>) => (
  <VotePanelView conferenceId={conferenceId} currentAgenda={currentAgenda} desk={useVoteDesk(conferenceId)} />
);

export const VotePanel = ({ desk, ...props }: VotePanelProps) =>
  desk ? <VotePanelView {...props} desk={desk} /> : <LiveVotePanel {...props} />;

const VotePanelView = ({
  conferenceId,
  currentAgenda,
  desk,
}: Required<Omit<VotePanelProps, 'currentAgenda'>> & { currentAgenda: number | null }) => {
  const translate = useTranslate();
  const { motions, polls, progress, error, reload, loadPolls, apply } = desk;
  const [chosen, setChosen] = useState<number | null>(null);
  const motion = motions?.find((m) => m.id === chosen) ?? (motions ? defaultMotion(motions, currentAgenda) : undefined);
  const motionId = motion?.id;
  const motionPolls = motionId === undefined ? undefined : polls[motionId];

  useEffect(() => {
    if (motionId !== undefined && !motionPolls) loadPolls(motionId);
  }, [motionId, motionPolls, loadPolls]);

  const actions = (
    <>
      <Button component={RouterLink} to={`/conferences/${conferenceId}/motions`} size="small" variant="outlined">
        {translate('kaigi.votes.manage_motions')}
      </Button>
      <ExportButton type="votes" conferenceId={conferenceId} label="kaigi.votes.export" />
    </>
  );

  let body;
  if (!motions) {
    body = error ? (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={reload}>
            {translate('kaigi.votes.retry')}
          </Button>
        }
      >
        {translate('kaigi.votes.load_error')}
      </Alert>
    ) : (
      <Typography role="status">{translate('kaigi.votes.loading')}</Typography>
    );
  } else if (!motion) {
    body = <Typography color="text.secondary">{translate('kaigi.votes.no_motions')}</Typography>;
  } else {
    const latest = motionPolls?.at(-1);
    const [ruleKey, ruleArgs] = ruleSummary(motion.rule);
    body = (
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label={translate('kaigi.votes.motion')}
          value={motion.id}
          onChange={(e) => setChosen(Number(e.target.value))}
          fullWidth
        >
          {motions.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {`${m.number} ${m.title}`}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <MotionStatusChip motion={motion} />
          <Typography variant="body2" color="text.secondary">
            {translate('kaigi.votes.rule', { rule: translate(ruleKey, ruleArgs) })}
          </Typography>
        </Stack>
        {!motionPolls ? (
          <Typography role="status">{translate('kaigi.votes.loading')}</Typography>
        ) : latest?.status === 'open' ? (
          <RunningPoll conferenceId={conferenceId} motion={motion} poll={latest} progress={progress[latest.id]} onSaved={apply} />
        ) : (
          <>
            {latest?.counts && (
              <PollTally
                counts={latest.counts}
                caption={translate('kaigi.votes.tally.caption', { method: translate(`kaigi.votes.method.${latest.method}`) })}
              />
            )}
            {motion.status === 'declared' && motion.result ? (
              <Typography sx={{ fontWeight: 700 }} role="status">
                {translate('kaigi.votes.result', {
                  result: `${translate(`kaigi.motions.result.${motion.result}`)}${motion.chair_decision ? translate('kaigi.motions.chair_decided') : ''}`,
                })}
              </Typography>
            ) : (
              <>
                {latest && (
                  <DeclareControl key={latest.id} conferenceId={conferenceId} motion={motion} poll={latest} onDeclared={apply} />
                )}
                {latest && <Divider />}
                {latest && (
                  <Typography variant="body2" color="text.secondary">
                    {translate('kaigi.votes.revote_help')}
                  </Typography>
                )}
                <OpenPollForm
                  key={`${motion.id}-${motionPolls.length}`}
                  conferenceId={conferenceId}
                  motion={motion}
                  onOpened={apply}
                  revote={!!latest}
                />
              </>
            )}
          </>
        )}
        {motionPolls && <PollHistory polls={motionPolls} />}
      </Stack>
    );
  }

  return (
    <StaffSection title={translate('kaigi.votes.title')} actions={actions}>
      {body}
    </StaffSection>
  );
};
