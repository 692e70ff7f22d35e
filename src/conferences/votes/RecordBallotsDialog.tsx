/**
 * Votes staff record (DESIGN.md §12.1 "staff may record a voter's choice"; decision 0038): the
 * chair's 委任 and the votes of present voters without a phone count as 未投票 until recorded. The
 * dialog reads the poll's voters (GET …/polls/{poll_id}), lists those staff may record for — in 記名
 * the present and the delegated, in 挙手 the delegated only (the present are the hands counted) —
 * the not yet voted first, and sends the rows changed as `ballots` of PUT …/polls/{poll_id}. A
 * choice typed replaces a phone's vote (the server allows it until close); one vote per principal.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { motionsApi } from '../motions/api';
import type { Motion, Poll, PollResult, PollVoter, VoteChoice } from '../motions/types';
import { voteProblemMessage } from '../motions/voteProblem';

const CHOICES: readonly VoteChoice[] = ['yes', 'no', 'abstain'];

export interface RecordBallotsDialogProps {
  conferenceId: number;
  motion: Motion;
  poll: Poll;
  onClose: () => void;
  onSaved: (result: PollResult) => void;
}

const recordable = (method: Poll['method'], v: PollVoter) =>
  v.kind === 'delegated' || (method === 'roll_call' && v.kind === 'present');

/** 出席 / 委任（議長） / 委任（受任者 name） */
const useVoterKind = () => {
  const translate = useTranslate();
  return (v: PollVoter) =>
    v.kind === 'present'
      ? translate('kaigi.votes.record.present')
      : v.delegate_to === null
        ? translate('kaigi.votes.record.delegated_chair')
        : translate('kaigi.votes.record.delegated_to', { name: v.delegate_name ?? '' });
};

const useVoterState = () => {
  const translate = useTranslate();
  return (v: PollVoter) => {
    if (!v.voted) return translate('kaigi.votes.record.not_voted');
    if (v.channel === 'staff' && v.choice)
      return translate('kaigi.votes.record.recorded', { choice: translate(`kaigi.votes.tally.${v.choice}`) });
    return translate('kaigi.votes.record.voted_link');
  };
};

/** Shown while mounted: its host mounts it to open it, so every opening starts afresh. */
export const RecordBallotsDialog = ({ conferenceId, motion, poll, onClose, onSaved }: RecordBallotsDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const kindOf = useVoterKind();
  const stateOf = useVoterState();
  const [voters, setVoters] = useState<PollVoter[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);
  const [chosen, setChosen] = useState<Record<number, VoteChoice>>({});
  const [onlyNotVoted, setOnlyNotVoted] = useState(true);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    motionsApi.getPoll(conferenceId, motion.id, poll.id, controller.signal).then(
      (read) => setVoters(read.voters.filter((v) => recordable(poll.method, v))),
      (cause: unknown) => {
        if (!controller.signal.aborted) setLoadError(cause);
      },
    );
    return () => controller.abort();
    // read when the dialog opens (or on retry), not on every event of the poll meanwhile
  }, [generation, conferenceId, motion.id, poll.id, poll.method]);

  const shown = useMemo(() => {
    const all = voters ?? [];
    const sorted = [...all.filter((v) => !v.voted), ...all.filter((v) => v.voted)];
    return onlyNotVoted ? sorted.filter((v) => !v.voted || chosen[v.conference_member_id]) : sorted;
  }, [voters, onlyNotVoted, chosen]);

  const ballots = Object.entries(chosen).map(([id, choice]) => ({ conference_member_id: Number(id), choice }));

  const save = async () => {
    setPending(true);
    try {
      const result = await motionsApi.updatePoll(conferenceId, motion.id, poll.id, { version: poll.version, ballots });
      notify('kaigi.votes.record.saved', { type: 'success', messageArgs: { n: ballots.length } });
      onSaved(result);
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  let body;
  if (loadError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              setLoadError(null);
              setGeneration((g) => g + 1);
            }}
          >
            {translate('kaigi.votes.retry')}
          </Button>
        }
      >
        {translate('kaigi.votes.record.load_error')}
      </Alert>
    );
  } else if (!voters) {
    body = <Typography role="status">{translate('kaigi.votes.loading')}</Typography>;
  } else if (voters.length === 0) {
    body = <Typography>{translate(`kaigi.votes.record.none.${poll.method}`)}</Typography>;
  } else {
    body = (
      <>
        <FormControlLabel
          control={<Checkbox checked={onlyNotVoted} onChange={(e) => setOnlyNotVoted(e.target.checked)} />}
          label={translate('kaigi.votes.record.only_not_voted', {
            n: voters.filter((v) => !v.voted).length,
            total: voters.length,
          })}
        />
        {shown.length === 0 ? (
          <Typography color="text.secondary">{translate('kaigi.votes.record.all_voted')}</Typography>
        ) : (
          <List dense disablePadding aria-label={translate('kaigi.votes.record.list')}>
            {shown.map((v) => (
              <ListItem
                key={v.conference_member_id}
                disableGutters
                divider
                sx={{ gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
              >
                <ListItemText
                  primary={v.company_name ? `${v.name}（${v.company_name}）` : v.name}
                  secondary={`${kindOf(v)}・${stateOf(v)}`}
                  sx={{ minWidth: 0 }}
                />
                <TextField
                  select
                  size="small"
                  slotProps={{
                    select: { native: true },
                    htmlInput: { 'aria-label': translate('kaigi.votes.record.choice', { name: v.name }) },
                  }}
                  value={chosen[v.conference_member_id] ?? ''}
                  onChange={(e) =>
                    setChosen(({ [v.conference_member_id]: _, ...rest }) =>
                      e.target.value ? { ...rest, [v.conference_member_id]: e.target.value as VoteChoice } : rest,
                    )
                  }
                  sx={{ width: { xs: '100%', sm: 140 }, flexShrink: 0 }}
                >
                  <option value="">{translate('kaigi.votes.record.unchanged')}</option>
                  {CHOICES.map((c) => (
                    <option key={c} value={c}>
                      {translate(`kaigi.votes.tally.${c}`)}
                    </option>
                  ))}
                </TextField>
              </ListItem>
            ))}
          </List>
        )}
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="record-ballots-title">
      <DialogTitle id="record-ballots-title">{translate('kaigi.votes.record.title', { number: motion.number })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{translate(`kaigi.votes.record.help.${poll.method}`)}</DialogContentText>
        {body}
        {!!error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {voteProblemMessage(error, translate)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('kaigi.votes.cancel')}</Button>
        <Button variant="contained" disabled={pending || ballots.length === 0} onClick={() => void save()}>
          {translate('kaigi.votes.record.save', { n: ballots.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
