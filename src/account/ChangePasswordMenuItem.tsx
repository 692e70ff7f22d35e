/**
 * 「パスワード変更」 in the user menu (issue 15 item 3). The dialog lives outside the menu (which
 * unmounts its items when it closes); its code loads on first use.
 */
import { Suspense, lazy } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import KeyIcon from '@mui/icons-material/Key';
import { useTranslate, useUserMenu } from 'react-admin';

const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));

export const ChangePasswordMenuItem = ({ onOpen }: { onOpen: () => void }) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <KeyIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('kaigi.account.change_password.menu')}</ListItemText>
    </MenuItem>
  );
};

export const LazyChangePasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) =>
  open ? (
    <Suspense fallback={null}>
      <ChangePasswordDialog open onClose={onClose} />
    </Suspense>
  ) : null;
