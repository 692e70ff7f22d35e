/**
 * The company portal's custom routes (issue 5), for App.tsx:
 *
 *   <CustomRoutes noLayout>{companyPublicRoutes}</CustomRoutes>   public: forgot / reset password
 *   <CustomRoutes>{companyRoutes}</CustomRoutes>                  inside the layout, guarded
 *
 * react-admin does not check custom routes: each page is wrapped in RoleGuard with the resource and
 * action of access/permissions.ts (COMPANY_ADMIN only; while link_to_confirm_account is set every page
 * but confirm-account sends the user there). Pages are lazy so the first load stays small (DESIGN §9).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { RoleGuard } from '../auth/RoleGuard';
import { PAGES } from '../../access/permissions';
import { PageLoading } from '../layout/TopProgressBar';

const CompanyMeetingsPage = lazy(() => import('./meetings/CompanyMeetingsPage'));
const CompanyMeetingShowPage = lazy(() => import('./meetings/CompanyMeetingShowPage'));
const CompanyMeetingRoomPage = lazy(() => import('../room/CompanyMeetingRoomPage'));
const CompanyProfilePage = lazy(() => import('./profile/CompanyProfilePage'));
const ConfirmAccountPage = lazy(() => import('./confirm-account/ConfirmAccountPage'));
const ForgotPasswordPage = lazy(() => import('../login/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../login/ResetPasswordPage'));

export const COMPANY_PATHS = {
  meetings: '/company/meetings',
  meeting: '/company/meetings/:id',
  meetingRoom: '/company/meetings/:id/room',
  profile: '/company/profile',
  confirmAccount: '/company/confirm-account',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

const page = (Page: ComponentType) => (
  <Suspense fallback={<PageLoading />}>
    <Page />
  </Suspense>
);

const guarded = (resource: string, action: string, Page: ComponentType) => (
  <RoleGuard resource={resource} action={action}>
    {page(Page)}
  </RoleGuard>
);

/** Inside the layout (authenticated). */
export const companyRoutes = [
  <Route key="meetings" path={COMPANY_PATHS.meetings} element={guarded(PAGES.companyMeetings, 'access', CompanyMeetingsPage)} />,
  <Route key="meeting" path={COMPANY_PATHS.meeting} element={guarded('company/conferences', 'show', CompanyMeetingShowPage)} />,
  <Route
    key="meeting-room"
    path={COMPANY_PATHS.meetingRoom}
    element={guarded('company/conference_rooms', 'show', CompanyMeetingRoomPage)}
  />,
  <Route key="profile" path={COMPANY_PATHS.profile} element={guarded('company/companies', 'show', CompanyProfilePage)} />,
  <Route
    key="confirm-account"
    path={COMPANY_PATHS.confirmAccount}
    element={guarded(PAGES.companyConfirmAccount, 'access', ConfirmAccountPage)}
  />,
];

/** Without layout, public (signed out). */
export const companyPublicRoutes = [
  <Route key="forgot-password" path={COMPANY_PATHS.forgotPassword} element={page(ForgotPasswordPage)} />,
  <Route key="reset-password" path={COMPANY_PATHS.resetPassword} element={page(ResetPasswordPage)} />,
];
