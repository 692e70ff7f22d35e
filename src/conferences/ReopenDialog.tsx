/**
 * 回答受付を再開 (DESIGN.md §11.2): a closed conference goes back to 公開中 with a new answer
 * deadline in the future — PUT { status: 'published', answer_deadline, version }. The server
 * refuses a missing or past deadline (422 reopen_deadline_required), told in Japanese. The dialog
 * says how many companies get the notice: only those with 未回答 invitees (issue 33).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { problemMessage } from './problemMessage';
import { fromTokyoInput, instantOf } from './tokyoDateTime';
import { useConferenceWarnings } from './useConferenceWarnings';
import { MailPreviewText } from './MailPreviewText';

const REOPEN = { status: 'published' };
import type { Conference } from './types';

export const ReopenDialog = ({ record, onClose }: { record: Conference; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const showWarnings = useConferenceWarnings();
  const [update, { isPending }] = useUpdate<Conference>();
  const [deadline, setDeadline] = useState('');
  const [error, setError] = useState<string | null>(null);
  // checked against the clock on submit (render stays pure)
  const [invalid, setInvalid] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = instantOf(deadline);
    const problem = at === null || at <= Date.now() ? translate('kaigi.reopen.deadline_future') : undefined;
    setInvalid(problem);
    if (problem) return;
    setError(null);
    update(
      'conferences',
      {
        id: record.id,
        data: { status: 'published', answer_deadline: fromTokyoInput(deadline), version: record.version },
        previousData: record,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: (data) => {
          const done = translate('kaigi.reopen.done');
          if (!showWarnings(data, done)) notify(done, { type: 'success', messageArgs: { _: done } });
          onClose();
        },
        onError: (failure) => setError(problemMessage(failure, translate)),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      aria-labelledby="reopen-title"
      aria-describedby="reopen-content"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reopen-title">{translate('kaigi.reopen.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="reopen-content" sx={{ mb: 2 }}>
            {translate('kaigi.reopen.content', { name: record.name })}
          </DialogContentText>
          <MailPreviewText conferenceId={record.id} body={REOPEN} />
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            type="datetime-local"
            label={translate('kaigi.reopen.deadline')}
            value={deadline}
            onChange={(e) => {
              setDeadline(e.target.value);
              setInvalid(undefined);
            }}
            required
            fullWidth
            autoFocus
            error={!!invalid}
            helperText={invalid}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isPending}>
            {translate('kaigi.reopen.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
