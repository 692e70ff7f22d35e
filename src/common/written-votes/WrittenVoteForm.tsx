/**
 * One principal's 書面議決 (DESIGN.md §12.1): per 議案 賛成 / 反対 / 棄権 / 未回答 (a radio group
 * each, its legend naming the person and the 議案), saved together (only the changed ones) with
 * PUT …/written_votes — the company's in the portal, staff's from paper in the record-answer
 * dialog (no form element of its own: it sits inside that dialog's form). A 議案 put to the vote
 * is read-only; a vote set aside because the person voted in the hall says so. Refusals are
 * translated (src/api/errors.ts), per 議案 where the server names one.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { SaveBar, type Banner } from './SaveBar';
import { fieldErrorMessage, isHttpError } from '../../api/errors';
import type { WrittenVotes } from '../../api/schema';

export type { WrittenVotes };
export type WrittenVote = WrittenVotes['data'][number];
export type WrittenChoice = NonNullable<WrittenVote['choice']>;
export type WrittenVotesBody = Array<{ motion_id: number; choice: WrittenChoice | null }>;
export const WRITTEN_CHOICES: readonly WrittenChoice[] = ['yes', 'no', 'abstain'];

type Draft = Record<number, WrittenChoice | null>;

const Note = ({ children }: { children: string }) => (
  <Typography variant="caption" component="p" color="text.secondary">
    {children}
  </Typography>
);

const draftOf = (votes: WrittenVotes): Draft => Object.fromEntries(votes.data.map((v) => [v.motion_id, v.choice]));

export interface WrittenVoteFormProps {
  personName: string;
  votes: WrittenVotes;
  /** the votes may still be given (the company: until the deadline) */
  open: boolean;
  /** the react-query key the votes are kept under (set to the saved ones) */
  queryKey: readonly unknown[];
  save(votes: WrittenVotesBody): Promise<WrittenVotes>;
}

export const WrittenVoteForm = ({ personName, votes, open, queryKey, save: put }: WrittenVoteFormProps) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(votes));
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const id = votes.conference_member_id;

  const changed = votes.data.filter((v) => v.motion_status === 'draft' && (draft[v.motion_id] ?? null) !== v.choice);

  const save = async () => {
    if (changed.length === 0) {
      setBanner({ severity: 'info', text: translate('kaigi.written.no_changes') });
      return;
    }
    const body = changed.map((v) => ({ motion_id: v.motion_id, choice: draft[v.motion_id] ?? null }));
    setSaving(true);
    setBanner(null);
    setErrors({});
    try {
      const saved = await put(body);
      queryClient.setQueryData(queryKey, saved);
      setDraft(draftOf(saved));
      setBanner({ severity: 'success', text: translate('kaigi.written.saved') });
    } catch (error) {
      const problem = isHttpError(error) ? error.problem : null;
      const perMotion: Record<number, string> = {};
      for (const e of problem?.errors ?? []) {
        const index = /^body\.votes\.(\d+)\./.exec(e.field)?.[1];
        if (index !== undefined && body[Number(index)])
          perMotion[body[Number(index)].motion_id] = translate(fieldErrorMessage(e));
      }
      setErrors(perMotion);
      setBanner({
        severity: 'error',
        text: `${translate('kaigi.written.error')} ${isHttpError(error) ? translate(error.messageKey) : ''}`.trim(),
      });
      // a 議案 put to the vote meanwhile: show it as it now is
      if (isHttpError(error) && error.status === 422) void queryClient.invalidateQueries({ queryKey });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box>
      <Stack spacing={1.5}>
        {votes.data.map((vote) => {
          const locked = !open || vote.motion_status !== 'draft' || saving;
          const base = `written-${id}-${vote.motion_id}`;
          const error = errors[vote.motion_id];
          return (
            <FormControl key={vote.motion_id} component="fieldset" disabled={locked} error={!!error} data-testid={base}>
              <Typography component="legend" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {translate('kaigi.written.group', { person: personName, motion: `${vote.number} ${vote.title}` })}
              </Typography>
              <RadioGroup
                row
                name={base}
                value={draft[vote.motion_id] ?? ''}
                onChange={(_e, value) =>
                  setDraft((d) => ({ ...d, [vote.motion_id]: value === '' ? null : (value as WrittenChoice) }))
                }
                sx={{ columnGap: 1 }}
              >
                {WRITTEN_CHOICES.map((choice) => (
                  <FormControlLabel
                    key={choice}
                    value={choice}
                    control={<Radio />}
                    label={translate(`kaigi.vote.choice.${choice}`)}
                    sx={{ mr: 1 }}
                  />
                ))}
                <FormControlLabel value="" control={<Radio />} label={translate('kaigi.written.none')} />
              </RadioGroup>
              {/* notes, not helper texts: a locked fieldset would grey them below legible contrast */}
              {vote.motion_status !== 'draft' && <Note>{translate('kaigi.written.in_vote')}</Note>}
              {vote.superseded && <Note>{translate('kaigi.written.superseded')}</Note>}
              {vote.choice && vote.channel && vote.channel !== 'portal' && (
                <Note>{translate('kaigi.written.received', { channel: translate(`kaigi.channels.short.${vote.channel}`) })}</Note>
              )}
              {error && <FormHelperText role="alert">{error}</FormHelperText>}
            </FormControl>
          );
        })}
        <SaveBar
          banner={banner}
          open={open}
          disabled={saving}
          label={translate(saving ? 'kaigi.written.saving' : 'kaigi.written.save')}
          onSave={() => void save()}
        />
      </Stack>
    </Box>
  );
};
