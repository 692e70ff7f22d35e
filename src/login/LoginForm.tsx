/** E-mail + password step. Enter submits (native form submit). */
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

export interface LoginFormProps {
  submitting: boolean;
  onSubmit: (values: { email: string; password: string }) => void;
}

export const LoginForm = ({ submitting, onSubmit }: LoginFormProps) => {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      email: email.trim() ? undefined : translate('kaigi.login.validation.email_required'),
      password: password ? undefined : translate('kaigi.login.validation.password_required'),
    };
    setErrors(next);
    if (next.email || next.password) return;
    onSubmit({ email: email.trim(), password });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={translate('kaigi.login.title')}>
      <Stack spacing={2}>
        <TextField
          id="login-email"
          name="email"
          type="email"
          label={translate('kaigi.login.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!errors.email}
          helperText={errors.email}
          autoComplete="username"
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <TextField
          id="login-password"
          name="password"
          type="password"
          label={translate('kaigi.login.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={!!errors.password}
          helperText={errors.password}
          autoComplete="current-password"
          fullWidth
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
          {translate(submitting ? 'kaigi.login.submitting' : 'kaigi.login.submit')}
        </Button>
      </Stack>
    </form>
  );
};
