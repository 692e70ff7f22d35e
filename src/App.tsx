/**
 * The react-admin app (spec §2 routes). Rendered inside a router (BrowserRouter in main.tsx,
 * MemoryRouter in tests).
 *
 * /login                    custom login page (noLayout, public)
 * /404                      not-found page (noLayout, public)
 * /                         → role landing (dashboard slot; RootRedirect)
 * /admin                    chamber landing (layout, RoleGuard)
 * /conferences/:id/quorum   a conference's live 定足数 board (layout, RoleGuard conference_receptions/show)
 * /conferences/:id/room     a conference's live room, staff side (layout, RoleGuard conference_rooms/show)
 * /conferences/:id/reception  the reception desk (layout, RoleGuard conference_receptions/show; issue 14)
 * /conferences/:id/minutes/print  the 議事録's A4 print view (noLayout, RoleGuard conference_minutes/show; issue 35)
 * /company/...              company portal (layout, RoleGuard; company/routes.tsx)
 * /forgot-password, /reset-password  password reset (noLayout, public; company/routes.tsx)
 * /room/:token              a room link's page (noLayout, public, no sign-in; DESIGN.md §11.1)
 * Resources: one folder each (src/<resource>/index.ts), API paths in providers/resources.ts.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { KaigiAdmin } from './layout/KaigiAdmin';
import { NavigatorBridge } from './layout/NavigatorBridge';
import { PageLoading, TopProgressBar } from './layout/TopProgressBar';
import { NotFoundContent, NotFoundPage } from './not-found/NotFoundPage';
import { RootRedirect } from './root/RootRedirect';
import { RoleGuard } from './auth/RoleGuard';
import { PAGES } from '../access/permissions';
import { theme } from './theme';
import companies from './companies';
import members from './members';
import positions from './positions';
import users from './users';
import conferenceTemplates from './conference-templates';
import masterData from './master-data';
import conferences from './conferences';
import exportsResource from './exports';
import imports from './imports';
import notifications from './notifications';
import { companyPublicRoutes, companyRoutes } from './company/routes';

const AdminDashboard = lazy(() => import('./dashboard/AdminDashboard'));
const LazyLinkRoomPage = lazy(() => import('./room/LinkRoomPage'));
const QuorumBoardPage = lazy(() => import('./conferences/quorum/QuorumBoardPage'));
const ConferenceRoomPage = lazy(() => import('./conferences/room/ConferenceRoomPage'));
const ReceptionPage = lazy(() => import('./conferences/reception/ReceptionPage'));
const MinutesPrintPage = lazy(() => import('./conferences/minutes/MinutesPrintPage'));
const ChamberSettingsPage = lazy(() => import('./chamber-settings/ChamberSettingsPage'));
// The sign-in form (and the form library behind it) is not part of every signed-in page's first load.
const LazyLoginPage = lazy(() => import('./login/LoginPage'));
const LoginPage = () => (
  <Suspense fallback={<PageLoading />}>
    <LazyLoginPage />
  </Suspense>
);

const guarded = (resource: string, Page: ComponentType, action = 'access') => (
  <RoleGuard resource={resource} action={action}>
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  </RoleGuard>
);

export const App = () => (
  <>
    <NavigatorBridge />
    <TopProgressBar />
    <KaigiAdmin
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={AppLayout}
      dashboard={RootRedirect}
      catchAll={NotFoundContent}
      theme={theme}
      title={i18nProvider.translate('kaigi.app.title')}
    >
      <Resource name="conferences" {...conferences} />
      <Resource name="companies" {...companies} />
      <Resource name="members" {...members} />
      <Resource name="positions" {...positions} />
      <Resource name="users" {...users} />
      <Resource name="conference_templates" {...conferenceTemplates} />
      <Resource name="master_data" {...masterData} />
      <Resource name="exports" {...exportsResource} />
      <Resource name="imports" {...imports} />
      <Resource name="notifications" {...notifications} />
      <CustomRoutes noLayout>
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/conferences/:id/minutes/print" element={guarded('conference_minutes', MinutesPrintPage, 'show')} />
        {companyPublicRoutes}
        <Route
          path="/room/:token"
          element={
            <Suspense fallback={<PageLoading />}>
              <LazyLinkRoomPage />
            </Suspense>
          }
        />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/admin" element={guarded(PAGES.adminDashboard, AdminDashboard)} />
        <Route path="/conferences/:id/quorum" element={guarded('conference_receptions', QuorumBoardPage, 'show')} />
        <Route path="/conferences/:id/room" element={guarded('conference_rooms', ConferenceRoomPage, 'show')} />
        <Route path="/conferences/:id/reception" element={guarded('conference_receptions', ReceptionPage, 'show')} />
        <Route path="/settings/mail" element={guarded('chamber_settings', ChamberSettingsPage, 'edit')} />
        {companyRoutes}
      </CustomRoutes>
    </KaigiAdmin>
  </>
);
