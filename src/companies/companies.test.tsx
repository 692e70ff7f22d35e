/**
 * 事業所 screens (issue 4 §3) against MSW: list filters and sort, create with server field errors,
 * edit with the 409 version_conflict reload that keeps what the user typed, read-only users.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import companies from '.';

const BASE = '*/v1/cci/admin/master/companies';

const company = (overrides: Record<string, unknown> = {}, attributes: Record<string, unknown> = {}) => ({
  id: 1,
  cci_code: 'TKY',
  company_code: 'C001',
  joined_on: '1998-04-01',
  version: 3,
  attributes: {
    name1: '株式会社アクメ',
    name_kana: 'アクメ',
    email: 'info@acme.example.jp',
    representative: '山田 太郎',
    postal_code: '100-0005',
    address: '東京都千代田区丸の内1-1-1',
    phone: '03-1234-5678',
    admin_changed_info_flag: '0',
    ...attributes,
  },
  created_at: '2026-04-01T00:00:00.000Z',
  updated_at: '2026-11-21T05:00:00.000Z',
  ...overrides,
});

const list = (rows: unknown[], total = rows.length) => HttpResponse.json({ data: rows, meta: { page: 1, page_size: 10, total } });

const signIn = (role: 'CCI_ADMIN' | 'CCI_CONFERENCE_USER' = 'CCI_ADMIN') => {
  amplify.signInAs(role);
  server.use(cciUserInfoOk({ ...cciUser, user_type: role }));
};

describe('companies list', () => {
  it('shows companies with the confirmation flag and sends keyword and code filters as the API expects', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(BASE, ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        return list([company(), company({ id: 2, company_code: 'C002' }, { name1: '丸の内商事', admin_changed_info_flag: '1' })]);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies', { companies });

    expect(await screen.findByText('株式会社アクメ')).toBeInTheDocument();
    const row = screen.getByText('丸の内商事').closest('tr')!;
    expect(within(row).getByText('確認待ち')).toBeInTheDocument();
    expect(within(screen.getByText('株式会社アクメ').closest('tr')!).getByText('確認済み')).toBeInTheDocument();
    expect(within(row).getByText('2026/11/21(土) 14:00')).toBeInTheDocument();
    expect(queries[0].get('sort')).toBe('company_code');
    expect(queries[0].get('page_size')).toBe('10');

    await user.type(screen.getByLabelText('キーワード（名称・フリガナ・コード）'), '商事');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('商事'));
    await user.type(screen.getByLabelText('事業所コード（前方一致）'), 'C00');
    await waitFor(() => expect(queries.at(-1)?.get('company_code__startswith')).toBe('C00'));
    expect(queries.at(-1)?.get('keyword')).toBe('商事');
    expect(within(row).getByText('1998/04/01(水)')).toBeInTheDocument();
  });

  it('filters by a 入会日 period, added from the filter menu', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(BASE, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return list([company()]);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies', { companies });
    await screen.findByText('株式会社アクメ');
    await user.click(screen.getByRole('button', { name: '検索条件' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: '入会日（から）' }));
    fireEvent.change(await screen.findByLabelText('入会日（から）'), { target: { value: '2000-04-01' } });
    await waitFor(() => expect(queries.at(-1)?.get('joined_on__gte')).toBe('2000-04-01'));
  });

  it('sorts by フリガナ when the name header is clicked', async () => {
    signIn();
    const sorts: Array<string | null> = [];
    server.use(
      http.get(BASE, ({ request }) => {
        sorts.push(new URL(request.url).searchParams.get('sort'));
        return list([company()]);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies', { companies });
    await screen.findByText('株式会社アクメ');
    await user.click(screen.getByRole('button', { name: /名称/ }));
    await waitFor(() => expect(sorts.at(-1)).toBe('name_kana'));
  });

  it('says in Japanese when nothing matches the filters, and clears them', async () => {
    signIn();
    server.use(
      http.get(BASE, ({ request }) => {
        const keyword = new URL(request.url).searchParams.get('keyword');
        return keyword ? list([]) : list([company()]);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies?filter=' + encodeURIComponent(JSON.stringify({ q: 'ない' })), { companies });
    expect(await screen.findByText('条件に一致する事業所はありません')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '絞り込み条件をクリア' }));
    expect(await screen.findByText('株式会社アクメ')).toBeInTheDocument();
  });

  it('shows the Japanese empty state with a create button for an empty chamber', async () => {
    signIn();
    server.use(http.get(BASE, () => list([])));
    renderAdmin('/companies', { companies });
    expect(await screen.findByText('事業所はまだ登録されていません')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '作成' }).length).toBeGreaterThan(0);
  });

  it('CCI_CONFERENCE_USER reads companies but gets no create action, and a row opens the read-only view', async () => {
    signIn('CCI_CONFERENCE_USER');
    server.use(
      http.get(BASE, () => list([company()])),
      http.get(`${BASE}/1`, () => HttpResponse.json(company())),
    );
    const user = userEvent.setup();
    renderAdmin('/companies', { companies });
    await user.click(await screen.findByText('株式会社アクメ'));
    expect(await screen.findByText('東京都千代田区丸の内1-1-1')).toBeInTheDocument();
    expect(screen.getByText('1998/04/01(水)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '作成' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '編集' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('opens a row from the keyboard: the row takes focus and Enter opens the company', async () => {
    signIn();
    server.use(
      http.get(BASE, () => list([company()])),
      http.get(`${BASE}/1`, () => HttpResponse.json(company())),
    );
    const user = userEvent.setup();
    renderAdmin('/companies', { companies });
    const row = (await screen.findByText('株式会社アクメ')).closest('tr')!;
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByDisplayValue('東京都千代田区丸の内1-1-1')).toBeInTheDocument();
  });
});

describe('company create', () => {
  it('validates on the client in Japanese before sending', async () => {
    signIn();
    let posted = false;
    server.use(
      http.post(BASE, () => {
        posted = true;
        return HttpResponse.json(company(), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies/create', { companies });
    await user.type(await screen.findByLabelText(/事業所コード/), 'C 01');
    await user.type(screen.getByLabelText(/郵便番号/), '1000');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('半角英数字・ハイフン・アンダースコアで入力してください')).toBeInTheDocument();
    expect(screen.getByText('郵便番号は「123-4567」の形式で入力してください')).toBeInTheDocument();
    expect(screen.getAllByText('必須').length).toBeGreaterThan(0);
    expect(posted).toBe(false);
  });

  it('accepts full-width input the server normalises, and sends only the editable attributes', async () => {
    signIn();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(BASE, () => list([])),
      http.post(BASE, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(company({ id: 9 }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies/create', { companies });
    await user.type(await screen.findByLabelText(/事業所コード/), 'Ｃ００９');
    await user.type(screen.getByLabelText(/^名称/), '新橋工業株式会社');
    await user.type(screen.getByLabelText(/郵便番号/), '１０５－０００４');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      company_code: 'Ｃ００９',
      joined_on: null,
      attributes: { name1: '新橋工業株式会社', postal_code: '１０５－０００４' },
    });
  });

  it('puts the server field error (code in use) on the company code field', async () => {
    signIn();
    server.use(
      http.post(BASE, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            code: 'duplicate_company_code',
            detail: 'この事業所コードは既に使われています。',
            errors: [{ field: 'body.company_code', code: 'unique', message: '既に使われています' }],
          },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/companies/create', { companies });
    const codeInput = await screen.findByLabelText(/事業所コード/);
    await user.type(codeInput, 'C001');
    await user.type(screen.getByLabelText(/^名称/), '重複商事');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('既に使われています')).toBeInTheDocument();
    await waitFor(() => expect(codeInput).toHaveAttribute('aria-invalid', 'true'));
  });
});

describe('company edit', () => {
  it('shows the confirmation flag and saves with the version and the editable attributes only', async () => {
    signIn();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(BASE, () => list([company()])),
      http.get(`${BASE}/1`, () => HttpResponse.json(company({}, { admin_changed_info_flag: '1', extra_field: 'x' }))),
      http.put(`${BASE}/1`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(company({ version: 4 }));
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies/1', { companies });
    const phone = await screen.findByLabelText(/電話番号/);
    expect(await screen.findByText('確認待ち')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '03-9999-0000');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      version: 3,
      company_code: 'C001',
      joined_on: '1998-04-01',
      attributes: {
        name1: '株式会社アクメ',
        name_kana: 'アクメ',
        email: 'info@acme.example.jp',
        representative: '山田 太郎',
        postal_code: '100-0005',
        address: '東京都千代田区丸の内1-1-1',
        phone: '03-9999-0000',
      },
    });
  });

  it('入会日: shown in the form and sent as YYYY-MM-DD when changed', async () => {
    signIn();
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.get(BASE, () => list([company()])),
      http.get(`${BASE}/1`, () => HttpResponse.json(company())),
      http.put(`${BASE}/1`, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(company({ version: 4 }));
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies/1', { companies });
    const joined = await screen.findByLabelText('入会日');
    expect(joined).toHaveValue('1998-04-01');
    expect(screen.getByText('商工会議所に入会した日')).toBeInTheDocument();
    fireEvent.change(joined, { target: { value: '2019-05-01' } });
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ version: 3, joined_on: '2019-05-01' });
  });

  it('入会日: an emptied date is sent as null, which clears it', async () => {
    signIn();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(BASE, () => list([company()])),
      http.get(`${BASE}/1`, () => HttpResponse.json(company())),
      http.put(`${BASE}/1`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(company({ version: 4, joined_on: null }));
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies/1', { companies });
    const joined = await screen.findByLabelText('入会日');
    fireEvent.change(joined, { target: { value: '' } });
    fireEvent.blur(joined); // react-admin's DateInput takes an emptied value on blur
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({ version: 3, joined_on: null });
  });

  it('shows server validation errors on the right field in Japanese', async () => {
    signIn();
    server.use(
      http.get(`${BASE}/1`, () => HttpResponse.json(company())),
      http.put(`${BASE}/1`, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            code: 'validation_failed',
            detail: '入力内容に誤りがあります。',
            errors: [{ field: 'body.attributes.phone', code: 'pattern', message: 'must match pattern' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/companies/1', { companies });
    const phone = await screen.findByLabelText(/電話番号/);
    await user.clear(phone);
    await user.type(phone, '0312345678');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('入力形式が正しくありません')).toBeInTheDocument();
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
  });

  it('409: says another user saved first, reloads the current version and keeps what the user typed', async () => {
    signIn();
    let serverRecord = company();
    const puts: Array<Record<string, unknown>> = [];
    server.use(
      http.get(BASE, () => list([serverRecord])),
      http.get(`${BASE}/1`, () => HttpResponse.json(serverRecord)),
      http.put(`${BASE}/1`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        if (body.version !== serverRecord.version) {
          return HttpResponse.json(
            {
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              code: 'version_conflict',
              detail: '他のユーザーが先に更新しました。最新の内容を読み込んでから、もう一度保存してください。',
              errors: [],
              current_version: serverRecord.version,
            },
            { status: 409 },
          );
        }
        serverRecord = company({ version: serverRecord.version + 1 }, { ...(body.attributes as object) });
        return HttpResponse.json(serverRecord);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies/1', { companies });
    const phone = await screen.findByLabelText(/電話番号/);

    // Meanwhile another user changes the address (version 3 → 4).
    serverRecord = company({ version: 4 }, { address: '東京都港区新橋1-1-1' });

    await user.clear(phone);
    await user.type(phone, '03-9999-0000');
    await user.click(screen.getByRole('button', { name: '保存' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('他のユーザーが先に更新しました');
    const reload = within(alert).getByRole('button', { name: '最新の内容を読み込む' });
    await waitFor(() => expect(reload).toHaveFocus());
    expect(phone).toHaveValue('03-9999-0000');

    await user.click(reload);
    expect(await screen.findByText(/最新の内容を読み込みました/)).toBeInTheDocument();
    // the other user's change arrives, the user's typing stays
    await waitFor(() => expect(screen.getByLabelText(/住所/)).toHaveValue('東京都港区新橋1-1-1'));
    expect(screen.getByLabelText(/電話番号/)).toHaveValue('03-9999-0000');

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(puts).toHaveLength(puts.filter((p) => p.version === 3).length + 1));
    const last = puts.at(-1)!;
    expect(last.version).toBe(4);
    expect(last.attributes).toMatchObject({ phone: '03-9999-0000', address: '東京都港区新橋1-1-1' });
    expect(serverRecord.version).toBe(5);
  });
});
