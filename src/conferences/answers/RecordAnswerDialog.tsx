/**
 * 回答を記録 (DESIGN.md §11.2): staff record or correct one invitee's answer received by FAX,
 * phone, mail, at the counter or on paper — PUT /conference_members/{id} with the row's version,
 * the channel and when it was received (default now, Tokyo). 代理出席 needs the substitute's name
 * and title; 委任状 only where the conference allows it, with its 委任先 (DESIGN.md §12.1
 * `delegate_to`: the chair, or another principal of the conference — any company's, unlike the
 * portal; decision 0034). Below, a principal's 書面議決 per 議案 (StaffWrittenVotes, issue 34), saved
 * on its own.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ConferenceMemberUpdate } from '../../api/schema';
import type { KaigiDataProvider } from '../../providers/dataProvider';
import { isVersionConflict } from '../../common/apiErrors';
import { ANSWER_CONTENTS } from '../answerTally';
import { STAFF_CHANNELS, type StaffChannel } from '../channels';
import { problemMessage } from '../problemMessage';
import { fromTokyoInput, instantOf, toTokyoInput } from '../tokyoDateTime';
import type { InviteeRecord } from '../useConferenceMembers';
import { StaffWrittenVotes } from './StaffWrittenVotes';

export interface RecordAnswerDialogProps {
  /** the invitee whose answer is recorded; null: closed */
  row: InviteeRecord | null;
  allowDelegate: boolean;
  /** the conference's invitees (the 委任先 choice offers its other principals) */
  invitees: readonly InviteeRecord[];
  onClose: () => void;
  /** after a save or a stale version: the caller reloads the list */
  onSaved: () => void;
}

type Choice = (typeof ANSWER_CONTENTS)[number] | 'none';

interface Draft {
  answer: Choice | '';
  proxyName: string;
  proxyTitle: string;
  channel: StaffChannel | '';
  receivedAt: string;
  /** 委任先: CHAIR or a conference member id */
  delegateTo: string;
}

const CHAIR = 'chair';

const draftOf = (row: InviteeRecord): Draft => ({
  answer: row.answer_content ?? '',
  proxyName: row.proxy_name ?? '',
  proxyTitle: row.proxy_title ?? '',
  channel: (STAFF_CHANNELS as readonly string[]).includes(row.answer_channel ?? '') ? (row.answer_channel as StaffChannel) : '',
  receivedAt: toTokyoInput(new Date()),
  delegateTo: row.answer_content === 'delegate' && row.delegate_to != null ? String(row.delegate_to) : CHAIR,
});

/**
 * Whom a principal may delegate to: another principal of the conference who does not delegate in
 * turn (the server refuses a chain, 422 delegation_chain), and the one recorded whatever they answer.
 */
export const delegateCandidates = (row: InviteeRecord, invitees: readonly InviteeRecord[]) =>
  invitees.filter(
    (other) =>
      other.id !== row.id &&
      other.category === 'principal' &&
      (other.answer_content !== 'delegate' || other.id === row.delegate_to),
  );

/** The PUT body: the proxy's name and title only with 代理出席, the 委任先 only with 委任状; 未回答 is a null answer. */
export const staffAnswerBody = (row: InviteeRecord, draft: Draft): ConferenceMemberUpdate => {
  const answer = draft.answer === 'none' || draft.answer === '' ? null : draft.answer;
  // a cleared 受付日時 is left out: the server takes the time it receives the request
  const receivedAt = fromTokyoInput(draft.receivedAt);
  return {
    version: row.version,
    answer_content: answer,
    ...(answer === 'proxy_attend' ? { proxy_name: draft.proxyName.trim(), proxy_title: draft.proxyTitle.trim() } : {}),
    ...(answer === 'delegate' ? { delegate_to: draft.delegateTo === CHAIR ? null : Number(draft.delegateTo) } : {}),
    // never empty here: the form refuses to submit without a channel
    ...(draft.channel ? { answer_channel: draft.channel } : {}),
    ...(receivedAt ? { answer_received_at: receivedAt } : {}),
  };
};

export const RecordAnswerDialog = (props: RecordAnswerDialogProps) =>
  // a fresh form for every invitee
  props.row ? <AnswerForm key={props.row.id} {...props} row={props.row} /> : null;

const AnswerForm = ({ row, allowDelegate, invitees, onClose, onSaved }: RecordAnswerDialogProps & { row: InviteeRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = row.member?.name ?? String(row.member_id);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  // 委任状 stays listed when it is the stored answer, so it can be changed away from
  const choices: Choice[] = ANSWER_CONTENTS.filter((c) => c !== 'delegate' || allowDelegate || row.answer_content === 'delegate');
  if (row.answer_content) choices.push('none');

  const [inFuture, setInFuture] = useState(false);
  const errors = {
    answer: !draft.answer ? translate('kaigi.record_answer.required') : undefined,
    proxyName:
      draft.answer === 'proxy_attend' && !draft.proxyName.trim()
        ? translate('kaigi.conferences.errors.proxy_name_required')
        : undefined,
    proxyTitle:
      draft.answer === 'proxy_attend' && !draft.proxyTitle.trim()
        ? translate('kaigi.conferences.errors.proxy_title_required')
        : undefined,
    channel: !draft.channel ? translate('kaigi.conferences.errors.answer_channel_required') : undefined,
    // checked against the clock on submit (render stays pure)
    receivedAt: inFuture ? translate('kaigi.conferences.errors.received_at_in_future') : undefined,
  };
  const shown = (message: string | undefined) => (touched ? message : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const received = instantOf(draft.receivedAt);
    const future = received !== null && received > Date.now();
    setInFuture(future);
    if (future || Object.values(errors).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      await dataProvider.recordAnswer(row.id, staffAnswerBody(row, draft));
      notify('kaigi.record_answer.saved', { type: 'success', messageArgs: { name } });
      onSaved();
      onClose();
    } catch (failure) {
      if (isVersionConflict(failure)) {
        notify('kaigi.record_answer.conflict', { type: 'warning' });
        onSaved();
        onClose();
      } else {
        setError(problemMessage(failure, translate));
      }
    } finally {
      setBusy(false);
    }
  };

  const title = translate('kaigi.record_answer.title', { name });
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="record-answer-title" fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="record-answer-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <FormControl error={!!shown(errors.answer)} required>
              <FormLabel id="record-answer-choice">{translate('kaigi.record_answer.answer')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="record-answer-choice"
                value={draft.answer}
                onChange={(_e, value) => set({ answer: value as Choice })}
              >
                {choices.map((choice) => (
                  <FormControlLabel
                    key={choice}
                    value={choice}
                    control={<Radio size="small" />}
                    label={translate(choice === 'none' ? 'kaigi.record_answer.clear' : `kaigi.conferences.answer.${choice}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            {draft.answer === 'proxy_attend' && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={translate('kaigi.record_answer.proxy_name')}
                  value={draft.proxyName}
                  onChange={(e) => set({ proxyName: e.target.value })}
                  required
                  error={!!shown(errors.proxyName)}
                  helperText={shown(errors.proxyName)}
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                />
                <TextField
                  label={translate('kaigi.record_answer.proxy_title')}
                  value={draft.proxyTitle}
                  onChange={(e) => set({ proxyTitle: e.target.value })}
                  required
                  error={!!shown(errors.proxyTitle)}
                  helperText={shown(errors.proxyTitle)}
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                />
              </Stack>
            )}
            {draft.answer === 'delegate' && (
              <TextField
                select
                label={translate('kaigi.record_answer.delegate_to')}
                value={draft.delegateTo}
                onChange={(e) => set({ delegateTo: e.target.value })}
                helperText={translate('kaigi.record_answer.delegate_help')}
                size="small"
              >
                <MenuItem value={CHAIR}>{translate('kaigi.record_answer.chair')}</MenuItem>
                {delegateCandidates(row, invitees).map((other) => (
                  <MenuItem key={other.id} value={String(other.id)}>
                    {`${other.member?.name ?? other.member_id}${other.company ? `（${other.company.name1}）` : ''}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              label={translate('kaigi.record_answer.channel')}
              value={draft.channel}
              onChange={(e) => set({ channel: e.target.value as StaffChannel })}
              required
              error={!!shown(errors.channel)}
              helperText={shown(errors.channel)}
              size="small"
            >
              {STAFF_CHANNELS.map((channel) => (
                <MenuItem key={channel} value={channel}>
                  {translate(`kaigi.channels.short.${channel}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="datetime-local"
              label={translate('kaigi.record_answer.received_at')}
              value={draft.receivedAt}
              onChange={(e) => {
                set({ receivedAt: e.target.value });
                setInFuture(false);
              }}
              error={!!shown(errors.receivedAt)}
              helperText={shown(errors.receivedAt) ?? translate('kaigi.record_answer.received_at_help')}
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <StaffWrittenVotes row={row} channel={draft.channel} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {translate('kaigi.record_answer.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
