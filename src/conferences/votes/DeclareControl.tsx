/**
 * 結果の宣言 (DESIGN.md §12.1): staff declare the result of the newest closed poll. The server
 * judges it against the 議案's rule; when it answers 可否同数 (422 chair_decision_required) the
 * chair's decision (可決 / 否決) is asked and sent with it.
 */
import { useState } from 'react';
import { Alert, Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { problemCode } from '../../common/apiErrors';
import { motionsApi } from '../motions/api';
import type { Motion, MotionResult, Poll, PollResult } from '../motions/types';
import { voteProblemMessage } from '../motions/voteProblem';

export interface DeclareControlProps {
  conferenceId: number;
  motion: Motion;
  poll: Poll;
  onDeclared: (result: PollResult) => void;
}

export const DeclareControl = ({ conferenceId, motion, poll, onDeclared }: DeclareControlProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [tied, setTied] = useState(false);
  const [chair, setChair] = useState<MotionResult | ''>('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const declare = async () => {
    if (tied && !chair) return;
    setPending(true);
    try {
      const result = await motionsApi.declare(conferenceId, motion.id, poll.id, tied && chair ? { chair_decision: chair } : {});
      setError(null);
      const outcome = result.motion.result;
      notify('kaigi.votes.declare.done', {
        type: 'success',
        messageArgs: { number: motion.number, result: outcome ? translate(`kaigi.votes.declare.${outcome}`) : '' },
      });
      onDeclared(result);
    } catch (e) {
      if (problemCode(e) === 'chair_decision_required') {
        setTied(true);
        setError(null);
      } else setError(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack spacing={1.5} component="section" aria-label={translate('kaigi.votes.declare.title')}>
      {!!error && (
        <Alert severity="error" role="alert">
          {voteProblemMessage(error, translate)}
        </Alert>
      )}
      {tied && (
        <FormControl component="fieldset">
          <Alert severity="warning" role="alert" sx={{ mb: 1 }}>
            {translate('kaigi.votes.declare.tie')}
          </Alert>
          <FormLabel component="legend">{translate('kaigi.votes.declare.chair')}</FormLabel>
          <RadioGroup row value={chair} onChange={(e) => setChair(e.target.value as MotionResult)}>
            <FormControlLabel value="adopted" control={<Radio />} label={translate('kaigi.votes.declare.adopted')} />
            <FormControlLabel value="rejected" control={<Radio />} label={translate('kaigi.votes.declare.rejected')} />
          </RadioGroup>
        </FormControl>
      )}
      <div>
        <Button variant="contained" color="success" onClick={() => void declare()} disabled={pending || (tied && !chair)}>
          {translate('kaigi.votes.declare.submit')}
        </Button>
      </div>
    </Stack>
  );
};
