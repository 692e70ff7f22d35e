/** A yes/no question of the desk (checking in someone not expected, undoing a check-in). */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

interface Props {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export const ConfirmDialog = ({ open, title, body, confirmLabel, busy, onCancel, onConfirm }: Props) => {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="reception-confirm-title" fullWidth maxWidth="xs">
      <DialogTitle id="reception-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('kaigi.reception.confirm.cancel')}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} size="large">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
