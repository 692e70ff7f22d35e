/**
 * 会員 screens (issue 4 §3) against MSW: list filters (keyword, company, active_on), create with
 * the company picker, edit with validation errors and the 409 reload, and 「ログインアカウントを作成」
 * with its Japanese results (created, temporary password in local mode, 422, 409).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import companies from '../companies';
import positions from '../positions';
import members from '.';

const BASE = '*/v1/cci/admin/master/members';
const COMPANIES = '*/v1/cci/admin/master/companies';

const company = (id: number, name1: string, code: string) => ({
  id,
  cci_code: 'TKY',
  company_code: code,
  version: 1,
  attributes: { name1, admin_changed_info_flag: '0' },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const ACME = company(1, '株式会社アクメ', 'C001');
const MARUNOUCHI = company(2, '丸の内商事', 'C002');

const member = (overrides: Record<string, unknown> = {}) => ({
  id: 10,
  cci_code: 'TKY',
  company_id: 1,
  company_code: 'C001',
  name: '山田 太郎',
  name_kana: 'ヤマダ タロウ',
  title: '代表取締役',
  email: 'yamada@acme.example.jp',
  start_at: '2026-04-01',
  end_at: null,
  version: 2,
  created_at: '2026-04-01T00:00:00.000Z',
  updated_at: '2026-04-01T00:00:00.000Z',
  company: { id: 1, company_code: 'C001', name1: '株式会社アクメ' },
  ...overrides,
});

const list = (rows: unknown[]) => HttpResponse.json({ data: rows, meta: { page: 1, page_size: 10, total: rows.length } });
const problem = (status: number, code: string, detail: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ type: 'about:blank', title: 'Error', status, code, detail, errors: [], ...extra }, { status });

const companyHandlers = () => [
  http.get(COMPANIES, ({ request }) => {
    const q = new URL(request.url).searchParams.get('keyword');
    return list([ACME, MARUNOUCHI].filter((c) => !q || c.attributes.name1.includes(q)));
  }),
  http.get(`${COMPANIES}/:id`, ({ params }) => HttpResponse.json(params.id === '2' ? MARUNOUCHI : ACME)),
];

const noPositions = () => [
  http.get('*/v1/cci/admin/master/positions', () => list([])),
  http.get('*/v1/cci/TKY/master/cci_position_type', () => list([])),
];

const signIn = (role: 'CCI_ADMIN' | 'CCI_CONFERENCE_USER' = 'CCI_ADMIN') => {
  amplify.signInAs(role);
  server.use(cciUserInfoOk({ ...cciUser, user_type: role }), ...companyHandlers(), ...noPositions());
};

const resources = { members, companies, positions };

describe('members list', () => {
  it('lists members with their company and period, and sends keyword, company and active_on filters', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(BASE, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return list([member(), member({ id: 11, name: '佐藤 花子', name_kana: 'サトウ ハナコ', end_at: '2027-03-31' })]);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/members', resources);

    const row = (await screen.findByText('山田 太郎')).closest('tr')!;
    expect(within(row).getByText('株式会社アクメ')).toBeInTheDocument();
    expect(within(row).getByText('2026/04/01(水) 〜 現在')).toBeInTheDocument();
    expect(
      within(screen.getByText('佐藤 花子').closest('tr')!).getByText('2026/04/01(水) 〜 2027/03/31(水)'),
    ).toBeInTheDocument();
    expect(queries[0].get('expand')).toBe('company');
    expect(queries[0].get('sort')).toBe('name_kana');

    await user.type(screen.getByLabelText('キーワード（氏名・フリガナ・事業所）'), 'ヤマダ');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('ヤマダ'));

    await user.type(screen.getByRole('combobox', { name: '事業所' }), '丸の内');
    await user.click(await screen.findByRole('option', { name: '丸の内商事（C002）' }));
    await waitFor(() => expect(queries.at(-1)?.get('company_id')).toBe('2'));

    const activeOn = screen.getByLabelText('在籍日（この日に在籍中）');
    await user.type(activeOn, '2026-11-21');
    await waitFor(() => expect(queries.at(-1)?.get('active_on')).toBe('2026-11-21'));
    expect(queries.at(-1)?.get('keyword')).toBe('ヤマダ');
  });
});

describe('member create', () => {
  it('picks the company by keyword and sends the member; empty optional fields go as null', async () => {
    signIn();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(BASE, () => list([])),
      http.post(BASE, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(member({ id: 12, ...body }), { status: 201 });
      }),
      http.get(`${BASE}/12`, () => HttpResponse.json(member({ id: 12 }))),
    );
    const user = userEvent.setup();
    renderAdmin('/members/create', resources);
    await user.type(await screen.findByRole('combobox', { name: /事業所/ }), '丸の内');
    await user.click(await screen.findByRole('option', { name: '丸の内商事（C002）' }));
    await user.type(screen.getByLabelText(/^氏名/), '鈴木 一郎');
    await user.type(screen.getByLabelText(/^フリガナ/), 'スズキ イチロウ');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({ company_id: 2, name: '鈴木 一郎', name_kana: 'スズキ イチロウ' });
    for (const [key, value] of Object.entries(body!)) {
      if (!['company_id', 'name', 'name_kana'].includes(key)) expect(value).toBeNull();
    }
  });

  it('checks required fields, the e-mail format, フリガナ in kanji and the period on the client, in Japanese', async () => {
    signIn();
    let posted = false;
    server.use(
      http.post(BASE, () => {
        posted = true;
        return HttpResponse.json(member(), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/members/create', resources);
    await user.type(await screen.findByLabelText(/メールアドレス/), 'yamada@');
    await user.type(screen.getByLabelText(/^フリガナ/), '山田 たろう');
    await user.type(screen.getByLabelText(/開始日/), '2026-04-01');
    await user.type(screen.getByLabelText(/終了日/), '2026-03-31');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('メールアドレスの形式で入力してください')).toBeInTheDocument();
    expect(screen.getByText('終了日は開始日以降の日付を指定してください')).toBeInTheDocument();
    expect(screen.getByText('フリガナはカタカナで入力してください（ひらがなも入力できます）')).toBeInTheDocument();
    expect(screen.getAllByText('必須').length).toBeGreaterThanOrEqual(2);
    expect(posted).toBe(false);
  });
});

describe('member edit', () => {
  it('shows the server field errors on their fields (company not in this chamber, period)', async () => {
    signIn();
    server.use(
      http.get(`${BASE}/10`, () => HttpResponse.json(member())),
      http.put(`${BASE}/10`, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            code: 'validation_failed',
            detail: '終了日は開始日以降の日付を指定してください。',
            errors: [{ field: 'body.end_at', code: 'period', message: 'must not be before start_at' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/members/10', resources);
    const title = await screen.findByLabelText(/^肩書/);
    await waitFor(() => expect(title).toHaveValue('代表取締役'));
    await user.clear(title);
    await user.type(title, '会長');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('終了日は開始日以降の日付を指定してください')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/終了日/)).toHaveAttribute('aria-invalid', 'true'));
  });

  it('409: offers to reload the current version and keeps the typed title; the save then carries the new version', async () => {
    signIn();
    let current = member();
    const versions: unknown[] = [];
    server.use(
      http.get(`${BASE}/10`, () => HttpResponse.json(current)),
      http.get(BASE, () => list([current])),
      http.put(`${BASE}/10`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        versions.push(body.version);
        if (body.version !== current.version) {
          return problem(409, 'version_conflict', '他のユーザーが先に更新しました。', { current_version: current.version });
        }
        current = member({ ...body, version: current.version + 1 });
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/members/10', resources);
    const title = await screen.findByLabelText(/^肩書/);
    await waitFor(() => expect(title).toHaveValue('代表取締役'));
    current = member({ version: 3, email: 'new@acme.example.jp' });

    await user.clear(title);
    await user.type(title, '会長');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('他のユーザーが先に更新しました');
    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    await waitFor(() => expect(screen.getByLabelText(/メールアドレス/)).toHaveValue('new@acme.example.jp'));
    expect(screen.getByLabelText(/^肩書/)).toHaveValue('会長');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(current.version).toBe(4));
    expect(versions.at(-1)).toBe(3);
    expect(current).toMatchObject({ title: '会長', email: 'new@acme.example.jp' });
  });
});

describe('create the sign-in account from a member', () => {
  const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'ログインアカウントを作成' }));
    return screen.findByRole('dialog', { name: 'ログインアカウントの作成' });
  };

  it('asks first, then shows the new account and the temporary password the API returned (local mode)', async () => {
    signIn();
    let calls = 0;
    server.use(
      http.get(`${BASE}/10`, () => HttpResponse.json(member())),
      http.post(`${BASE}/10/user`, () => {
        calls += 1;
        return HttpResponse.json(
          {
            username: '0b7e4c1a-9d2f-4e6b-8a3c-5f1d2e9b7c40',
            email: 'yamada@acme.example.jp',
            user_type: 'COMPANY_ADMIN',
            company_id: 1,
            temporary_password: 'Tmp#12345',
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/members/10', resources);
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent('山田 太郎さんのメールアドレス（yamada@acme.example.jp）で、事業所「株式会社アクメ」');
    expect(calls).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: '作成する' }));
    expect(await within(dialog).findByText('ログインアカウントを作成しました。')).toBeInTheDocument();
    expect(within(dialog).getByTestId('temporary-password')).toHaveTextContent('Tmp#12345');
    expect(calls).toBe(1);
    // the account by name and sign-in e-mail, not by its Cognito username (issue 18 item 7)
    const account = within(dialog).getByText('氏名').closest('dl')!;
    expect(account).toHaveTextContent('氏名山田 太郎');
    expect(account).toHaveTextContent('メールアドレス（ログインID）yamada@acme.example.jp');
    expect(dialog).not.toHaveTextContent('0b7e4c1a-9d2f-4e6b-8a3c-5f1d2e9b7c40');
  });

  it('shows no temporary password when the API sends none (production: Cognito e-mails it)', async () => {
    signIn();
    server.use(
      http.get(`${BASE}/10`, () => HttpResponse.json(member())),
      http.post(`${BASE}/10/user`, () =>
        HttpResponse.json(
          { username: 'u-1', email: 'yamada@acme.example.jp', user_type: 'COMPANY_ADMIN', company_id: 1 },
          { status: 201 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/members/10', resources);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: '作成する' }));
    expect(await within(dialog).findByText('本人にログイン方法を記載したメールが送信されます。')).toBeInTheDocument();
    expect(within(dialog).queryByText('仮パスワード')).not.toBeInTheDocument();
  });

  it('422 member_has_no_email and 409 user_exists are explained in Japanese', async () => {
    signIn();
    let answer = 422;
    server.use(
      http.get(`${BASE}/10`, () => HttpResponse.json(member({ email: null }))),
      http.post(`${BASE}/10/user`, () =>
        answer === 422
          ? problem(422, 'member_has_no_email', 'この会員にはメールアドレスが登録されていないため、ユーザーを作成できません。')
          : problem(409, 'user_exists', 'このメールアドレスのユーザーは既に登録されています。'),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/members/10', resources);
    let dialog = await openDialog(user);
    expect(dialog).toHaveTextContent('山田 太郎さんにはメールアドレスが登録されていません。');
    await user.click(within(dialog).getByRole('button', { name: '作成する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'メールアドレスが登録されていないため、ログインアカウントを作成できません。',
    );
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    answer = 409;
    dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: '作成する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('このメールアドレスのユーザーは既に登録されています。');
  });

  it('is not offered to CCI_CONFERENCE_USER, who reads members without editing', async () => {
    signIn('CCI_CONFERENCE_USER');
    server.use(
      http.get(BASE, () => list([member()])),
      http.get(`${BASE}/10`, () => HttpResponse.json(member())),
    );
    const user = userEvent.setup();
    renderAdmin('/members', resources);
    await user.click(await screen.findByText('山田 太郎'));
    expect(await screen.findByText('yamada@acme.example.jp')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ログインアカウントを作成' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '編集' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '役職を追加' })).not.toBeInTheDocument();
  });
});
