import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { currentPath, location, renderPortal } from '../company/test/renderPortal';
import { LoginPage } from './LoginPage';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

const FORGET = '*/v1/company/common/users/forget_password';
const RESET = '*/v1/company/common/users/reset_password';

const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json({ status, ...body }, { status, headers: { 'content-type': 'application/problem+json' } });

describe('forgot / reset password (company common endpoints)', () => {
  it('/login links to the forgot-password page', async () => {
    renderPortal(<LoginPage />, { url: '/login', path: '/login' });
    expect(await screen.findByRole('link', { name: 'パスワードをお忘れの方' })).toHaveAttribute('href', '/forgot-password');
  });

  it('requests a code for the e-mail, then opens the reset page with it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(FORGET, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'ご登録のメールアドレスの場合、パスワード再設定用の確認コードを送信しました。' });
      }),
    );
    const user = userEvent.setup();
    renderPortal(<ForgotPasswordPage />, { url: '/forgot-password', path: '/forgot-password' });
    await user.click(await screen.findByRole('button', { name: '確認コードを送信' }));
    expect(await screen.findByText('メールアドレスを入力してください。')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^メールアドレス/ }), 'ｃompany-new@example.com');
    await user.click(screen.getByRole('button', { name: '確認コードを送信' }));
    await waitFor(() => expect(currentPath()).toBe('/reset-password?email=company-new%40example.com'));
    expect(bodies).toEqual([{ email: 'company-new@example.com' }]);
    expect(location.state).toEqual({ sent: true });
  });

  it('spec §2: a 404 from forget_password does not redirect to /404', async () => {
    server.use(http.post(FORGET, () => problem(404, { code: 'not_found' })));
    const user = userEvent.setup();
    const { navigated } = renderPortal(<ForgotPasswordPage />, { url: '/forgot-password', path: '/forgot-password' });
    await user.type(await screen.findByRole('textbox', { name: /^メールアドレス/ }), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: '確認コードを送信' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('処理できませんでした。');
    expect(navigated).toEqual([]);
    expect(currentPath()).toBe('/forgot-password');
  });

  it('429 says to wait', async () => {
    server.use(http.post(FORGET, () => problem(429, { code: 'rate_limited' })));
    const user = userEvent.setup();
    renderPortal(<ForgotPasswordPage />, { url: '/forgot-password', path: '/forgot-password' });
    await user.type(await screen.findByRole('textbox', { name: /^メールアドレス/ }), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: '確認コードを送信' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('リクエストが多すぎます。しばらくしてから再度お試しください。');
  });

  it('reset: a wrong code is shown on the code field; the right one completes and links to /login', async () => {
    const bodies: Array<Record<string, string>> = [];
    server.use(
      http.post(RESET, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        if (body.code !== '123456') return problem(400, { code: 'invalid_code', detail: '確認コードが正しくありません。' });
        return HttpResponse.json({ message: 'パスワードを再設定しました。' });
      }),
    );
    const user = userEvent.setup();
    renderPortal(<ResetPasswordPage />, { url: '/reset-password?email=company-new%40example.com', path: '/reset-password' });
    expect(await screen.findByRole('textbox', { name: /^メールアドレス/ })).toHaveValue('company-new@example.com');

    // client-side rules first
    await user.type(screen.getByLabelText(/^新しいパスワード(?!（確認）)/, { selector: 'input' }), 'short');
    await user.type(screen.getByLabelText(/^新しいパスワード（確認）/, { selector: 'input' }), 'other');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定' }));
    expect(await screen.findByText('確認コードを入力してください。')).toBeInTheDocument();
    expect(screen.getByText('パスワードは8文字以上で入力してください。')).toBeInTheDocument();
    expect(screen.getByText('パスワードが一致しません。')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^新しいパスワード(?!（確認）)/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^新しいパスワード(?!（確認）)/, { selector: 'input' }), 'Brand#New2026');
    await user.clear(screen.getByLabelText(/^新しいパスワード（確認）/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^新しいパスワード（確認）/, { selector: 'input' }), 'Brand#New2026');
    await user.type(screen.getByRole('textbox', { name: /^確認コード/ }), '000000');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定' }));
    // said once, on the field (issue 18 item 4), not in a banner as well
    expect(await screen.findAllByText('確認コードが正しくないか、有効期限が切れています。')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /^確認コード/ })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByRole('textbox', { name: /^確認コード/ }));
    await user.type(screen.getByRole('textbox', { name: /^確認コード/ }), '１２３４５６');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定' }));
    expect(await screen.findByText('パスワードを再設定しました。新しいパスワードでログインしてください。')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ email: 'company-new@example.com', code: '123456', password: 'Brand#New2026' });
    expect(screen.getByRole('link', { name: 'ログイン画面へ戻る' })).toHaveAttribute('href', '/login');
  });

  it('確認コードを再送する sends the code again, says so, and waits before another (issue 18 item 4)', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(FORGET, async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1 ? HttpResponse.json({ message: '送信しました。' }) : problem(429, { code: 'rate_limited' });
      }),
    );
    const user = userEvent.setup();
    renderPortal(<ResetPasswordPage />, { url: '/reset-password?email=company-new%40example.com', path: '/reset-password' });
    // what the code is, where it went, how long it lasts, the spam folder
    expect(
      await screen.findByText(
        '確認コードは6桁の数字で、company-new@example.com宛てにメールでお送りしています。有効期限は送信から1時間です。届かない場合は迷惑メールフォルダもご確認ください。',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '確認コードを再送する' }));
    expect(await screen.findByText('確認コードを再送しました。')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'company-new@example.com' }]);
    expect(currentPath()).toBe('/reset-password?email=company-new%40example.com');
    expect(screen.getByRole('button', { name: /確認コードを再送する（あと(60|59)秒）/ })).toBeDisabled();
  });

  it('a resend over the server limit (429) waits for its Retry-After', async () => {
    server.use(
      http.post(FORGET, () =>
        HttpResponse.json(
          { status: 429, code: 'rate_limited' },
          { status: 429, headers: { 'content-type': 'application/problem+json', 'Retry-After': '300' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPortal(<ResetPasswordPage />, { url: '/reset-password?email=company-new%40example.com', path: '/reset-password' });
    await user.click(await screen.findByRole('button', { name: '確認コードを再送する' }));
    expect(
      await screen.findByText('再送の回数が上限に達しました。しばらくしてから再度お試しください。', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /確認コードを再送する（あと(300|299|298)秒）/ })).toBeDisabled();
  }, 30_000);
});
