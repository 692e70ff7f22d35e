/**
 * /reset-password?email= (public): the code from the e-mail and a new password (min 8, spec §5)
 * → POST /v1/company/common/users/reset_password. Success says so and links to /login.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { PublicCard } from './PublicCard';
import { CodeHelp, ResendButton } from './ResendCode';
import { emailProblem, PASSWORD_MIN_LENGTH, resetFailure, resetPassword, type ResetField } from './passwordReset';

type Field = ResetField | 'confirm';

export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const location = useLocation();
  const [params] = useSearchParams();
  const sent = (location.state as { sent?: boolean } | null)?.sent === true;
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const doneRef = useRef<HTMLDivElement>(null);
  const min = PASSWORD_MIN_LENGTH;

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {
      email: emailProblem(email),
      code: code.normalize('NFKC').trim() ? undefined : 'kaigi.company.password_reset.validation.code_required',
      password:
        password.length >= min && password.trim() === password ? undefined : 'kaigi.company.password_reset.validation.min_length',
      confirm: confirm === password ? undefined : 'kaigi.company.password_reset.validation.mismatch',
    };
    setErrors(next);
    setErrorKey(null);
    if (Object.values(next).some(Boolean)) return;
    setSubmitting(true);
    try {
      await resetPassword({ email: email.normalize('NFKC').trim(), code: code.normalize('NFKC').trim(), password });
      setDone(true);
    } catch (error) {
      const failure = resetFailure(error);
      // a failure that names a field is said there once (its helper text is an alert), not in the banner too
      if (failure.field && failure.fieldKey) setErrors({ [failure.field]: failure.fieldKey });
      else setErrorKey(failure.key);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field, labelKey: string, value: string, set: (v: string) => void, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`reset-${name}`}
      name={name}
      label={translate(labelKey)}
      value={value}
      onChange={(e) => {
        set(e.target.value);
        if (errors[name]) setErrors((all) => ({ ...all, [name]: undefined }));
      }}
      error={!!errors[name]}
      helperText={errors[name] ? translate(errors[name]!, { min }) : undefined}
      required
      fullWidth
      disabled={submitting}
      slotProps={{ formHelperText: { role: errors[name] ? 'alert' : undefined } }}
      {...extra}
    />
  );

  return (
    <PublicCard title={translate('kaigi.company.password_reset.reset.title')}>
      {done ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status" ref={doneRef} tabIndex={-1}>
            {translate('kaigi.company.password_reset.reset.done')}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
            {translate('kaigi.company.password_reset.back_to_login')}
          </Button>
        </Stack>
      ) : (
        <>
          {sent && (
            <Alert severity="info" role="status" sx={{ mb: 2 }}>
              {translate('kaigi.company.password_reset.reset.sent')}
            </Alert>
          )}
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('kaigi.company.password_reset.reset.help', { min })}
          </Typography>
          <CodeHelp email={email} />
          <Box aria-live="assertive" aria-atomic="true">
            {errorKey && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {translate(errorKey, { min })}
              </Alert>
            )}
          </Box>
          <form onSubmit={(e) => void submit(e)} noValidate aria-label={translate('kaigi.company.password_reset.reset.title')}>
            <Stack spacing={2}>
              {field('email', 'kaigi.company.password_reset.email', email, setEmail, {
                type: 'email',
                autoComplete: 'username',
                autoFocus: !email,
              })}
              {field('code', 'kaigi.company.password_reset.reset.code', code, setCode, {
                autoComplete: 'one-time-code',
                autoFocus: !!email,
                slotProps: { htmlInput: { inputMode: 'numeric' }, formHelperText: { role: errors.code ? 'alert' : undefined } },
              })}
              {field('password', 'kaigi.company.password_reset.reset.password', password, setPassword, {
                type: 'password',
                autoComplete: 'new-password',
              })}
              {field('confirm', 'kaigi.company.password_reset.reset.password_confirm', confirm, setConfirm, {
                type: 'password',
                autoComplete: 'new-password',
              })}
              <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
                {translate(
                  submitting ? 'kaigi.company.password_reset.reset.submitting' : 'kaigi.company.password_reset.reset.submit',
                )}
              </Button>
              <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
                <Link component={RouterLink} to="/login" variant="body2">
                  {translate('kaigi.company.password_reset.back_to_login')}
                </Link>
                {emailProblem(email) ? (
                  <Link
                    component={RouterLink}
                    to={`/forgot-password${email ? `?email=${encodeURIComponent(email.trim())}` : ''}`}
                    variant="body2"
                  >
                    {translate('kaigi.company.password_reset.reset.resend')}
                  </Link>
                ) : (
                  <ResendButton email={email} />
                )}
              </Stack>
            </Stack>
          </form>
        </>
      )}
    </PublicCard>
  );
};

export default ResetPasswordPage;
