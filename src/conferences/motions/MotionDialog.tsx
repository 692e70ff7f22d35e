/**
 * 議案の追加・編集 (DESIGN.md §12.1): number 「第1号議案」, title, body, the agenda item it belongs to
 * and the 議決要件. Checked here as the server checks it (required, lengths, a reachable fraction);
 * what the server still refuses is said at the top (duplicate number, rule locked, a stale version …).
 * Once a vote was opened the rule is fixed; a declared 議案 changes in nothing. Files are uploaded
 * with the conference's attachments editor (AttachmentsEditor) and kept with the 議案 on 保存.
 */
import { useCallback, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AgendaItem } from '../room/types';
import { AttachmentsEditor } from '../attachments/AttachmentsEditor';
import type { Attachment, AttachmentsChange } from '../attachments/useAttachmentsUpdate';
import { motionsApi } from './api';
import { MotionRuleInput } from './MotionRuleInput';
import { draftOf, ruleOf, type RuleDraft } from './ruleForm';
import type { Motion } from './types';
import { voteProblemMessage } from './voteProblem';

export interface MotionDialogProps {
  conferenceId: number;
  /** the 議案 edited, or null to add one */
  motion: Motion | null;
  /** 「第N号議案」 proposed for a new one */
  defaultNumber: string;
  agenda: readonly AgendaItem[];
  onClose: () => void;
  onSaved: (motion: Motion) => void;
}

const ATTACHMENT_TEXTS = {
  help: 'kaigi.motions.attachments.help',
  saving: 'kaigi.motions.attachments.saving',
  uploaded: 'kaigi.motions.attachments.uploaded',
  deleted: 'kaigi.motions.attachments.deleted',
  delete_confirm_content: 'kaigi.motions.attachments.delete_confirm_content',
} as const;

const LIMITS = { number: 50, title: 200, body: 20_000 } as const;
type TextField_ = keyof typeof LIMITS;

export const MotionDialog = ({ conferenceId, motion, defaultNumber, agenda, onClose, onSaved }: MotionDialogProps) => {
  const translate = useTranslate();
  const [text, setText] = useState<Record<TextField_, string>>({
    number: motion?.number ?? defaultNumber,
    title: motion?.title ?? '',
    body: motion?.body ?? '',
  });
  const [agendaIndex, setAgendaIndex] = useState<number | null>(motion?.agenda_index ?? null);
  const [rule, setRule] = useState<RuleDraft>(() => draftOf(motion?.rule));
  const [attachments, setAttachments] = useState<Attachment[]>(() => motion?.attachments ?? []);
  const [uploading, setUploading] = useState(false);
  // the dialog keeps the files until 保存 sends them with the 議案
  const changeAttachments = useCallback(async (change: AttachmentsChange) => {
    setAttachments((current) => change(current));
    return { reloaded: false };
  }, []);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ruleLocked = motion !== null && motion.status !== 'draft';
  const declared = motion?.status === 'declared';

  const fieldError = (field: TextField_): string | undefined => {
    if (!submitted) return undefined;
    const value = text[field].trim();
    if (field !== 'body' && value === '') return translate('kaigi.motions.form.required');
    if (value.length > LIMITS[field]) return translate('kaigi.motions.form.too_long', { max: LIMITS[field] });
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const number = text.number.trim();
    const title = text.title.trim();
    const body = text.body.trim() || null;
    const serverRule = ruleOf(rule);
    const invalid =
      !number || !title || number.length > LIMITS.number || title.length > LIMITS.title || (body?.length ?? 0) > LIMITS.body;
    if (invalid || !serverRule) return;
    setPending(true);
    setError(null);
    try {
      const fields = { number, title, body, agenda_index: agendaIndex, attachments };
      const saved = motion
        ? await motionsApi.update(conferenceId, motion.id, {
            version: motion.version,
            ...fields,
            ...(ruleLocked ? {} : { rule: serverRule }),
          })
        : await motionsApi.create(conferenceId, { ...fields, rule: serverRule });
      onSaved(saved);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  const textField = (field: TextField_, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={translate(`kaigi.motions.form.${field}`)}
      value={text[field]}
      onChange={(e) => setText({ ...text, [field]: e.target.value })}
      error={!!fieldError(field)}
      helperText={fieldError(field) ?? extra.helperText}
      required={field !== 'body'}
      disabled={declared}
      fullWidth
      {...extra}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="motion-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="motion-dialog-title">
          {translate(motion ? 'kaigi.motions.form.edit_title' : 'kaigi.motions.form.create_title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {declared && <Alert severity="info">{translate('kaigi.motions.form.declared')}</Alert>}
            {!!error && (
              <Alert severity="error" role="alert">
                {voteProblemMessage(error, translate)}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {textField('number', { helperText: translate('kaigi.motions.form.number_help'), sx: { maxWidth: { sm: 220 } } })}
              {textField('title')}
            </Stack>
            {textField('body', { multiline: true, minRows: 3, maxRows: 12 })}
            <TextField
              select
              label={translate('kaigi.motions.form.agenda')}
              value={agendaIndex ?? ''}
              onChange={(e) => setAgendaIndex(e.target.value === '' ? null : Number(e.target.value))}
              disabled={declared}
              fullWidth
            >
              <MenuItem value="">{translate('kaigi.motions.form.agenda_none')}</MenuItem>
              {agenda.map((item, i) => (
                <MenuItem key={i} value={i}>
                  {`${i + 1}. ${item.title}`}
                </MenuItem>
              ))}
            </TextField>
            {ruleLocked && !declared && <Alert severity="info">{translate('kaigi.motions.form.rule_locked')}</Alert>}
            <MotionRuleInput value={rule} onChange={setRule} disabled={ruleLocked} showErrors={submitted} />
            <AttachmentsEditor
              attachments={attachments}
              canEdit={!declared}
              update={changeAttachments}
              texts={ATTACHMENT_TEXTS}
              heading="h3"
              onBusyChange={setUploading}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('kaigi.motions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending || declared || uploading}>
            {translate('kaigi.motions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
