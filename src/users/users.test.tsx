import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import users from '.';

// react-admin keeps list params (filters, sort) in its localStorage store: start each test afresh
beforeEach(() => localStorage.clear());

const renderUsers = (url: string) => renderAdmin(url, { users, companies: {} });

const user = (username: string, fields: Record<string, unknown> = {}) => ({
  username,
  cci_code: 'TKY',
  user_type: 'CCI_CONFERENCE_USER',
  company_id: null,
  email: `${username}@tky.example.jp`,
  display_name: null,
  enabled: true,
  version: 3,
  created_at: '2026-04-01T00:00:00Z',
  updated_at: '2026-11-21T05:00:00Z',
  ...fields,
});

const USERS = [
  user('tky-admin', { user_type: 'CCI_ADMIN', email: 'admin@tky.example.jp', display_name: '東京 太郎' }),
  user('staff-1', { display_name: '会議 次郎' }),
  user('acme-admin', { user_type: 'COMPANY_ADMIN', company_id: 42, display_name: '山田 花子', enabled: false }),
];

const COMPANIES = [
  { id: 42, company_code: 'C0042', version: 1, attributes: { name1: '株式会社アクメ' } },
  { id: 43, company_code: 'C0043', version: 1, attributes: { name1: '浜松商事株式会社' } },
];

const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'x', status, errors: [], ...body },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

interface Put {
  username: string;
  body: Record<string, unknown>;
}

/** The users API over USERS (filters like the server) and the companies the picker reads. */
const usersApi = (onPut?: (put: Put) => Response | undefined) => {
  const lists: URLSearchParams[] = [];
  const puts: Put[] = [];
  server.use(
    http.get('*/v1/cci/admin/master/users', ({ request }) => {
      const q = new URL(request.url).searchParams;
      lists.push(q);
      const keyword = q.get('keyword');
      const data = USERS.filter(
        (u) =>
          (!q.get('user_type') || u.user_type === q.get('user_type')) &&
          (!q.get('enabled') || String(u.enabled) === q.get('enabled')) &&
          (!keyword || `${u.email} ${u.display_name ?? ''}`.includes(keyword)),
      );
      return HttpResponse.json({ data, meta: { page: 1, page_size: 10, total: data.length } });
    }),
    http.get('*/v1/cci/admin/master/users/:username', ({ params }) => {
      const found = USERS.find((u) => u.username === params.username);
      return found ? HttpResponse.json(found) : problem(404, { code: 'not_found' });
    }),
    http.put('*/v1/cci/admin/master/users/:username', async ({ request, params }) => {
      const put = { username: String(params.username), body: (await request.json()) as Record<string, unknown> };
      puts.push(put);
      const custom = onPut?.(put);
      if (custom) return custom;
      const current = USERS.find((u) => u.username === params.username)!;
      const { version: _version, ...changes } = put.body;
      return HttpResponse.json({ ...current, ...changes, version: current.version + 1 });
    }),
    http.get('*/v1/cci/admin/master/companies', ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword');
      const data = COMPANIES.filter((c) => !keyword || c.attributes.name1.includes(keyword) || c.company_code.includes(keyword));
      return HttpResponse.json({ data, meta: { page: 1, page_size: 20, total: data.length } });
    }),
    http.get('*/v1/cci/admin/master/companies/:id', ({ params }) =>
      HttpResponse.json(COMPANIES.find((c) => String(c.id) === params.id)),
    ),
  );
  return { lists, puts };
};

const asAdmin = () => {
  amplify.signInAs('CCI_ADMIN');
  server.use(cciUserInfoOk());
};

const asConferenceUser = () => {
  amplify.signInAs('CCI_CONFERENCE_USER');
  server.use(cciUserInfoOk({ ...cciUser, username: 'staff-1', user_type: 'CCI_CONFERENCE_USER' }));
};

const findTable = () => screen.findByRole('table', {}, { timeout: 5000 });

const chooseOption = async (ue: ReturnType<typeof userEvent.setup>, label: string, option: string | RegExp) => {
  await ue.click(screen.getByRole('combobox', { name: label }));
  await ue.click(await screen.findByRole('option', { name: option }));
};

describe('users list (issue 4 §3)', () => {
  it('shows e-mail, name, Japanese role, company and status', async () => {
    asAdmin();
    const { lists } = usersApi();
    renderUsers('/users');
    const table = await findTable();
    const row = (await within(table).findByText('山田 花子')).closest('tr')!;
    expect(within(row).getByText('事業所')).toBeInTheDocument();
    expect(within(row).getByText('無効')).toBeInTheDocument();
    expect(await within(row).findByText('株式会社アクメ')).toBeInTheDocument();
    expect(within(row).getByText('2026/11/21(土) 14:00')).toBeInTheDocument();
    const admin = within(table).getByText('東京 太郎').closest('tr')!;
    expect(within(admin).getByText('スーパー管理者')).toBeInTheDocument();
    expect(within(admin).getByText('有効')).toBeInTheDocument();
    expect(lists[0].get('sort')).toBe('email');
  });

  it('filters by keyword, role and status', async () => {
    asAdmin();
    const { lists } = usersApi();
    const ue = userEvent.setup();
    renderUsers('/users');
    const table = await findTable();
    await within(table).findByText('東京 太郎');

    await ue.type(screen.getByRole('textbox', { name: /キーワード|メールアドレスまたは表示名の一部/ }), '山田');
    await waitFor(() => expect(within(table).queryByText('東京 太郎')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(within(table).getByText('山田 花子')).toBeInTheDocument();
    expect(lists.at(-1)!.get('keyword')).toBe('山田');
    await ue.clear(screen.getByRole('textbox', { name: /キーワード|メールアドレスまたは表示名の一部/ }));

    await chooseOption(ue, '権限', '管理者');
    await waitFor(() => expect(lists.at(-1)!.get('user_type')).toBe('CCI_CONFERENCE_USER'), { timeout: 4000 });
    await waitFor(() => expect(within(table).queryByText('東京 太郎')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(within(table).getByText('会議 次郎')).toBeInTheDocument();

    await chooseOption(ue, '権限', 'スーパー管理者');
    await within(table).findByText('東京 太郎');
    await chooseOption(ue, '状態', '無効');
    await waitFor(() => expect(lists.at(-1)!.get('enabled')).toBe('false'), { timeout: 4000 });
    expect(await screen.findByText('条件に一致するユーザーはありません')).toBeInTheDocument();
  });

  it('CCI_CONFERENCE_USER may read users (menu, list, detail) but finds no edit action', async () => {
    asConferenceUser();
    usersApi();
    const ue = userEvent.setup();
    renderUsers('/users');
    const table = await findTable();
    expect(screen.getByRole('menuitem', { name: 'ユーザー' })).toBeInTheDocument();
    await ue.click(await within(table).findByText('山田 花子'));
    expect(await screen.findByText('ユーザー: 山田 花子', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('株式会社アクメ')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /編集/ })).not.toBeInTheDocument();
  });

  it('CCI_CONFERENCE_USER opening /users/create sees the access-denied page like any other blocked page (issue 18 item 7)', async () => {
    asConferenceUser();
    usersApi();
    renderUsers('/users/create');
    expect(await screen.findByText('このページを表示する権限がありません', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /メールアドレス/ })).not.toBeInTheDocument();
  });

  it('CCI_CONFERENCE_USER opening the edit URL is refused: no form, no write', async () => {
    asConferenceUser();
    const { puts } = usersApi();
    renderUsers('/users/acme-admin');
    expect(await screen.findByText('このページを表示する権限がありません', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });
});

describe('user edit (issue 4 §3)', () => {
  it('moves a 事業所 login to another company, and sends only the update fields with version', async () => {
    asAdmin();
    const { puts } = usersApi();
    const ue = userEvent.setup();
    renderUsers('/users/acme-admin');
    const name = await screen.findByRole('textbox', { name: '表示名' }, { timeout: 5000 });
    await waitFor(() => expect(name).toHaveValue('山田 花子'));
    const company = screen.getByRole('combobox', { name: '事業所' });
    await waitFor(() => expect(company).toHaveValue('株式会社アクメ (C0042)'));
    await ue.clear(company);
    await ue.type(company, '浜松');
    await ue.click(await screen.findByRole('option', { name: '浜松商事株式会社 (C0043)' }));
    await ue.clear(name);
    await ue.type(name, '浜松 一郎');
    await ue.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      username: 'acme-admin',
      body: { version: 3, user_type: 'COMPANY_ADMIN', company_id: 43, enabled: false, display_name: '浜松 一郎' },
    });
  });

  it('disables a login: enabled false, company null for a chamber role, empty display name null', async () => {
    asAdmin();
    const { puts } = usersApi();
    const ue = userEvent.setup();
    renderUsers('/users/staff-1');
    const name = await screen.findByRole('textbox', { name: '表示名' }, { timeout: 5000 });
    await waitFor(() => expect(name).toHaveValue('会議 次郎'));
    // the API cannot delete users: disabling is the way
    expect(screen.queryByRole('button', { name: '削除' })).not.toBeInTheDocument();
    await ue.clear(name);
    await ue.click(screen.getByRole('switch', { name: 'ログインを許可する（有効）' }));
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({
      version: 3,
      user_type: 'CCI_CONFERENCE_USER',
      company_id: null,
      enabled: false,
      display_name: null,
    });
  });

  it('roles stay on their side (DESIGN §6): a chamber login is offered the chamber roles, a company login only 事業所', async () => {
    asAdmin();
    usersApi();
    const ue = userEvent.setup();
    const { unmount } = renderUsers('/users/staff-1');
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: '表示名' })).toHaveValue('会議 次郎'), {
      timeout: 5000,
    });
    await ue.click(screen.getByRole('combobox', { name: '権限' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['スーパー管理者', '管理者']);
    expect(screen.getByText('会議所のユーザーと事業所のユーザーの間では権限を変更できません')).toBeInTheDocument();
    unmount();

    renderUsers('/users/acme-admin');
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: '表示名' })).toHaveValue('山田 花子'));
    expect(screen.getByRole('combobox', { name: '権限' })).toHaveTextContent('事業所');
    await ue.click(screen.getByRole('combobox', { name: '権限' }));
    expect(screen.queryAllByRole('option').map((o) => o.textContent)).not.toContain('スーパー管理者');
  });

  it('validation: server field errors show on their fields in Japanese (invalid_company on the company)', async () => {
    asAdmin();
    usersApi(() =>
      problem(422, {
        code: 'invalid_company',
        detail: '事業所管理者には、この商工会議所の事業所を指定してください。',
        errors: [
          {
            field: 'body.company_id',
            code: 'invalid_company',
            message: '事業所管理者には、この商工会議所の事業所を指定してください。',
          },
        ],
      }),
    );
    const ue = userEvent.setup();
    renderUsers('/users/acme-admin');
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: '表示名' })).toHaveValue('山田 花子'), {
      timeout: 5000,
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: '事業所' })).toHaveValue('株式会社アクメ (C0042)'));
    await ue.type(screen.getByRole('textbox', { name: '表示名' }), '様');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    const company = screen.getByRole('combobox', { name: '事業所' });
    await waitFor(() => expect(company).toHaveAccessibleDescription(/この商工会議所の事業所を指定してください/));
    expect(await screen.findByText(/この商工会議所の事業所を選んでください/)).toBeInTheDocument();
  });

  it('validation: a display name over 100 characters is refused on the field', async () => {
    asAdmin();
    const { puts } = usersApi();
    const ue = userEvent.setup();
    renderUsers('/users/staff-1');
    const name = await screen.findByRole('textbox', { name: '表示名' }, { timeout: 5000 });
    await waitFor(() => expect(name).toHaveValue('会議 次郎'));
    await ue.clear(name);
    await ue.click(name);
    await ue.paste('あ'.repeat(101));
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/100/));
    expect(puts).toHaveLength(0);
  });

  it('422 cannot_change_self: a Japanese message; the own role and status are read-only', async () => {
    asAdmin();
    usersApi(() =>
      problem(422, {
        code: 'cannot_change_self',
        detail: '自分自身のアカウントを無効化したり、権限を変更したりすることはできません。',
      }),
    );
    const ue = userEvent.setup();
    renderUsers('/users/tky-admin');
    const name = await screen.findByRole('textbox', { name: '表示名' }, { timeout: 5000 });
    await waitFor(() => expect(name).toHaveValue('東京 太郎'));
    expect(screen.getAllByText('自分自身の権限と有効／無効は変更できません')).toHaveLength(2);
    expect(screen.getByRole('switch', { name: 'ログインを許可する（有効）' })).toHaveAttribute('readonly');
    await ue.type(name, '（変更）');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect(
      await screen.findByText('自分自身のアカウントを無効にしたり、権限を変更したりすることはできません。'),
    ).toBeInTheDocument();
  });

  it('409 version_conflict: Japanese message, reload keeps the typed name and takes the current version', async () => {
    asAdmin();
    let conflicted = false;
    const { puts } = usersApi((put) => {
      if (!conflicted && put.body.version === 3) {
        return problem(409, { code: 'version_conflict', detail: '他のユーザーが先に更新しました。', current_version: 4 });
      }
      return undefined;
    });
    // after the conflict the server has version 4 with another role
    const ue = userEvent.setup();
    renderUsers('/users/staff-1');
    const name = await screen.findByRole('textbox', { name: '表示名' }, { timeout: 5000 });
    await waitFor(() => expect(name).toHaveValue('会議 次郎'));
    await ue.clear(name);
    await ue.type(name, '会議 三郎');
    await ue.click(screen.getByRole('button', { name: '保存' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('他のユーザーが先に更新しました');
    conflicted = true;
    server.use(
      http.get('*/v1/cci/admin/master/users/staff-1', () =>
        HttpResponse.json(user('staff-1', { display_name: '会議 次郎', enabled: false, version: 4 })),
      ),
    );
    await ue.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText(/入力した内容はそのまま残っています/)).toBeInTheDocument();
    expect(name).toHaveValue('会議 三郎');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'ログインを許可する（有効）' })).not.toBeChecked());

    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(puts.at(-1)!.body.version).toBe(4));
    expect(puts.at(-1)!.body).toMatchObject({ display_name: '会議 三郎', enabled: false });
  });
});

describe('staff accounts and passwords (issue 18 item 2, issue 15 item 3)', () => {
  const createdUser = (body: Record<string, unknown>) => ({
    ...user('new-staff', body),
    temporary_password: 'Tmp#pass2345',
  });

  it('作成 on /users opens the create page; a 管理者 is created and its temporary password shown once', async () => {
    asAdmin();
    usersApi();
    const posts: Record<string, unknown>[] = [];
    server.use(
      http.post('*/v1/cci/admin/master/users', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push(body);
        return HttpResponse.json(createdUser(body), { status: 201 });
      }),
    );
    const ue = userEvent.setup();
    renderUsers('/users');
    await findTable();
    await ue.click(screen.getByRole('link', { name: '作成' }));
    const email = await screen.findByRole('textbox', { name: /メールアドレス/ }, { timeout: 5000 });
    await ue.type(email, ' new@tky.example.jp ');
    await ue.type(screen.getByRole('textbox', { name: /表示名/ }), '新人 一郎');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ email: 'new@tky.example.jp', display_name: '新人 一郎', user_type: 'CCI_CONFERENCE_USER' });
    expect(await screen.findByTestId('temporary-password')).toHaveTextContent('Tmp#pass2345');
    expect(screen.getByText('ユーザーを作成しました。仮パスワードをご本人にお伝えください。')).toBeInTheDocument();
    expect(screen.getByText(/今だけ表示されます/)).toBeInTheDocument();
  });

  it('making someone スーパー管理者 asks first; cancel sends nothing, confirm creates', async () => {
    asAdmin();
    usersApi();
    const posts: Record<string, unknown>[] = [];
    server.use(
      http.post('*/v1/cci/admin/master/users', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push(body);
        return HttpResponse.json(createdUser(body), { status: 201 });
      }),
    );
    const ue = userEvent.setup();
    renderUsers('/users/create');
    await ue.type(await screen.findByRole('textbox', { name: /メールアドレス/ }, { timeout: 5000 }), 'boss@tky.example.jp');
    await ue.type(screen.getByRole('textbox', { name: /表示名/ }), '次期 会頭');
    await chooseOption(ue, '権限', 'スーパー管理者');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    const dialog = await screen.findByRole('dialog', { name: 'スーパー管理者にしますか？' });
    expect(dialog).toHaveTextContent('次期 会頭 さんをスーパー管理者にすると');
    await ue.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toHaveLength(0);
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await ue.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'スーパー管理者にする' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].user_type).toBe('CCI_ADMIN');
  });

  it('raising a 管理者 to スーパー管理者 on the edit page asks first too', async () => {
    asAdmin();
    const { puts } = usersApi();
    const ue = userEvent.setup();
    renderUsers('/users/staff-1');
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: '表示名' })).toHaveValue('会議 次郎'), {
      timeout: 5000,
    });
    await chooseOption(ue, '権限', 'スーパー管理者');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    const dialog = await screen.findByRole('dialog', { name: 'スーパー管理者にしますか？' });
    expect(puts).toHaveLength(0);
    await ue.click(within(dialog).getByRole('button', { name: 'スーパー管理者にする' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body.user_type).toBe('CCI_ADMIN');
  });

  it('422 role_side_change is explained in Japanese', async () => {
    asAdmin();
    usersApi(() => problem(422, { code: 'role_side_change', detail: 'x' }));
    const ue = userEvent.setup();
    renderUsers('/users/staff-1');
    const name = await screen.findByRole('textbox', { name: '表示名' }, { timeout: 5000 });
    await waitFor(() => expect(name).toHaveValue('会議 次郎'));
    await ue.type(name, '様');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(/事業所のユーザーと会議所のユーザーの間で権限を変更することはできません/)).toBeInTheDocument();
  });

  it('仮パスワードを再発行: asks, then shows the new temporary password once; not offered for oneself', async () => {
    asAdmin();
    usersApi();
    const reissued: string[] = [];
    server.use(
      http.post('*/v1/cci/admin/master/users/:username/temporary_password', ({ params }) => {
        reissued.push(String(params.username));
        return HttpResponse.json({ username: params.username, temporary_password: 'New#temp6789' });
      }),
    );
    const ue = userEvent.setup();
    const { unmount } = renderUsers('/users/acme-admin');
    await ue.click(await screen.findByRole('button', { name: '仮パスワードを再発行' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: '仮パスワードの再発行' });
    expect(dialog).toHaveTextContent('山田 花子 さんの仮パスワードを発行します');
    expect(reissued).toHaveLength(0);
    await ue.click(within(dialog).getByRole('button', { name: '発行する' }));
    expect(await within(dialog).findByTestId('temporary-password')).toHaveTextContent('New#temp6789');
    expect(reissued).toEqual(['acme-admin']);
    unmount();

    renderUsers('/users/tky-admin');
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: '表示名' })).toHaveValue('東京 太郎'));
    expect(screen.queryByRole('button', { name: '仮パスワードを再発行' })).not.toBeInTheDocument();
  });
});
