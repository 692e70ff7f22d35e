/**
 * The reset page's help on the code and its 確認コードを再送する (issue 18 item 4): what the code is,
 * where it went, how long it lasts, the spam folder; a resend that says it was sent and then waits.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { emailProblem } from './passwordReset';
import { useResendCode } from './useResendCode';

export const CodeHelp = ({ email }: { email: string }) => {
  const translate = useTranslate();
  const to = emailProblem(email)
    ? translate('kaigi.company.password_reset.reset.code_help_to_unknown')
    : email.normalize('NFKC').trim();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {translate('kaigi.company.password_reset.reset.code_help', { to })}
    </Typography>
  );
};

export const ResendButton = ({ email }: { email: string }) => {
  const translate = useTranslate();
  const { state, wait, resend, disabled } = useResendCode(email);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}>
      <Button variant="text" size="small" onClick={() => void resend()} disabled={disabled}>
        {wait > 0
          ? translate('kaigi.company.password_reset.reset.resend_wait', { seconds: wait })
          : translate('kaigi.company.password_reset.reset.resend')}
      </Button>
      <Box aria-live="polite" aria-atomic="true">
        {state === 'sent' && (
          <Alert severity="success" role="status">
            {translate('kaigi.company.password_reset.reset.resent')}
          </Alert>
        )}
        {state === 'limited' && (
          <Alert severity="warning" role="status">
            {translate('kaigi.company.password_reset.reset.resend_limited')}
          </Alert>
        )}
        {state === 'failed' && (
          <Alert severity="error" role="status">
            {translate('kaigi.company.password_reset.errors.generic')}
          </Alert>
        )}
      </Box>
    </Box>
  );
};
