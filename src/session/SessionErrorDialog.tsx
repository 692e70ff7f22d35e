/**
 * Spec §8: if fetching chamber user info fails, a modal shows
 * 'ユーザ情報取得時にエラーが発生しました。' with a log-off button that signs the user out.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useLogout, useTranslate } from 'react-admin';
import { isChamberRole } from '../../access/roles';
import { useSession } from './useSession';

export const SessionErrorDialog = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const session = useSession();
  const open = session.status === 'error' && isChamberRole(session.role);
  return (
    <Dialog open={open} aria-describedby="session-error-message" data-testid="session-error-dialog">
      <DialogContent>
        <DialogContentText id="session-error-message" role="alert">
          {translate('kaigi.session.user_info_error')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => logout({}, '/login', false)} autoFocus>
          {translate('kaigi.session.log_off')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
