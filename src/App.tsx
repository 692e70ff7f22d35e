/**
 * The react-admin app (spec §2 routes). Rendered inside a router (BrowserRouter in main.tsx,
 * MemoryRouter in tests).
 *
 * /login                    custom login page (noLayout, public)
 * /404                      not-found page (noLayout, public)
 * /                         → role landing (dashboard slot; RootRedirect)
 * /admin                    chamber landing (layout, RoleGuard)
 * /company/meetings         company landing (layout, RoleGuard)
 * /company/confirm-account  forced confirmation step (layout, RoleGuard)
 * Resources (next issues) go below as <Resource name="companies" …/> etc. (providers/resources.ts).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { NavigatorBridge } from './layout/NavigatorBridge';
import { PageLoading, TopProgressBar } from './layout/TopProgressBar';
import { LoginPage } from './login/LoginPage';
import { NotFoundContent, NotFoundPage } from './not-found/NotFoundPage';
import { RootRedirect } from './root/RootRedirect';
import { RoleGuard } from './auth/RoleGuard';
import { PAGES } from './auth/permissions';
import { theme } from './theme';

const AdminDashboard = lazy(() => import('./dashboard/AdminDashboard'));
const CompanyMeetingsPage = lazy(() => import('./company/meetings/CompanyMeetingsPage'));
const ConfirmAccountPage = lazy(() => import('./company/confirm-account/ConfirmAccountPage'));

const guarded = (resource: string, Page: ComponentType) => (
  <RoleGuard resource={resource}>
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  </RoleGuard>
);

export const App = () => (
  <>
    <NavigatorBridge />
    <TopProgressBar />
    <Admin
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={AppLayout}
      dashboard={RootRedirect}
      catchAll={NotFoundContent}
      theme={theme}
      title={i18nProvider.translate('kaigi.app.title')}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/404" element={<NotFoundPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/admin" element={guarded(PAGES.adminDashboard, AdminDashboard)} />
        <Route path="/company/meetings" element={guarded(PAGES.companyMeetings, CompanyMeetingsPage)} />
        <Route path="/company/confirm-account" element={guarded(PAGES.companyConfirmAccount, ConfirmAccountPage)} />
      </CustomRoutes>
    </Admin>
  </>
);
