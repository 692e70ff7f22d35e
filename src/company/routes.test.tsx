import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { Admin, CustomRoutes } from 'react-admin';
import { MemoryRouter, Route } from 'react-router-dom';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUserInfoOk, companySessionOk } from '../test/handlers';
import { authProvider } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { currentPath, i18nProvider, LocationSpy } from './test/renderPortal';
import { companyPublicRoutes, companyRoutes } from './routes';
import { FakeEventSource } from '../room/test/fakeEventSource';
import { COMPANY_BASE, serveRoom } from '../room/test/fixtures';

const Bare = ({ children }: { children: ReactNode }) => <>{children}</>;

/** The routes mounted as App.tsx will mount them (see routes.tsx). */
const renderRoutes = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <LocationSpy />
      <Admin authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} layout={Bare} disableTelemetry>
        <CustomRoutes noLayout>{companyPublicRoutes}</CustomRoutes>
        <CustomRoutes>
          {companyRoutes}
          <Route path="/admin" element={<p>admin landing</p>} />
        </CustomRoutes>
      </Admin>
    </MemoryRouter>,
  );

describe('company portal routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('every company page sends the user to confirm-account while link_to_confirm_account is set', async () => {
    amplify.signInAs('COMPANY_ADMIN');
    server.use(
      ...companySessionOk({ email: null }),
      http.get('*/v1/company/companies/42', () =>
        HttpResponse.json({ id: 42, company_code: 'C0042', version: 7, attributes: { name1: '株式会社アクメ', email: null } }),
      ),
    );
    const link = '/company/confirm-account?version=7&company_id=42&hasAddEmail=true';
    Cookies.set('link_to_confirm_account', link);
    renderRoutes('/company/meetings/10');
    expect(await screen.findByRole('heading', { level: 1, name: 'アカウント情報の確認' })).toBeInTheDocument();
    expect(currentPath()).toBe(link);
  });

  it('the profile page is for company admins only: a chamber user goes to its landing page', async () => {
    amplify.signInAs('CCI_ADMIN');
    server.use(cciUserInfoOk());
    renderRoutes('/company/profile');
    expect(await screen.findByText('admin landing')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/admin'));
  });

  it('forgot-password is public (no sign-in needed)', async () => {
    renderRoutes('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'パスワードの再設定' })).toBeInTheDocument();
    expect(currentPath()).toBe('/forgot-password');
  });

  it('the room (issue 12) is for company admins: it opens with a way back to the meeting', async () => {
    FakeEventSource.install();
    amplify.signInAs('COMPANY_ADMIN');
    server.use(...companySessionOk());
    serveRoom(COMPANY_BASE);
    renderRoutes('/company/meetings/10/room');
    expect(await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '会議の詳細へ戻る' })).toHaveAttribute('href', '/company/meetings/10');
  });

  it('the room is not a chamber user’s page: it goes to its landing page', async () => {
    amplify.signInAs('CCI_ADMIN');
    server.use(cciUserInfoOk());
    renderRoutes('/company/meetings/10/room');
    expect(await screen.findByText('admin landing')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/admin'));
  });
});
