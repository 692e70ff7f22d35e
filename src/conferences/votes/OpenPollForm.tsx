/**
 * 採決を開始 (DESIGN.md §12.1): the method (挙手 / 記名 / 無記名) and whether the board shows the counts
 * while the vote runs. A 422 quorum_not_met names the 定足数 and the count, and lets staff open
 * anyway with a reason (audited: `override_reason`).
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { motionsApi } from '../motions/api';
import { POLL_METHODS, type Motion, type PollMethod, type PollResult } from '../motions/types';
import { quorumShortfall, voteProblemMessage } from '../motions/voteProblem';

export interface OpenPollFormProps {
  conferenceId: number;
  motion: Motion;
  onOpened: (result: PollResult) => void;
  /** 再採決: the button says so */
  revote?: boolean;
}

export const OpenPollForm = ({ conferenceId, motion, onOpened, revote = false }: OpenPollFormProps) => {
  const translate = useTranslate();
  const [method, setMethod] = useState<PollMethod>('show_of_hands');
  const [live, setLive] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [reasonMissing, setReasonMissing] = useState(false);
  const needsReason = quorumShortfall(error) !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const overrideReason = reason.trim();
    if (needsReason && !overrideReason) {
      setReasonMissing(true);
      return;
    }
    setPending(true);
    try {
      const result = await motionsApi.openPoll(conferenceId, motion.id, {
        method,
        show_counts_live: live,
        ...(needsReason ? { override_reason: overrideReason } : {}),
      });
      setError(null);
      onOpened(result);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <FormControl component="fieldset">
        <FormLabel component="legend">{translate('kaigi.votes.method.legend')}</FormLabel>
        <RadioGroup row value={method} onChange={(e) => setMethod(e.target.value as PollMethod)}>
          {POLL_METHODS.map((m) => (
            <FormControlLabel key={m} value={m} control={<Radio />} label={translate(`kaigi.votes.method.${m}`)} />
          ))}
        </RadioGroup>
        <FormHelperText>{translate(`kaigi.votes.method_help.${method}`)}</FormHelperText>
      </FormControl>
      <FormControl>
        <FormControlLabel
          control={<Switch checked={live} onChange={(e) => setLive(e.target.checked)} />}
          label={translate('kaigi.votes.show_counts_live')}
        />
        <FormHelperText sx={{ mt: 0 }}>{translate('kaigi.votes.show_counts_live_help')}</FormHelperText>
      </FormControl>
      {!!error && (
        <Alert severity={needsReason ? 'warning' : 'error'} role="alert">
          {voteProblemMessage(error, translate)}
        </Alert>
      )}
      {needsReason && (
        <TextField
          label={translate('kaigi.votes.override.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonMissing(false);
          }}
          required
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          error={reasonMissing}
          helperText={translate(reasonMissing ? 'kaigi.votes.override.required' : 'kaigi.votes.override.reason_help')}
        />
      )}
      <div>
        <Button type="submit" variant="contained" color={needsReason ? 'warning' : 'primary'} disabled={pending}>
          {translate(needsReason ? 'kaigi.votes.override.submit' : revote ? 'kaigi.votes.revote' : 'kaigi.votes.open')}
        </Button>
      </div>
    </Stack>
  );
};
