import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { company, companySessionOk } from '../../test/handlers';
import { loadSession, sessionStore } from '../../session/sessionStore';
import { currentPath, renderPortal } from '../test/renderPortal';
import { changePassword } from './changePassword';
import ConfirmAccountPage from './ConfirmAccountPage';

vi.mock('./changePassword', () => ({ changePassword: vi.fn() }));
const changePasswordMock = vi.mocked(changePassword);

const BOTH = '/company/confirm-account?version=7&company_id=42&hasChangePassword=true&hasAddEmail=true';

const stored = (version = 7) => ({
  ...company({ email: null, admin_changed_info_flag: '1', phone: '053-455-2202' }),
  version,
  cci_code: 'TKY',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const api = (initialVersion = 7) => {
  let current = stored(initialVersion);
  const puts: Array<{ version: number; attributes: Record<string, unknown> }> = [];
  server.use(
    ...companySessionOk({ email: null, admin_changed_info_flag: '1' }),
    http.get('*/v1/company/companies/42', () => HttpResponse.json(current)),
    http.get('*/v1/company/companies/42/chamber_changes', () =>
      HttpResponse.json({ changed_at: null, first_registration: false, fields: [] }),
    ),
    http.put('*/v1/company/companies/42', async ({ request }) => {
      const body = (await request.json()) as { version: number; attributes: Record<string, unknown> };
      puts.push(body);
      if (body.version !== current.version) {
        return HttpResponse.json(
          { status: 409, code: 'version_conflict', current_version: current.version },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      current = {
        ...current,
        version: current.version + 1,
        attributes: { ...current.attributes, ...body.attributes, admin_changed_info_flag: '0' },
      };
      return HttpResponse.json(current);
    }),
  );
  return { puts, bump: () => (current = { ...current, version: current.version + 1 }) };
};

const renderPage = async (url = BOTH) => {
  amplify.signInAs('COMPANY_ADMIN');
  Cookies.set('link_to_confirm_account', url);
  await loadSession('COMPANY_ADMIN');
  return renderPortal(<ConfirmAccountPage />, { url, path: '/company/confirm-account' });
};

const fillPassword = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) => {
  if (current) await user.type(await screen.findByLabelText(/^現在のパスワード/), current);
  await user.type(screen.getByLabelText(/^新しいパスワード(?!（確認）)/), next);
  await user.type(screen.getByLabelText(/^新しいパスワード（確認）/), confirm);
};

describe('/company/confirm-account', () => {
  beforeEach(() => {
    changePasswordMock.mockReset().mockResolvedValue(undefined);
    sessionStorage.clear();
  });

  it('with both flags: changes the password, adds the e-mail with the URL version, clears the cookie, goes to /company/meetings', async () => {
    const { puts } = api();
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'アカウント情報の確認' })).toBeInTheDocument();
    expect(screen.getByTestId('confirm-account-has-change-password')).toHaveTextContent('必要');
    expect(screen.getByTestId('confirm-account-has-add-email')).toHaveTextContent('必要');

    await fillPassword(user, 'Kaigi#Demo2026', 'NewPass#2026');
    await user.type(screen.getByRole('textbox', { name: /^メールアドレス/ }), 'ｉｎｆｏ@sakura.example.jp ');
    await user.click(screen.getByRole('button', { name: '確認して利用を開始する' }));

    await waitFor(() => expect(currentPath()).toBe('/company/meetings'));
    expect(changePasswordMock).toHaveBeenCalledWith('Kaigi#Demo2026', 'NewPass#2026');
    expect(puts).toEqual([
      {
        version: 7,
        attributes: { name1: '株式会社アクメ', email: 'info@sakura.example.jp', phone: '053-455-2202' },
      },
    ]);
    expect(Cookies.get('link_to_confirm_account')).toBeUndefined();
    expect(sessionStore.get().company?.attributes.admin_changed_info_flag).toBe('0');
  });

  it('only the e-mail when only hasAddEmail is set (no password fields)', async () => {
    const { puts } = api();
    const user = userEvent.setup();
    await renderPage('/company/confirm-account?version=7&company_id=42&hasAddEmail=true');
    await screen.findByRole('textbox', { name: /^メールアドレス/ });
    expect(screen.queryByLabelText(/^現在のパスワード/)).not.toBeInTheDocument();
    expect(screen.getByTestId('confirm-account-has-change-password')).toHaveTextContent('不要');
    await user.type(screen.getByRole('textbox', { name: /^メールアドレス/ }), 'info@acme.example.jp');
    await user.click(screen.getByRole('button', { name: '確認して利用を開始する' }));
    await waitFor(() => expect(currentPath()).toBe('/company/meetings'));
    expect(changePasswordMock).not.toHaveBeenCalled();
    expect(puts[0].attributes.email).toBe('info@acme.example.jp');
  });

  it('validates before anything is sent: current password, minimum 8, confirmation, e-mail', async () => {
    const { puts } = api();
    const user = userEvent.setup();
    await renderPage();
    await screen.findByLabelText(/^現在のパスワード/);
    await fillPassword(user, '', 'short', 'other');
    await user.type(screen.getByRole('textbox', { name: /^メールアドレス/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: '確認して利用を開始する' }));
    expect(await screen.findByText('現在のパスワードを入力してください。')).toBeInTheDocument();
    expect(screen.getByText('パスワードは8文字以上で入力してください。')).toBeInTheDocument();
    expect(screen.getByText('パスワードが一致しません。')).toBeInTheDocument();
    expect(screen.getByText('メールアドレスの形式が正しくありません。')).toBeInTheDocument();
    expect(changePasswordMock).not.toHaveBeenCalled();
    expect(puts).toHaveLength(0);
    expect(Cookies.get('link_to_confirm_account')).toBe(BOTH);
  });

  it('a wrong current password stops there: the company is not updated and the step stays pending', async () => {
    const { puts } = api();
    changePasswordMock.mockRejectedValue(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    const user = userEvent.setup();
    await renderPage();
    await screen.findByLabelText(/^現在のパスワード/);
    await fillPassword(user, 'wrong-password', 'NewPass#2026');
    await user.type(screen.getByRole('textbox', { name: /^メールアドレス/ }), 'info@acme.example.jp');
    await user.click(screen.getByRole('button', { name: '確認して利用を開始する' }));
    expect(await screen.findByText('現在のパスワードが正しくありません。')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    expect(currentPath()).toBe(BOTH);
    expect(Cookies.get('link_to_confirm_account')).toBe(BOTH);
  });

  it('409 on the company update: the latest version is loaded, the password is not asked again, the retry succeeds', async () => {
    const { puts, bump } = api();
    bump(); // the chamber changed the company after sign-in: version 8 on the server, 7 in the URL
    const user = userEvent.setup();
    await renderPage();
    await screen.findByLabelText(/^現在のパスワード/);
    await fillPassword(user, 'Kaigi#Demo2026', 'NewPass#2026');
    await user.type(screen.getByRole('textbox', { name: /^メールアドレス/ }), 'info@acme.example.jp');
    await user.click(screen.getByRole('button', { name: '確認して利用を開始する' }));

    expect(await screen.findByText(/管理者が事業所情報を更新しました。/)).toBeInTheDocument();
    expect(screen.getByText('パスワードを変更しました。')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^現在のパスワード/)).not.toBeInTheDocument();
    expect(screen.getByTestId('confirm-account-has-change-password')).toHaveTextContent('完了');
    expect(Cookies.get('link_to_confirm_account')).toBe(BOTH);

    await user.click(screen.getByRole('button', { name: '確認して利用を開始する' }));
    await waitFor(() => expect(currentPath()).toBe('/company/meetings'));
    expect(changePasswordMock).toHaveBeenCalledTimes(1);
    expect(puts.at(-1)).toMatchObject({ version: 8, attributes: { email: 'info@acme.example.jp' } });
    expect(Cookies.get('link_to_confirm_account')).toBeUndefined();
  });

  it('a reload after the password changed but the company save failed does not ask for the password again', async () => {
    const { puts } = api();
    server.use(
      http.put(
        '*/v1/company/companies/42',
        () =>
          HttpResponse.json(
            { status: 400, code: 'validation_failed', detail: '入力内容に誤りがあります。' },
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          ),
        { once: true },
      ),
    );
    const user = userEvent.setup();
    const first = await renderPage();
    await screen.findByLabelText(/^現在のパスワード/);
    await fillPassword(user, 'Kaigi#Demo2026', 'NewPass#2026');
    await user.type(screen.getByRole('textbox', { name: /^メールアドレス/ }), 'info@acme.example.jp');
    await user.click(screen.getByRole('button', { name: '確認して利用を開始する' }));
    expect(await screen.findByText('入力内容に誤りがあります。')).toBeInTheDocument();
    first.unmount();

    // the page is loaded again in the same tab
    await renderPage();
    await screen.findByRole('textbox', { name: /^メールアドレス/ });
    expect(screen.queryByLabelText(/^現在のパスワード/)).not.toBeInTheDocument();
    expect(screen.getByTestId('confirm-account-has-change-password')).toHaveTextContent('完了');
    await user.type(screen.getByRole('textbox', { name: /^メールアドレス/ }), 'info@acme.example.jp');
    await user.click(screen.getByRole('button', { name: '確認して利用を開始する' }));
    await waitFor(() => expect(currentPath()).toBe('/company/meetings'));
    expect(changePasswordMock).toHaveBeenCalledTimes(1);
    expect(puts.at(-1)).toMatchObject({ version: 7, attributes: { email: 'info@acme.example.jp' } });
    // done: a later confirmation (the chamber resets the account again) asks for the password anew
    expect(sessionStorage.length).toBe(0);
  });

  it('shows the company data to confirm, the fields the chamber changed marked with their former value (issue 18 item 6)', async () => {
    api();
    server.use(
      http.get('*/v1/company/companies/42/chamber_changes', () =>
        HttpResponse.json({
          changed_at: '2026-11-20T01:00:00.000Z',
          first_registration: false,
          fields: [{ field: 'phone', before: '053-452-1101', after: '053-455-2202' }],
        }),
      ),
    );
    await renderPage();
    const phone = await screen.findByTestId('confirm-field-phone');
    await waitFor(() => expect(phone).toHaveTextContent('事務局が変更'));
    expect(phone).toHaveTextContent('053-455-2202');
    expect(phone).toHaveTextContent('変更前: 053-452-1101');
    expect(screen.getByTestId('confirm-field-name1')).toHaveTextContent('株式会社アクメ');
    expect(screen.getByTestId('confirm-field-name1')).not.toHaveTextContent('事務局が変更');
    expect(screen.getByTestId('confirm-field-email')).toHaveTextContent('（未登録）');
  });
});
