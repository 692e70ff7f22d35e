/**
 * 「仮パスワードを再発行」 (issue 15 item 3): POST …/users/{username}/temporary_password after a
 * confirmation; the new temporary password is shown once. The user must set a new password at the
 * next sign-in. Not offered for the own account (the user menu's パスワード変更 is for that) nor to
 * who may not edit users.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import { Button, useCanAccess, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { KaigiDataProvider } from '../providers/dataProvider';
import { apiErrorMessage } from '../common/apiErrors';
import { useSession } from '../session/useSession';
import { TemporaryPassword } from './TemporaryPassword';

type Phase = { step: 'confirm' } | { step: 'issuing' } | { step: 'done'; password: string } | { step: 'failed'; message: string };

export const ReissuePasswordButton = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const session = useSession();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit' });
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'confirm' });

  if (!record || !canAccess || record.username === session.cciUser?.username) return null;
  const name = String(record.display_name ?? record.email ?? record.username);
  const busy = phase.step === 'issuing';
  const close = () => {
    if (!busy) setOpen(false);
  };
  const issue = async () => {
    setPhase({ step: 'issuing' });
    try {
      const { temporary_password } = await dataProvider.reissueTemporaryPassword(record.username);
      setPhase({ step: 'done', password: temporary_password });
    } catch (error) {
      setPhase({ step: 'failed', message: apiErrorMessage(error) });
    }
  };

  return (
    <>
      <Button
        label="kaigi.users.reissue.button"
        variant="outlined"
        // on white, not the form toolbar's grey: the primary text keeps WCAG AA contrast (axe color-contrast)
        sx={{ bgcolor: 'background.paper' }}
        onClick={() => {
          setPhase({ step: 'confirm' });
          setOpen(true);
        }}
      >
        <KeyIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="reissue-password-title" fullWidth maxWidth="sm">
        <DialogTitle id="reissue-password-title">{translate('kaigi.users.reissue.title')}</DialogTitle>
        <DialogContent>
          {(phase.step === 'confirm' || busy) && (
            <DialogContentText>{translate('kaigi.users.reissue.confirm', { name })}</DialogContentText>
          )}
          {busy && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }} role="status">
              <CircularProgress size={20} />
              <Typography variant="body2">{translate('kaigi.users.reissue.issuing')}</Typography>
            </Stack>
          )}
          {phase.step === 'failed' && (
            <Alert severity="error" role="alert">
              {translate(phase.message, { _: phase.message })}
            </Alert>
          )}
          {phase.step === 'done' && (
            <Stack spacing={2}>
              <Alert severity="success" role="status">
                {translate('kaigi.users.reissue.done')}
              </Alert>
              <TemporaryPassword password={phase.password} email={record.email} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {phase.step === 'done' || phase.step === 'failed' ? (
            <MuiButton onClick={close} autoFocus>
              {translate('kaigi.common.actions.close')}
            </MuiButton>
          ) : (
            <>
              <MuiButton onClick={close} disabled={busy}>
                {translate('kaigi.common.actions.cancel')}
              </MuiButton>
              <MuiButton variant="contained" onClick={issue} disabled={busy} autoFocus>
                {translate('kaigi.users.reissue.submit')}
              </MuiButton>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
};
