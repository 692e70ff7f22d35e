/** Second step when Cognito answers NEW_PASSWORD_REQUIRED (password policy: min length 8). */
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { PASSWORD_MIN_LENGTH } from './loginErrors';

export interface NewPasswordFormProps {
  submitting: boolean;
  onSubmit: (newPassword: string) => void;
}

export const NewPasswordForm = ({ submitting, onSubmit }: NewPasswordFormProps) => {
  const translate = useTranslate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const min = PASSWORD_MIN_LENGTH;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: password.length >= min ? undefined : translate('kaigi.login.validation.password_min_length', { min }),
      confirm: confirm === password ? undefined : translate('kaigi.login.validation.password_mismatch'),
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    onSubmit(password);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={translate('kaigi.login.new_password.title')}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {translate('kaigi.login.new_password.title')}
        </Typography>
        <Typography variant="body2" id="new-password-help">
          {translate('kaigi.login.new_password.help', { min })}
        </Typography>
        <TextField
          id="new-password"
          name="newPassword"
          type="password"
          label={translate('kaigi.login.new_password.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={!!errors.password}
          helperText={errors.password}
          autoComplete="new-password"
          autoFocus
          fullWidth
          slotProps={{
            htmlInput: {
              'aria-required': true,
              minLength: min,
            },
          }}
        />
        <TextField
          id="new-password-confirm"
          name="newPasswordConfirm"
          type="password"
          label={translate('kaigi.login.new_password.confirm')}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={!!errors.confirm}
          helperText={errors.confirm}
          autoComplete="new-password"
          fullWidth
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
          {translate('kaigi.login.new_password.submit')}
        </Button>
      </Stack>
    </form>
  );
};
