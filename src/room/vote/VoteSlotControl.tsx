/**
 * One vote a link casts (its own, or one carried by 委任状): 賛成 / 反対 / 棄権 as three large
 * buttons (aria-pressed says which one is recorded, and a check mark, not colour alone), the
 * recorded state below them. 記名 casts at a tap and may change until close; 無記名 asks first
 * (one ballot, no change) and shows no choice afterwards (the server keeps none tied to the voter).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../ConfirmDialog';
import { roomErrorMessage } from '../roomErrors';
import { VOTE_CHOICES, type OpenPoll, type VoteChoice, type VoteSlot } from './api';

const COLORS = { yes: 'primary', no: 'error', abstain: 'inherit' } as const;

export interface VoteSlotControlProps {
  poll: OpenPoll;
  slot: VoteSlot;
  legend: string;
  /** casts the ballot; rejects with the API's error */
  onCast(slot: VoteSlot, choice: VoteChoice): Promise<void>;
}

export const VoteSlotControl = ({ poll, slot, legend, onCast }: VoteSlotControlProps) => {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<VoteChoice | null>(null);
  const secret = poll.method === 'secret';
  const base = `vote-slot-${slot.conference_member_id}`;

  const cast = async (choice: VoteChoice) => {
    setBusy(true);
    setError(null);
    try {
      await onCast(slot, choice);
    } catch (failure) {
      setError(roomErrorMessage(translate, failure));
    } finally {
      setBusy(false);
    }
  };

  const state = slot.voted
    ? secret
      ? translate('kaigi.vote.recorded_secret')
      : translate('kaigi.vote.recorded', { choice: translate(`kaigi.vote.choice.${slot.choice}`) })
    : translate('kaigi.vote.not_voted');

  return (
    <Box
      component="fieldset"
      aria-describedby={`${base}-state`}
      data-testid={base}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 1.5, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5, fontWeight: 700, overflowWrap: 'anywhere' }}>
        {legend}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
        {VOTE_CHOICES.map((choice) => {
          const chosen = slot.voted && slot.choice === choice;
          return (
            <Button
              key={choice}
              variant={chosen ? 'contained' : 'outlined'}
              color={COLORS[choice]}
              aria-pressed={chosen}
              disabled={!slot.may_vote || busy}
              onClick={() => (secret ? setConfirming(choice) : void cast(choice))}
              startIcon={chosen ? <CheckIcon aria-hidden /> : undefined}
              sx={{ minHeight: 56, fontSize: '1.15rem', fontWeight: 700 }}
            >
              {translate(`kaigi.vote.choice.${choice}`)}
            </Button>
          );
        })}
      </Box>
      <Typography
        id={`${base}-state`}
        role="status"
        variant="body2"
        sx={{ mt: 1, fontWeight: slot.voted ? 700 : 400 }}
        color={slot.voted ? 'text.primary' : 'text.secondary'}
      >
        {busy ? translate('kaigi.vote.sending') : state}
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {secret && (
        <ConfirmDialog
          open={confirming !== null}
          title={translate('kaigi.vote.confirm_title')}
          body={`${legend}\n${translate('kaigi.vote.confirm_body', { choice: translate(`kaigi.vote.choice.${confirming ?? 'yes'}`) })}`}
          note={translate('kaigi.vote.confirm_note')}
          confirmLabel={translate('kaigi.vote.confirm')}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            if (confirming) await onCast(slot, confirming);
            setConfirming(null);
          }}
        />
      )}
    </Box>
  );
};
