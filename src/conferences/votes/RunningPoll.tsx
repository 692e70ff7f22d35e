/**
 * An open poll in the 採決 panel (DESIGN.md §12.1): who may vote (frozen at opening), the ballots so
 * far (記名・無記名, from the staff stream), the 挙手 counts form, whether the board shows the counts
 * live, 投票を記録 (記名・挙手: the votes staff record, RecordBallotsDialog) and 締め切る (asked
 * first: a closed poll never changes).
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { motionsApi } from '../motions/api';
import type { Motion, Poll, PollResult, PollUpdate } from '../motions/types';
import { voteProblemMessage } from '../motions/voteProblem';
import { HandCountsForm } from './HandCountsForm';
import { PollTally } from './PollTally';
import { RecordBallotsDialog } from './RecordBallotsDialog';
import type { PollProgress } from './useVoteDesk';

export interface RunningPollProps {
  conferenceId: number;
  motion: Motion;
  poll: Poll;
  progress?: PollProgress;
  onSaved: (result: PollResult) => void;
}

export const RunningPoll = ({ conferenceId, motion, poll, progress, onSaved }: RunningPollProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const [recording, setRecording] = useState(false);
  const method = translate(`kaigi.votes.method.${poll.method}`);
  const voters = poll.entitled.present + poll.entitled.delegated;

  const update = async (body: Omit<PollUpdate, 'version'>, done: string) => {
    setPending(true);
    try {
      const result = await motionsApi.updatePoll(conferenceId, motion.id, poll.id, { version: poll.version, ...body });
      setError(null);
      notify(done, { type: 'success' });
      onSaved(result);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography sx={{ fontWeight: 700 }} role="status">
        {translate('kaigi.votes.open_poll', { method })}
      </Typography>
      <Typography variant="body2">{translate('kaigi.votes.entitled', poll.entitled)}</Typography>
      {poll.method !== 'show_of_hands' && (
        <Typography aria-live="polite" data-testid="poll-progress">
          {progress
            ? translate('kaigi.votes.progress', { voted: progress.voted, voters })
            : translate('kaigi.votes.progress_unknown')}
        </Typography>
      )}
      {progress?.live_counts && <PollTally counts={progress.live_counts} caption={translate('kaigi.votes.tally.live')} />}
      {poll.method === 'show_of_hands' && (
        <HandCountsForm
          key={poll.version}
          poll={poll}
          pending={pending}
          onSave={(counts) => void update({ counts }, 'kaigi.votes.hands.saved')}
        />
      )}
      {poll.method === 'roll_call' && (
        <FormControlLabel
          control={
            <Switch
              checked={poll.show_counts_live}
              disabled={pending}
              onChange={(e) => void update({ show_counts_live: e.target.checked }, 'kaigi.votes.live_saved')}
            />
          }
          label={translate('kaigi.votes.show_counts_live')}
        />
      )}
      {!!error && (
        <Alert severity="error" role="alert">
          {voteProblemMessage(error, translate)}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {poll.method !== 'secret' && (
          <Button variant="outlined" disabled={pending} onClick={() => setRecording(true)}>
            {translate('kaigi.votes.record.open')}
          </Button>
        )}
        <Button variant="contained" color="warning" disabled={pending} onClick={() => setConfirming(true)}>
          {translate('kaigi.votes.close')}
        </Button>
      </Stack>
      {recording && (
        <RecordBallotsDialog
          conferenceId={conferenceId}
          motion={motion}
          poll={poll}
          onClose={() => setRecording(false)}
          onSaved={onSaved}
        />
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="close-poll-title">
        <DialogTitle id="close-poll-title">{translate('kaigi.votes.close_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('kaigi.votes.close_body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('kaigi.votes.cancel')}</Button>
          <Button
            variant="contained"
            color="warning"
            disabled={pending}
            onClick={() => void update({ status: 'closed' }, 'kaigi.votes.closed')}
          >
            {translate('kaigi.votes.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
};
