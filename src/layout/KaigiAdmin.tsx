/**
 * react-admin's <Admin> composed from its parts (AdminContext + CoreAdminUI, as react-admin 5's
 * Admin and AdminUI do), without two defaults we never use: <Admin> imports the English messages as
 * its default i18nProvider and <AdminUI> imports react-admin's own login page (and with it the whole
 * form library) as its default loginPage. Both land in every page's first load even when we pass
 * our own (DESIGN.md §9 budget); here they are simply not imported.
 */
import { useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  Notification,
  localStorageStore,
  type AuthProvider,
  type CoreAdminUIProps,
  type DataProvider,
  type I18nProvider,
  type RaThemeOptions,
} from 'react-admin';
import { createQueryClient } from '../providers/queryClient';
import { AccessDeniedPage } from './AccessDeniedPage';

const store = localStorageStore();

interface KaigiAdminProps extends Pick<
  CoreAdminUIProps,
  'layout' | 'loginPage' | 'dashboard' | 'catchAll' | 'title' | 'children'
> {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  theme: RaThemeOptions;
}

export const KaigiAdmin = ({ authProvider, dataProvider, i18nProvider, theme, children, ...ui }: KaigiAdminProps) => {
  // one per mount, as <Admin> does: a remount (sign-out, tests) starts with an empty cache
  const [queryClient] = useState(createQueryClient);
  return (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      queryClient={queryClient}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          {...ui}
          accessDenied={AccessDeniedPage}
          authenticationError={AuthenticationError}
          error={ErrorPage}
          loading={LoadingPage}
          disableTelemetry
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
};
