/** The authenticated shell: auth guard, react-admin layout, session loading and its error modal. */
import { useState, type ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { AppBar, Layout, Logout, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { ChangePasswordMenuItem, LazyChangePasswordDialog } from '../account/ChangePasswordMenuItem';
import { RequireAuth } from '../auth/RequireAuth';
import { SessionLoader } from '../session/SessionLoader';
import { SessionErrorDialog } from '../session/SessionErrorDialog';
import { AppMenu } from './AppMenu';

/**
 * On wide screens react-admin's user menu shows the user's name; its accessible name must then
 * include that name (WCAG 2.5.3 label in name; axe label-content-name-mismatch compares whole
 * words): 「プロフィール 山田 花子」. Phones show only an icon, labelled by the translation key (a
 * plain string there would be replaced by react-admin's English fallback). Every role finds
 * パスワード変更 there (issue 15 item 3).
 */
const KaigiUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const label =
    wide && identity?.fullName ? translate('kaigi.menu.user_menu_of', { name: identity.fullName }) : 'ra.auth.user_menu';
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <UserMenu label={label}>
        <ChangePasswordMenuItem onOpen={() => setChangingPassword(true)} />
        <Logout />
      </UserMenu>
      <LazyChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
};

const KaigiAppBar = () => <AppBar userMenu={<KaigiUserMenu />} />;

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <RequireAuth>
    <SessionLoader />
    <Layout menu={AppMenu} appBar={KaigiAppBar}>
      {children}
    </Layout>
    <SessionErrorDialog />
  </RequireAuth>
);
