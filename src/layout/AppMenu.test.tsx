/** Issue 18 item 6: while the account must be confirmed, the company menu offers only that step. */
import { render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { AppMenu } from './AppMenu';

const renderMenu = () =>
  render(
    <MemoryRouter>
      <AdminContext
        i18nProvider={i18nProvider}
        store={memoryStore()}
        authProvider={{
          login: async () => undefined,
          logout: async () => undefined,
          checkAuth: async () => undefined,
          checkError: async () => undefined,
          getPermissions: async () => 'COMPANY_ADMIN',
        }}
      >
        <AppMenu />
      </AdminContext>
    </MemoryRouter>,
  );

describe('company menu', () => {
  afterEach(() => Cookies.remove('link_to_confirm_account'));

  it('offers the meetings and the company profile once the account is confirmed', async () => {
    renderMenu();
    expect(await screen.findByRole('menuitem', { name: '会議一覧' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '事業所情報' })).toBeInTheDocument();
  });

  it('offers only アカウント情報の確認 while the confirmation is pending', async () => {
    Cookies.set('link_to_confirm_account', '/company/confirm-account?version=7&company_id=42&hasAddEmail=true');
    renderMenu();
    expect(await screen.findByRole('menuitem', { name: 'アカウント情報の確認' })).toHaveAttribute(
      'href',
      '/company/confirm-account',
    );
    expect(screen.queryByRole('menuitem', { name: '会議一覧' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '事業所情報' })).not.toBeInTheDocument();
  });
});
