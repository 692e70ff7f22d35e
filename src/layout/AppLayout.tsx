/** The authenticated shell: auth guard, react-admin layout, session loading and its error modal. */
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { RequireAuth } from '../auth/RequireAuth';
import { SessionLoader } from '../session/SessionLoader';
import { SessionErrorDialog } from '../session/SessionErrorDialog';
import { AppMenu } from './AppMenu';

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <RequireAuth>
    <SessionLoader />
    <Layout menu={AppMenu}>{children}</Layout>
    <SessionErrorDialog />
  </RequireAuth>
);
