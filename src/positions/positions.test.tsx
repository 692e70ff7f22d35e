/**
 * 役職 screens (issue 4 §3) against MSW: the list filtered by position type (Japanese names from
 * the master data), department and date; create with validation; edit with the 409 reload;
 * delete; and the bulk update in one transaction that shows the failing item's error.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import companies from '../companies';
import members from '../members';
import positions from '.';
import exports from '../exports';
import { BUKAICHO, KAITO, position } from './test/fixtures';

const BASE = '*/v1/cci/admin/master/positions';
const MASTER = '*/v1/cci/TKY/master/cci_position_type';

// The chamber names its types itself (here the section type is 「部会・委員会」, not the built-in 部会).
const MASTER_ROWS = [
  ['CCI_OFFICER', '役員'],
  ['CCI_SECTION', '部会・委員会'],
  ['CCI_BRANCH', '支部'],
  ['CCI_COMMITTEE', '委員会'],
  ['CCI_WOMEN_ASSOCIATION', '女性会'],
  ['CCI_YOUTH_DIVISION', '青年部'],
].map(([master_code, name], i) => ({
  id: i + 1,
  cci_code: 'TKY',
  master_type_code: 'cci_position_type',
  master_code,
  name,
  sort_order: i + 1,
  attributes: {},
  version: 1,
}));

const list = (rows: unknown[]) => HttpResponse.json({ data: rows, meta: { page: 1, page_size: 25, total: rows.length } });
const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json({ type: 'about:blank', title: 'Error', status, errors: [], ...body }, { status });

const signIn = (role: 'CCI_ADMIN' | 'CCI_CONFERENCE_USER' = 'CCI_ADMIN') => {
  amplify.signInAs(role);
  server.use(
    cciUserInfoOk({ ...cciUser, user_type: role }),
    http.get(MASTER, () => list(MASTER_ROWS)),
    http.get('*/v1/cci/admin/master/members', () =>
      list([
        { id: 10, name: '山田 太郎', company_code: 'C001', company: { id: 1, company_code: 'C001', name1: '株式会社アクメ' } },
        { id: 11, name: '佐藤 花子', company_code: 'C002', company: { id: 2, company_code: 'C002', name1: '丸の内商事' } },
      ]),
    ),
    http.get('*/v1/cci/admin/master/members/:id', ({ params }) =>
      HttpResponse.json({ id: Number(params.id), name: params.id === '11' ? '佐藤 花子' : '山田 太郎', company_code: 'C001' }),
    ),
  );
};

const resources = { positions, members, companies };

describe('positions list', () => {
  it('shows the types by their master-data names and filters by type, department and date', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(BASE, ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const type = query.get('position_type');
        return list([KAITO, BUKAICHO].filter((p) => !type || p.position_type === type));
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/positions', resources);

    const row = (await screen.findByText('佐藤 花子')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('部会・委員会')).toBeInTheDocument());
    expect(within(row).getByText('丸の内商事')).toBeInTheDocument();
    expect(within(screen.getByText('山田 太郎').closest('tr')!).getByText('2025/11/01(土)')).toBeInTheDocument();
    expect(queries[0].get('sort')).toBe('position_type,department_name,rank');

    await user.click(screen.getByRole('combobox', { name: '区分' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining(['役員', '部会・委員会', '青年部']));
    await user.click(screen.getByRole('option', { name: '部会・委員会' }));
    await waitFor(() => expect(queries.at(-1)?.get('position_type')).toBe('CCI_SECTION'));
    await waitFor(() => expect(screen.queryByText('山田 太郎')).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('所属（前方一致）'), '商業');
    await waitFor(() => expect(queries.at(-1)?.get('department_name__startswith')).toBe('商業'));
    await user.type(screen.getByLabelText('在任日（この日に在任中）'), '2026-11-21');
    await waitFor(() => expect(queries.at(-1)?.get('active_on')).toBe('2026-11-21'));
    expect(queries.at(-1)?.get('position_type')).toBe('CCI_SECTION');
  });

  it('falls back to the built-in Japanese type names when the master data cannot be read', async () => {
    signIn();
    server.use(
      http.get(MASTER, () => problem(403, { code: 'forbidden', detail: '権限がありません。' })),
      http.get(BASE, () => list([BUKAICHO])),
    );
    renderAdmin('/positions', resources);
    const row = (await screen.findByText('佐藤 花子')).closest('tr')!;
    expect(within(row).getByText('部会')).toBeInTheDocument();
  });
  it('出力 exports 役職一覧 (with 役職ID for the import, DESIGN.md §11.4) in the chosen order', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(BASE, () => list([BUKAICHO])),
      http.post('*/v1/cci/TKY/export', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 3, type: 'positions', status: 'queued' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/positions', { ...resources, exports });
    await user.click(await screen.findByRole('button', { name: '出力' }));
    const dialog = await screen.findByRole('dialog', { name: '役職一覧を出力' });
    await user.click(within(dialog).getByRole('radio', { name: '五十音順' }));
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ type: 'positions', format: 'xlsx', params: { order: 'kana', date_style: 'western' } }]),
    );
    expect(await screen.findByText('役職一覧の出力を受け付けました。完了するとダウンロードできます。')).toBeInTheDocument();
  });
});

describe('position create and edit', () => {
  it('creates a position for a member picked by keyword, with the type from the master data', async () => {
    signIn();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(BASE, () => list([])),
      http.post(BASE, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(position({ id: 102 }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/positions/create', resources);
    await user.type(await screen.findByRole('combobox', { name: /会員/ }), '佐藤');
    await user.click(await screen.findByRole('option', { name: '佐藤 花子（丸の内商事）' }));
    await user.click(screen.getByRole('combobox', { name: /区分/ }));
    await user.click(await screen.findByRole('option', { name: '部会・委員会' }));
    await user.type(screen.getByLabelText(/所属/), '商業部会');
    await user.type(screen.getByLabelText(/役職名/), '副部会長');
    await user.type(screen.getByLabelText(/序列/), '2');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({
      member_id: 11,
      position_type: 'CCI_SECTION',
      department_name: '商業部会',
      position_name: '副部会長',
      rank: 2,
    });
  });

  it('refuses a negative rank and an end before the start, in Japanese, without sending', async () => {
    signIn();
    let posted = false;
    server.use(
      http.post(BASE, () => {
        posted = true;
        return HttpResponse.json(position(), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/positions/create', resources);
    await user.type(await screen.findByLabelText(/序列/), '-1');
    await user.type(screen.getByLabelText(/開始日/), '2026-04-01');
    await user.type(screen.getByLabelText(/終了日/), '2026-03-01');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('0以上の整数で入力してください')).toBeInTheDocument();
    expect(screen.getByText('終了日は開始日以降の日付を指定してください')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('409 on save: reloads the current version and keeps the typed position name', async () => {
    signIn();
    let current = position({ version: 1 });
    const sent: Array<Record<string, unknown>> = [];
    server.use(
      http.get(BASE, () => list([current])),
      http.get(`${BASE}/100`, () => HttpResponse.json(current)),
      http.put(`${BASE}/100`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.version !== current.version) {
          return problem(409, {
            code: 'version_conflict',
            detail: '他のユーザーが先に更新しました。',
            current_version: current.version,
          });
        }
        current = position({ ...body, version: current.version + 1 });
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/positions/100', resources);
    const name = await screen.findByLabelText(/役職名/);
    await waitFor(() => expect(name).toHaveValue('会頭'));
    current = position({ version: 2, rank: 3 });
    await user.clear(name);
    await user.type(name, '名誉会頭');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    await waitFor(() => expect(screen.getByLabelText(/序列/)).toHaveValue(3));
    expect(screen.getByLabelText(/役職名/)).toHaveValue('名誉会頭');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(current.version).toBe(3));
    expect(sent.at(-1)).toMatchObject({ version: 2, position_name: '名誉会頭', rank: 3 });
  });

  it('deletes a position after confirmation', async () => {
    signIn();
    let deleted = false;
    server.use(
      http.get(BASE, () => list(deleted ? [] : [KAITO])),
      http.get(`${BASE}/100`, () => HttpResponse.json(KAITO)),
      http.delete(`${BASE}/100`, () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/positions/100', resources);
    await user.click(await screen.findByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');

    expect(deleted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /確認|はい|削除/ }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByText('役職はまだ登録されていません')).toBeInTheDocument();
  });
});

describe('positions bulk update', () => {
  const openBulk = async (user: ReturnType<typeof userEvent.setup>) => {
    await screen.findByText('佐藤 花子');
    await user.click(screen.getAllByRole('checkbox', { name: /すべて選択|全て選択|select all/i })[0]);
    await user.click(await screen.findByRole('button', { name: 'まとめて編集' }));
    return screen.findByRole('dialog', { name: '選択した役職をまとめて編集' });
  };

  it('sends only the changed ranks and end dates, with their versions, in one call', async () => {
    signIn();
    let body: { items: Array<Record<string, unknown>> } | null = null;
    server.use(
      http.get(BASE, () => list([KAITO, BUKAICHO])),
      http.get(`${BASE}/:id`, ({ params }) => HttpResponse.json(params.id === '101' ? BUKAICHO : KAITO)),
      http.put(`${BASE}/update_positions`, async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({ items: [] });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/positions', resources);
    const dialog = await openBulk(user);
    const rank = await within(dialog).findByLabelText(/序列（.*佐藤 花子/);
    await user.clear(rank);
    await user.type(rank, '２'); // full-width digit from an IME
    await user.type(within(dialog).getByLabelText('選択したすべての終了日'), '2027-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'すべてに設定' }));
    await user.click(within(dialog).getByRole('button', { name: 'まとめて保存' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body!.items).toEqual([
      { action: 'update', id: 100, version: 1, end_at: '2027-03-31' },
      { action: 'update', id: 101, version: 4, rank: 2, end_at: '2027-03-31' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('2件の役職を保存しました。')).toBeInTheDocument();
  });

  it('shows the failing item on its row and saves nothing; a 409 reloads the versions and keeps the edits', async () => {
    signIn();
    let bukaicho: Record<string, unknown> = BUKAICHO;
    const calls: Array<Array<Record<string, unknown>>> = [];
    server.use(
      http.get(BASE, () => list([KAITO, bukaicho])),
      http.get(`${BASE}/:id`, ({ params }) => HttpResponse.json(params.id === '101' ? bukaicho : KAITO)),
      http.put(`${BASE}/update_positions`, async ({ request }) => {
        const { items } = (await request.json()) as { items: Array<Record<string, unknown>> };
        calls.push(items);
        const index = items.findIndex((item) => item.id === 101 && item.version !== bukaicho.version);
        if (index >= 0) {
          return problem(409, {
            code: 'version_conflict',
            detail: `${index + 1}件目の役職は他のユーザーが先に更新しました。最新の内容を読み込んでから、もう一度保存してください。`,
            errors: [{ field: `body.items.${index}.version`, code: 'version_conflict', message: 'stale version' }],
            current_version: bukaicho.version,
            item_index: index,
          });
        }
        return HttpResponse.json({ items: [] });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/positions', resources);
    const dialog = await openBulk(user);
    // another user updates 佐藤 花子's position meanwhile
    bukaicho = { ...BUKAICHO, version: 5, end_at: '2026-12-31' };
    const rank = await within(dialog).findByLabelText(/序列（.*佐藤 花子/);
    await user.clear(rank);
    await user.type(rank, '3');
    await user.click(within(dialog).getByRole('button', { name: 'まとめて保存' }));

    const alert = await within(dialog).findByText(/他のユーザーが先に更新しました/, { selector: '.MuiAlert-message' });
    expect(alert).toHaveTextContent('2件目（佐藤 花子 部会長）');
    const row = within(dialog).getByTestId('bulk-row-101');
    expect(within(row).getByRole('alert')).toHaveTextContent('他のユーザーが先に更新しました');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '最新の内容を読み込む' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/終了日（.*佐藤 花子/)).toHaveValue('2026-12-31'));
    expect(within(dialog).getByLabelText(/序列（.*佐藤 花子/)).toHaveValue('3');
    await user.click(within(dialog).getByRole('button', { name: 'まとめて保存' }));
    await waitFor(() => expect(calls).toHaveLength(calls.filter((c) => c[0].version === 4).length + 1));
    expect(calls.at(-1)).toEqual([{ action: 'update', id: 101, version: 5, rank: 3 }]);
  });

  it('puts a field error of an item (end before start) on that row', async () => {
    signIn();
    server.use(
      http.get(BASE, () => list([KAITO, BUKAICHO])),
      http.get(`${BASE}/:id`, ({ params }) => HttpResponse.json(params.id === '101' ? BUKAICHO : KAITO)),
      http.put(`${BASE}/update_positions`, () =>
        problem(400, {
          code: 'validation_failed',
          detail: '終了日は開始日以降の日付を指定してください。',
          errors: [{ field: 'body.items.0.end_at', code: 'period', message: 'must not be before start_at' }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/positions', resources);
    const dialog = await openBulk(user);
    const end = await within(dialog).findByLabelText(/終了日（.*佐藤 花子/);
    await user.type(end, '2025-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'まとめて保存' }));
    await waitFor(() => expect(end).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(within(dialog).getByTestId('bulk-row-101')).getByText('終了日は開始日以降の日付を指定してください'),
    ).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('bulk-row-100')).queryByText(/終了日は/)).not.toBeInTheDocument();
  });

  it('is not offered to CCI_CONFERENCE_USER (read-only master data)', async () => {
    signIn('CCI_CONFERENCE_USER');
    server.use(http.get(BASE, () => list([KAITO, BUKAICHO])));
    renderAdmin('/positions', resources);
    await screen.findByText('佐藤 花子');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '作成' })).not.toBeInTheDocument();
  });
});
