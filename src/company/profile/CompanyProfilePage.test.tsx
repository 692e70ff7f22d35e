import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { company, companySessionOk } from '../../test/handlers';
import { loadSession, sessionStore } from '../../session/sessionStore';
import { renderPortal } from '../test/renderPortal';
import CompanyProfilePage from './CompanyProfilePage';

const stored = (over: Record<string, unknown> = {}, version = 7) => ({
  ...company({
    name_kana: 'アクメ',
    representative: '山田 太郎',
    postal_code: '430-0944',
    address: '静岡県浜松市中央区田町315-21',
    phone: '053-452-1101',
    ...over,
  }),
  version,
  cci_code: 'TKY',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

/** GET serves `current()`; PUT runs `onPut` (default: saves and bumps the version). */
const api = (
  initial = stored(),
  onPut?: (body: { version: number; attributes: Record<string, unknown> }) => Response | undefined,
) => {
  let current = initial;
  const puts: Array<{ version: number; attributes: Record<string, unknown> }> = [];
  server.use(
    ...companySessionOk(),
    http.get('*/v1/company/companies/42', () => HttpResponse.json(current)),
    http.put('*/v1/company/companies/42', async ({ request }) => {
      const body = (await request.json()) as { version: number; attributes: Record<string, unknown> };
      puts.push(body);
      const replaced = onPut?.(body);
      if (replaced) return replaced;
      if (body.version !== current.version) {
        return HttpResponse.json(
          { status: 409, code: 'version_conflict', detail: '他のユーザーが先に更新しました。', current_version: current.version },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      current = { ...current, version: current.version + 1, attributes: { ...current.attributes, ...body.attributes } };
      return HttpResponse.json(current);
    }),
  );
  return {
    puts,
    setCurrent: (next: ReturnType<typeof stored>) => {
      current = next;
    },
  };
};

const renderPage = async () => {
  amplify.signInAs('COMPANY_ADMIN');
  await loadSession('COMPANY_ADMIN');
  return renderPortal(<CompanyProfilePage />, { url: '/company/profile', path: '/company/profile' });
};

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

describe('/company/profile', () => {
  it('shows the own company and edits it with its version; full-width postal code and phone are accepted', async () => {
    const { puts } = api();
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByTestId('profile-name1')).toHaveTextContent('株式会社アクメ');
    expect(screen.getByTestId('profile-company_code')).toHaveTextContent('C0042');
    expect(screen.getByTestId('profile-phone')).toHaveTextContent('053-452-1101');

    await user.click(screen.getByRole('button', { name: '編集する' }));
    await user.clear(field('郵便番号'));
    await user.type(field('郵便番号'), '４３０ー０９３３');
    await user.clear(field('電話番号'));
    await user.type(field('電話番号'), '０５３－４５５－２２０２');
    await user.tab();
    expect(field('電話番号')).toHaveValue('053-455-2202'); // normalised on blur
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('事業所情報を保存しました。')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(puts[0].version).toBe(7);
    expect(puts[0].attributes).toMatchObject({ name1: '株式会社アクメ', postal_code: '430-0933', phone: '053-455-2202' });
    expect(puts[0].attributes).not.toHaveProperty('admin_changed_info_flag');
    expect(screen.getByTestId('profile-postal_code')).toHaveTextContent('430-0933');
    // the session has the saved company (company_name cookie follows it)
    expect(sessionStore.get().company?.version).toBe(8);
  });

  it('clearing the e-mail asks first: the next sign-in will ask for one (issue 18 item 7)', async () => {
    const { puts } = api(stored({ email: 'info@acme.example.jp' }));
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: '編集する' }));
    await user.clear(field('メールアドレス'));
    await user.click(screen.getByRole('button', { name: '保存する' }));
    const dialog = await screen.findByRole('dialog', { name: 'メールアドレスを削除しますか？' });
    expect(dialog).toHaveTextContent('次回ログインしたときにメールアドレスの登録を求められます');
    expect(puts).toHaveLength(0);
    // keeping it sends nothing and leaves the form as typed
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除して保存' }));
    expect(await screen.findByText('事業所情報を保存しました。')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(puts[0].attributes.email ?? '').toBe('');
  });

  it('validates on the client: required name, postal code and phone formats, e-mail', async () => {
    const { puts } = api();
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: '編集する' }));
    await user.clear(field('事業所名'));
    await user.clear(field('郵便番号'));
    await user.type(field('郵便番号'), '43-0944');
    await user.clear(field('電話番号'));
    await user.type(field('電話番号'), '053-45');
    await user.clear(field('メールアドレス'));
    await user.type(field('メールアドレス'), 'info@');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('入力してください。')).toBeInTheDocument();
    expect(screen.getByText('郵便番号は「123-4567」の形式で入力してください。')).toBeInTheDocument();
    expect(
      screen.getByText(/電話番号は数字で、ハイフン・かっこ・空白で区切って入力してください（例: 03-1234-5678、053\(433\)2681/),
    ).toBeInTheDocument();
    expect(screen.getByText('メールアドレスの形式が正しくありません。')).toBeInTheDocument();
    expect(field('郵便番号')).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toHaveLength(0);
  });

  it('フリガナ typed in ひらがな is sent in カタカナ; kanji is refused on the client (issue 15 §4)', async () => {
    const { puts } = api();
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: '編集する' }));
    await user.clear(field('フリガナ'));
    await user.type(field('フリガナ'), '阿久目');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('フリガナはカタカナで入力してください（ひらがなも入力できます）。')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.clear(field('フリガナ'));
    await user.type(field('フリガナ'), 'あくめ　しょうじ');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('事業所情報を保存しました。')).toBeInTheDocument();
    expect(puts[0].attributes).toMatchObject({ name_kana: 'アクメ ショウジ' });
  });

  it('server field errors appear on their fields in Japanese', async () => {
    api(stored(), () =>
      HttpResponse.json(
        {
          status: 400,
          code: 'validation_failed',
          detail: '入力内容に誤りがあります。',
          errors: [{ field: 'body.attributes.address', code: 'maxLength', message: 'must NOT have more than 300 characters' }],
        },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: '編集する' }));
    await user.type(field('住所'), ' 2階');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('文字数が多すぎます')).toBeInTheDocument();
    expect(field('住所')).toHaveAttribute('aria-invalid', 'true');
  });

  it('409: says so, reloads the latest version without losing what was typed, and saves with the new version', async () => {
    const { puts, setCurrent } = api();
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: '編集する' }));
    await user.clear(field('電話番号'));
    await user.type(field('電話番号'), '053-000-1111');
    // meanwhile the chamber changed the address (version 9)
    setCurrent(stored({ address: '静岡県浜松市中央区鍛冶町100-1' }, 9));
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const conflict = await screen.findByText(/他のユーザーが先に事業所情報を更新しました。/);
    await user.click(
      within(conflict.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: '最新の内容を読み込む' }),
    );
    expect(await screen.findByText(/最新の版を読み込みました。入力中の内容は残っています。/)).toBeInTheDocument();
    expect(field('電話番号')).toHaveValue('053-000-1111');
    expect(screen.getByTestId('profile-differs')).toHaveTextContent('最新の登録内容と異なる項目: 住所、電話番号');

    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('事業所情報を保存しました。')).toBeInTheDocument();
    expect(puts[0].version).toBe(7); // refused (the client retries a PUT on 409, spec §9: same answer)
    await waitFor(() => expect(puts.at(-1)?.version).toBe(9));
    expect(puts.at(-1)?.attributes.phone).toBe('053-000-1111');
  });
});
