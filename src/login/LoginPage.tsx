/**
 * /login (spec §2). E-mail + password, then a new-password step when Cognito requires it; when a
 * hosted login is configured, 「シングルサインオン」 beside them, or only that (useHostedLogin).
 * On success goes to confirm-account (company users who must confirm), else the decoded `prev`
 * query parameter, else the role's landing page (authProvider.login decides). A failure shows a
 * Japanese message in an aria-live region and stays on /login.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useAuthState, useLogin, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { readAuthClaims } from '../auth/authSession';
import { COOKIE, getCookie } from '../auth/cookies';
import { hostedCallback } from '../auth/hostedLogin';
import { postLoginTarget, prevFromLocation, safeConfirmAccountLink } from '../auth/redirects';
import { isCompanyRole } from '../../access/roles';
import type { LoginParams } from '../providers/authProvider';
import { LoginForm } from './LoginForm';
import { NewPasswordForm } from './NewPasswordForm';
import { loginErrorKey, PASSWORD_MIN_LENGTH } from './loginErrors';
import { accountDisabledNotice, clearSessionLoss, sessionLossNotice } from '../session/sessionLoss';
import { serverRole } from '../session/sessionStore';
import { useHostedLogin } from './useHostedLogin';
import { HostedLoginSection, HostedLoginProgress } from './HostedLoginSection';

type Step = 'password' | 'newPassword';

export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const prev = prevFromLocation(location.search, location.hash);
  const [step, setStep] = useState<Step>('password');
  const [submitting, setSubmitting] = useState(false);
  // issue 18 item 3: sent here because the API said the login is disabled
  const [errorKey, setErrorKey] = useState<string | null>(() =>
    accountDisabledNotice() ? 'kaigi.login.errors.user_disabled' : null,
  );
  // Issue 11: sent here because the session ended (not a first visit): say so, and that the input waits.
  const [lossNotice] = useState(sessionLossNotice);

  // Already signed in: go where a fresh sign-in would go.
  const { authenticated, isPending } = useAuthState();
  const returning = useRef(hostedCallback() !== null);
  useEffect(() => {
    // back from the hosted login: authProvider.login({ hostedCallback }) decides where to go
    if (!authenticated || returning.current) return;
    let cancelled = false;
    readAuthClaims()
      .then(async (claims) => (claims?.role ? serverRole(claims.role) : null))
      .then((role) => {
        if (cancelled) return;
        // the API refused this login as disabled and signed it out: stay here and say so
        if (accountDisabledNotice()) {
          setErrorKey('kaigi.login.errors.user_disabled');
          return;
        }
        if (!role) return;
        clearSessionLoss();
        const confirm = isCompanyRole(role) ? safeConfirmAccountLink(getCookie(COOKIE.linkToConfirmAccount)) : null;
        navigate(confirm ?? postLoginTarget({ role, prev }), { replace: true });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [authenticated, navigate, prev]);

  const submit = async (params: LoginParams) => {
    setSubmitting(true);
    setErrorKey(null);
    // Answers cached while signed out (checkAuth failed, canAccess false) must not greet the user
    // back on `prev` (issue 11): the pages ask again once signed in.
    queryClient.removeQueries({ queryKey: ['auth'] });
    try {
      await login({ ...params, prev });
    } catch (error) {
      if ((error as Error)?.name === 'NewPasswordRequiredError') {
        setStep('newPassword');
      } else {
        console.warn('[login] sign-in failed', error);
        setErrorKey(loginErrorKey(error, params.newPassword ? 'newPassword' : 'password'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const hostedLogin = useHostedLogin({ prev, isPending, authenticated, submit, setErrorKey });
  const passwordForm = !hostedLogin.hosted?.only && hostedLogin.step !== 'returning';

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Typography component="p" variant="subtitle2" color="text.secondary" gutterBottom>
            {translate('kaigi.app.title')}
          </Typography>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('kaigi.login.title')}
          </Typography>
          {lossNotice && !errorKey && (
            <Alert severity="info" role="status" sx={{ mb: 2 }} data-testid="session-expired">
              {translate(`kaigi.session.${lossNotice}`)}
            </Alert>
          )}
          <Box aria-live="assertive" aria-atomic="true" sx={{ mb: errorKey ? 2 : 0 }}>
            {errorKey && (
              <Alert severity="error" role="alert" data-testid="login-error">
                {translate(errorKey, { min: PASSWORD_MIN_LENGTH })}
              </Alert>
            )}
          </Box>
          {hostedLogin.step !== 'idle' && <HostedLoginProgress step={hostedLogin.step} />}
          {step === 'newPassword' ? (
            <NewPasswordForm submitting={submitting} onSubmit={(newPassword) => submit({ newPassword })} />
          ) : (
            passwordForm && (
              <>
                <LoginForm submitting={submitting} onSubmit={({ email, password }) => submit({ email, password })} />
                <Box sx={{ mt: 2, textAlign: 'center' }}>
                  <Link component={RouterLink} to="/forgot-password" variant="body2">
                    {translate('kaigi.company.password_reset.link')}
                  </Link>
                </Box>
              </>
            )
          )}
          {hostedLogin.hosted && step === 'password' && hostedLogin.step === 'idle' && (
            <HostedLoginSection divider={passwordForm} disabled={submitting} onClick={hostedLogin.leave} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
};

export default LoginPage;
