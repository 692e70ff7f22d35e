/**
 * /forgot-password (public, reached from /login): asks for the e-mail and requests a reset code
 * (POST /v1/company/common/users/forget_password). The answer is the same whether or not the
 * account exists; the page then goes to /reset-password with the e-mail filled in.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { PublicCard } from './PublicCard';
import { emailProblem, requestResetCode, resetFailure } from './passwordReset';

export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setFieldError(problem);
    setErrorKey(null);
    if (problem) return;
    const value = email.normalize('NFKC').trim();
    setSubmitting(true);
    try {
      await requestResetCode(value);
      navigate(`/reset-password?email=${encodeURIComponent(value)}`, { state: { sent: true } });
    } catch (error) {
      const failure = resetFailure(error);
      if (failure.field === 'email' && failure.fieldKey) setFieldError(failure.fieldKey);
      setErrorKey(failure.key);
      setSubmitting(false);
    }
  };

  return (
    <PublicCard title={translate('kaigi.company.password_reset.forgot.title')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('kaigi.company.password_reset.forgot.help')}
      </Typography>
      <Box aria-live="assertive" aria-atomic="true">
        {errorKey && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {translate(errorKey)}
          </Alert>
        )}
      </Box>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={translate('kaigi.company.password_reset.forgot.title')}>
        <Stack spacing={2}>
          <TextField
            id="forgot-email"
            name="email"
            type="email"
            label={translate('kaigi.company.password_reset.email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!fieldError}
            helperText={fieldError ? translate(fieldError) : undefined}
            autoComplete="username"
            autoFocus
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'email' }, formHelperText: { role: fieldError ? 'alert' : undefined } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
            {translate(
              submitting ? 'kaigi.company.password_reset.forgot.submitting' : 'kaigi.company.password_reset.forgot.submit',
            )}
          </Button>
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Link component={RouterLink} to="/login" variant="body2">
              {translate('kaigi.company.password_reset.back_to_login')}
            </Link>
            <Link
              component={RouterLink}
              to={`/reset-password${email ? `?email=${encodeURIComponent(email.trim())}` : ''}`}
              variant="body2"
            >
              {translate('kaigi.company.password_reset.forgot.have_code')}
            </Link>
          </Stack>
        </Stack>
      </form>
    </PublicCard>
  );
};

export default ForgotPasswordPage;
