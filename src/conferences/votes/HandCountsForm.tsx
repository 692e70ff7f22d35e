/**
 * 挙手 (DESIGN.md §12.1): staff type the hands counted among the voters present (full-width digits
 * read as half-width); Kaigi adds the 書面 and 委任 votes at close. The sum may not pass the
 * voters present (422 counts_exceed_voters, checked here first).
 */
import { useState, type FormEvent } from 'react';
import { Button, FormControl, FormLabel, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { HandCounts, Poll } from '../motions/types';

const KEYS = ['yes', 'no', 'abstain'] as const;

const parseCount = (text: string): number | null => {
  const value = text.normalize('NFKC').trim();
  return /^\d{1,6}$/.test(value) ? Number(value) : null;
};

export interface HandCountsFormProps {
  poll: Poll;
  pending: boolean;
  onSave: (counts: HandCounts) => void;
}

export const HandCountsForm = ({ poll, pending, onSave }: HandCountsFormProps) => {
  const translate = useTranslate();
  const present = poll.entitled.present;
  const [text, setText] = useState<Record<(typeof KEYS)[number], string>>(() => ({
    yes: String(poll.hand_counts?.yes ?? ''),
    no: String(poll.hand_counts?.no ?? ''),
    abstain: String(poll.hand_counts?.abstain ?? ''),
  }));
  const [submitted, setSubmitted] = useState(false);
  const parsed = KEYS.map((k) => parseCount(text[k]));
  const complete = parsed.every((n) => n !== null);
  const sum = complete ? (parsed as number[]).reduce((a, b) => a + b, 0) : 0;
  const tooMany = complete && sum > present;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!complete || tooMany) return;
    const [yes, no, abstain] = parsed as number[];
    onSave({ yes, no, abstain });
  };

  return (
    <FormControl component="form" onSubmit={submit} noValidate sx={{ display: 'block' }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate('kaigi.votes.hands.legend', { present })}
      </FormLabel>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {KEYS.map((key, i) => {
          const bad = submitted && (parsed[i] === null || (tooMany && key === 'yes'));
          return (
            <TextField
              key={key}
              label={translate(`kaigi.votes.hands.${key}`)}
              value={text[key]}
              onChange={(e) => setText({ ...text, [key]: e.target.value })}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              error={bad}
              helperText={
                bad
                  ? translate(parsed[i] === null ? 'kaigi.votes.hands.invalid' : 'kaigi.votes.hands.too_many', { present })
                  : undefined
              }
              sx={{ width: 110 }}
            />
          );
        })}
        <Button type="submit" variant="outlined" disabled={pending} sx={{ mt: 0.5 }}>
          {translate('kaigi.votes.hands.save')}
        </Button>
      </Stack>
    </FormControl>
  );
};
