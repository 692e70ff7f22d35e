/**
 * パスワード変更 (issue 15 item 3): current, new, confirm; Amplify v6 updatePassword (Cognito
 * ChangePassword with the signed-in user's access token), for every role. Checks the policy
 * (spec §9: min 8) and the confirmation before sending; Cognito's refusals in Japanese.
 * Loaded only when opened (DESIGN.md §9 first-load budget).
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { updatePassword } from 'aws-amplify/auth';
import { useNotify, useTranslate } from 'react-admin';
import { PASSWORD_MIN_LENGTH, changePasswordErrorKey } from './passwordErrors';

const K = 'kaigi.account.change_password';

interface FieldErrors {
  current?: string;
  next?: string;
  confirm?: string;
}

export const ChangePasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const min = PASSWORD_MIN_LENGTH;

  const validate = (): FieldErrors => ({
    current: current ? undefined : translate(`${K}.validation.current_required`),
    next:
      [...next].length < min
        ? translate(`${K}.validation.min_length`, { min })
        : next.trim() !== next
          ? translate(`${K}.validation.spaces`)
          : next === current
            ? translate(`${K}.validation.same`)
            : undefined,
    confirm: confirm === next ? undefined : translate(`${K}.validation.mismatch`),
  });

  const close = () => {
    if (submitting) return;
    setCurrent('');
    setNext('');
    setConfirm('');
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFailure(null);
    if (found.current || found.next || found.confirm) return;
    setSubmitting(true);
    try {
      await updatePassword({ oldPassword: current, newPassword: next });
      setSubmitting(false);
      notify(`${K}.done`, { type: 'success' });
      close();
    } catch (error) {
      console.warn('[account] password change failed', error);
      setFailure(changePasswordErrorKey(error));
      setSubmitting(false);
    }
  };

  const field = (id: string, label: string, value: string, set: (v: string) => void, error: string | undefined, auto: string) => (
    <TextField
      id={id}
      type="password"
      label={translate(label)}
      value={value}
      onChange={(e) => set(e.target.value)}
      error={!!error}
      helperText={error}
      autoComplete={auto}
      required
      fullWidth
    />
  );

  return (
    <Dialog open={open} onClose={close} aria-labelledby="change-password-title" fullScreen={fullScreen} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="change-password-title">{translate(`${K}.title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate(`${K}.help`, { min })}
            </Typography>
            <div aria-live="assertive" aria-atomic="true">
              {failure && (
                <Alert severity="error" role="alert">
                  {translate(failure, { min })}
                </Alert>
              )}
            </div>
            {field('current-password', `${K}.current`, current, setCurrent, errors.current, 'current-password')}
            {field('new-password', `${K}.new`, next, setNext, errors.next, 'new-password')}
            {field('confirm-password', `${K}.confirm`, confirm, setConfirm, errors.confirm, 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={submitting}>
            {translate('kaigi.common.actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {translate(submitting ? `${K}.submitting` : `${K}.submit`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

export default ChangePasswordDialog;
