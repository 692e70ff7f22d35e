/** A yes/no question before a destructive step (staff deleting a chat message); Esc cancels. */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import { roomErrorMessage } from './roomErrors';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  note: string;
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): Promise<void>;
}

export const ConfirmDialog = ({ open, title, body, note, confirmLabel, onCancel, onConfirm }: ConfirmDialogProps) => {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = () => {
    setError(null);
    onCancel();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(roomErrorMessage(translate, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={cancel} aria-labelledby="room-confirm-title" fullWidth maxWidth="xs">
      <DialogTitle id="room-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.primary' }}>
          {body}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{note}</DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{translate('kaigi.room.cancel')}</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
