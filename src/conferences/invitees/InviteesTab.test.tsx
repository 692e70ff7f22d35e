/**
 * 招待者 tab (issue 4 §3) against MSW: protocol order with name/title/company, invite by rule with
 * its { created, skipped } result, pick members, arrow reordering (one PUT of the new place),
 * 並び順をリセット, bulk delete, and what the user sees when a load, a move or a search fails.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderAdmin } from '../../common/testing/renderAdmin';
import conferences from '..';
import { API, answersFixture, detail, invitee, list, signIn } from '../test/fixtures';

/** Debounced filters and chained requests can take more than waitFor's default second on a busy machine. */
const WAIT = { timeout: 5000 };

const POSITION_TYPES = [
  ['CCI_OFFICER', '役員'],
  ['CCI_SECTION', '部会'],
  ['CCI_BRANCH', '支部'],
].map(([master_code, name], i) => ({ id: i + 1, master_type_code: 'cci_position_type', master_code, name, sort_order: i + 1 }));

const conflict = (currentVersion: number) =>
  HttpResponse.json(
    {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      code: 'version_conflict',
      detail: '他のユーザーが先に更新しました。',
      errors: [],
      current_version: currentVersion,
    },
    { status: 409, headers: { 'content-type': 'application/problem+json' } },
  );

/** The invitees of conference 1 as the server keeps them; the handlers below read and change it. */
const setup = () => {
  let rows = [
    invitee({ id: 11, sort: 1, member_id: 501, company_id: 10, name: '山田 太郎', title: '代表取締役', version: 3 }),
    invitee({ id: 12, sort: 2, member_id: 502, company_id: 11, name: '鈴木 一郎', title: '取締役社長', version: 5 }),
    invitee({ id: 13, sort: 3, member_id: 503, company_id: 12, name: '高橋 三郎', title: null, version: 1 }),
  ];
  const calls: Array<{ method: string; path: string; body?: unknown; query?: URLSearchParams }> = [];
  server.use(
    http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
    http.get(`${API}/conference_members`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.push({ method: 'GET', path: 'conference_members', query });
      const sorted = [...rows].sort((a, b) => a.sort - b.sort);
      return list(sorted, sorted.length, 1, 1000);
    }),
    // like the server: `sort` N moves the row to place N, the rows between shift by one
    http.put(`${API}/conference_members/:id`, async ({ params, request }) => {
      const body = (await request.json()) as { sort: number; version: number };
      calls.push({ method: 'PUT', path: `conference_members/${params.id}`, body });
      const row = rows.find((r) => r.id === Number(params.id))!;
      if (body.version !== row.version) return conflict(row.version);
      const others = [...rows].sort((a, b) => a.sort - b.sort).filter((r) => r !== row);
      others.splice(body.sort - 1, 0, row);
      others.forEach((r, i) => {
        if (r.sort !== i + 1 || r === row) Object.assign(r, { sort: i + 1, version: r.version + 1 });
      });
      return HttpResponse.json(row);
    }),
    http.put(`${API}/conferences/1/reset_sort_members`, async ({ request }) => {
      calls.push({ method: 'PUT', path: 'reset_sort_members', body: await request.json() });
      rows = rows.map((r) => ({ ...r, sort: r.id - 10 }));
      return HttpResponse.json({
        updated: 2,
        data: rows.map(({ id, member_id, company_id, sort }) => ({ id, member_id, company_id, sort })),
      });
    }),
    http.delete(`${API}/conference_members/delete`, async ({ request }) => {
      const body = (await request.json()) as { ids: number[] };
      calls.push({ method: 'DELETE', path: 'conference_members/delete', body });
      rows = rows.filter((r) => !body.ids.includes(r.id));
      return HttpResponse.json({ deleted: body.ids });
    }),
    http.post(`${API}/conference_members`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'POST', path: 'conference_members', body });
      const created =
        body.mode === 'rule'
          ? [
              invitee({ id: 14, sort: 4, member_id: 504, company_id: 13, name: '田中 四郎' }),
              invitee({ id: 15, sort: 5, member_id: 505, company_id: 13, name: '田中 五郎' }),
            ]
          : (body.member_ids as number[]).map((memberId, i) =>
              invitee({ id: 20 + i, sort: 10 + i, member_id: memberId, company_id: 14, name: `選択 ${memberId}` }),
            );
      rows = [...rows, ...created];
      return HttpResponse.json({ created, skipped: body.mode === 'rule' ? [501] : [] }, { status: 201 });
    }),
    http.get('*/v1/cci/TKY/master/cci_position_type', () => list(POSITION_TYPES)),
    http.get(`${API}/positions`, () =>
      list([
        { id: 1, department_name: '商業部会' },
        { id: 2, department_name: '工業部会' },
        { id: 3, department_name: '商業部会' },
      ]),
    ),
    http.get(`${API}/members`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.push({ method: 'GET', path: 'members', query });
      return list([
        {
          id: 501,
          name: '山田 太郎',
          title: '代表取締役',
          company_code: 'C010',
          company: { id: 10, company_code: 'C010', name1: '株式会社アクメ' },
        },
        {
          id: 601,
          name: '伊藤 六郎',
          title: '部長',
          company_code: 'C014',
          company: { id: 14, company_code: 'C014', name1: '浅草物産' },
        },
        {
          id: 602,
          name: '渡辺 七子',
          title: '課長',
          company_code: 'C014',
          company: { id: 14, company_code: 'C014', name1: '浅草物産' },
        },
      ]);
    }),
  );
  return {
    calls,
    /** Another user changes a row behind this screen's back. */
    changeBehind: (id: number, change: { sort?: number; version?: number }) =>
      Object.assign(
        rows.find((r) => r.id === id)!,
        change,
      ),
  };
};

const names = () =>
  within(screen.getByRole('table', { name: '招待者' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td p')?.textContent);

describe('invitees tab', () => {
  it('lists the invitees in protocol order with name, title and company, asking for all of them in sort order', async () => {
    signIn();
    const { calls } = setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    // the file's first screen loads lazily: on a loaded machine that takes longer than 5 s
    const table = await screen.findByRole('table', { name: '招待者' }, { timeout: 20_000 });
    const first = within(table).getAllByRole('row')[1];
    expect(within(first).getByText('山田 太郎')).toBeInTheDocument();
    expect(within(first).getByText('代表取締役')).toBeInTheDocument();
    // its own column, and under the name on phones
    expect(within(first).getAllByText('株式会社アクメ')).toHaveLength(2);
    expect(within(first).getByText('本人')).toBeInTheDocument();
    expect(names()).toEqual(['山田 太郎', '鈴木 一郎', '高橋 三郎']);
    expect(screen.getByText('招待者 3名')).toBeInTheDocument();
    const query = calls.find((c) => c.path === 'conference_members')!.query!;
    expect(query.get('conference_id')).toBe('1');
    expect(query.get('expand')).toBe('member,company,recorder');
    expect(query.get('sort')).toBe('sort');
    expect(query.get('page_size')).toBe('1000');
  }, 30_000);

  it('shows each invitee’s answer, how it came in and who recorded it (issue 33)', async () => {
    signIn();
    setup();
    server.use(
      http.get(`${API}/conference_members`, () => {
        const rows = answersFixture().filter((r) => r.conference_id === 1);
        return list(rows, rows.length, 1, 1000);
      }),
    );
    renderAdmin('/conferences/1/invitees', { conferences });
    const table = await screen.findByRole('table', { name: '招待者' }, { timeout: 20_000 });
    expect(within(table).getByRole('columnheader', { name: '回答' })).toBeInTheDocument();
    const rowOf = (name: string) => within(table).getByText(name).closest('tr')!;
    // in its own column, and under the name on phones
    const faxed = rowOf('山田 花子');
    expect(within(faxed).getAllByText('代理出席')).toHaveLength(2);
    expect(within(faxed).getAllByText('代理: 佐藤 次郎（部長）')).toHaveLength(2);
    expect(within(faxed).getAllByText('会議所受付（FAX）')).toHaveLength(2);
    expect(within(faxed).getAllByText('記録：会議所 花子')).toHaveLength(2);
    const portal = rowOf('山田 太郎');
    expect(within(portal).getAllByText('ポータル')).toHaveLength(2);
    expect(within(portal).getAllByText('記録：アクメ 管理者')).toHaveLength(2);
    const unanswered = rowOf('鈴木 二郎');
    expect(within(unanswered).getAllByText('未回答')).toHaveLength(2);
    expect(within(unanswered).queryByText(/^記録：/)).not.toBeInTheDocument();
  }, 30_000);

  it("moves an invitee up with one PUT of the neighbour's place and its own version, and keeps the focus on its arrow", async () => {
    signIn();
    const { calls } = setup();
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '鈴木 一郎を上へ移動' }, { timeout: 5000 }));
    await waitFor(() => expect(names()).toEqual(['鈴木 一郎', '山田 太郎', '高橋 三郎']), WAIT);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: 'conference_members/12', body: { sort: 1, version: 5 } },
    ]);
    expect(screen.getByRole('button', { name: '鈴木 一郎を上へ移動' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: '鈴木 一郎を下へ移動' })).toHaveFocus(), WAIT);
    expect(screen.getByRole('button', { name: '山田 太郎を上へ移動' })).toBeEnabled();
  }, 30_000);

  it('409 while moving: says another user changed the invitees, and reloads the list in the order the server now has', async () => {
    signIn();
    const { calls, changeBehind } = setup();
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    const up = await screen.findByRole('button', { name: '鈴木 一郎を上へ移動' }, { timeout: 5000 });
    // meanwhile another user moved 鈴木 to the end
    changeBehind(12, { sort: 4, version: 6 });
    await user.click(up);

    expect(
      await screen.findByText(
        '他のユーザーが先に招待者を変更しました。最新の並び順を読み込みましたので、もう一度操作してください。',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['山田 太郎', '高橋 三郎', '鈴木 一郎']), WAIT);
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.length).toBeGreaterThan(0);
    expect(puts.every((c) => c.path === 'conference_members/12' && (c.body as { version: number }).version === 5)).toBe(true);
    expect(screen.queryByText('並び順を変更しました。')).not.toBeInTheDocument();
  }, 30_000);

  it('a failed load shows the reason and 再読み込み, which loads the list again', async () => {
    signIn();
    setup();
    let failing = true;
    server.use(
      http.get(`${API}/conference_members`, () =>
        failing ? HttpResponse.json({}, { status: 503 }) : list([invitee({ id: 11, sort: 1, name: '山田 太郎' })], 1, 1, 1000),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    // react-query retries a failed list a few times before giving up
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('ただいまサービスを利用できません。しばらくしてから再度お試しください。');
    expect(screen.queryByRole('table', { name: '招待者' })).not.toBeInTheDocument();
    expect(screen.queryByText(/まだ招待者がいません/)).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: '再読み込み' }));
    await waitFor(() => expect(names()).toEqual(['山田 太郎']), WAIT);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 60_000);

  it('並び順をリセット asks first, then recomputes the order on the server', async () => {
    signIn();
    const { calls } = setup();
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '並び順をリセット' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('並び順をリセットしますか？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '並び順をリセット' }));
    expect(await screen.findByText('並び順をリセットしました（2名の席次を変更）。')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'reset_sort_members')).toEqual([
      { method: 'PUT', path: 'reset_sort_members', body: {} },
    ]);
  }, 30_000);

  it('removes the ticked invitees at once', async () => {
    signIn();
    const { calls } = setup();
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    const remove = await screen.findByRole('button', { name: '選択した招待者を削除' }, { timeout: 5000 });
    expect(remove).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '山田 太郎を選択' }));
    await user.click(screen.getByRole('checkbox', { name: '高橋 三郎を選択' }));
    await user.click(screen.getByRole('button', { name: '選択した招待者を削除（2）' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/選択した2名の招待を取り消します/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(names()).toEqual(['鈴木 一郎']), WAIT);
    expect(calls.find((c) => c.method === 'DELETE')).toEqual({
      method: 'DELETE',
      path: 'conference_members/delete',
      body: { ids: [11, 13] },
    });
    expect(await screen.findByText('2名の招待を取り消しました。')).toBeInTheDocument();
  }, 30_000);

  it('invites by rule with position types (names from master data) and a department, and reports created and skipped', async () => {
    signIn();
    const { calls } = setup();
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '役職で招待' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: '役職で招待' });

    // nothing chosen: said so, nothing sent
    await user.click(within(dialog).getByRole('button', { name: '招待する' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('役職区分または部会・委員会名を1つ以上指定してください。');

    await user.click(await within(dialog).findByRole('checkbox', { name: '役員' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '部会' }));
    await user.type(within(dialog).getByLabelText('部会・委員会名'), '商業部会{Enter}');
    await user.click(within(dialog).getByRole('button', { name: '招待する' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '2名を招待しました。 既に招待済みの1名はスキップしました。',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      mode: 'rule',
      conference_id: 1,
      rule: { position_types: ['CCI_OFFICER', 'CCI_SECTION'], department_names: ['商業部会'] },
      category: 'principal',
    });
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(names()).toEqual(['山田 太郎', '鈴木 一郎', '高橋 三郎', '田中 四郎', '田中 五郎']), WAIT);
  }, 30_000);

  it('invite by rule: a blank name in the master data shows the built-in one, never an empty label', async () => {
    signIn();
    setup();
    server.use(
      http.get('*/v1/cci/TKY/master/cci_position_type', () =>
        list([{ ...POSITION_TYPES[0], name: ' ' }, POSITION_TYPES[1], { ...POSITION_TYPES[2], name: '支部（地区）' }]),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '役職で招待' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: '役職で招待' });
    const group = await within(dialog).findByRole('group', { name: '役職区分' }, WAIT);
    const labels = within(group)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(labels).toEqual(['役員', '部会', '支部（地区）', '委員会', '女性会', '青年部']);
  }, 30_000);

  it('invite by rule: when the master data cannot be read, the position types keep their built-in names', async () => {
    signIn();
    const { calls } = setup();
    server.use(http.get('*/v1/cci/TKY/master/cci_position_type', () => HttpResponse.json({}, { status: 503 })));
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '役職で招待' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: '役職で招待' });
    // react-query retries the master data a few times before the hook falls back
    await user.click(await within(dialog).findByRole('checkbox', { name: '委員会' }, { timeout: 20_000 }));
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(6);
    await user.click(within(dialog).getByRole('button', { name: '招待する' }));
    await waitFor(
      () => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ rule: { position_types: ['CCI_COMMITTEE'] } }),
      WAIT,
    );
  }, 60_000);

  it('invite members: says how many of how many matches are shown when there are more than fit', async () => {
    signIn();
    const { calls } = setup();
    server.use(
      http.get(`${API}/members`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        calls.push({ method: 'GET', path: 'members', query });
        const shown = Array.from({ length: 50 }, (_, i) => ({
          id: 700 + i,
          name: `会員 ${i + 1}`,
          company_code: 'C014',
          company: { id: 14, company_code: 'C014', name1: '浅草物産' },
        }));
        return query.get('keyword') ? list(shown.slice(0, 2), 2) : list(shown, 180, 1, 50);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '会員を選んで招待' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: '会員を選んで招待' });
    expect(
      await within(dialog).findByText('180件中50件を表示しています。氏名や事業所で絞り込んでください。', {}, WAIT),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'members')!.query!.get('page_size')).toBe('50');

    // narrowed down to all there is: no hint
    await user.type(within(dialog).getByLabelText('氏名・事業所名で検索'), '会員');
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2), WAIT);
    expect(within(dialog).queryByText(/件中/)).not.toBeInTheDocument();
  }, 30_000);

  it('invite members: while the typed search is on its way, the previous matches cannot be ticked (issue 15 item 2)', async () => {
    signIn();
    setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const row = (id: number, name: string) => ({
      id,
      name,
      company_code: 'C014',
      company: { id: 14, company_code: 'C014', name1: '浅草物産' },
    });
    server.use(
      http.get(`${API}/members`, async ({ request }) => {
        if (!new URL(request.url).searchParams.get('keyword')) return list([row(601, '伊藤 六郎'), row(602, '渡辺 七子')]);
        await held;
        return list([row(602, '渡辺 七子')]);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '会員を選んで招待' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: '会員を選んで招待' });
    expect(await within(dialog).findByRole('checkbox', { name: '伊藤 六郎（浅草物産）を選択' }, WAIT)).toBeEnabled();

    await user.type(within(dialog).getByLabelText('氏名・事業所名で検索'), '渡辺');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: '読み込み中' })).toBeInTheDocument();

    release();
    expect(await within(dialog).findByRole('checkbox', { name: '渡辺 七子（浅草物産）を選択' }, WAIT)).toBeEnabled();
    expect(within(dialog).queryByRole('checkbox', { name: '伊藤 六郎（浅草物産）を選択' })).not.toBeInTheDocument();
  }, 30_000);

  it('invite members: a failed search shows the reason and 再読み込み, not "none found"', async () => {
    signIn();
    setup();
    let failing = true;
    server.use(
      http.get(`${API}/members`, () =>
        failing
          ? HttpResponse.json({}, { status: 503 })
          : list([
              { id: 601, name: '伊藤 六郎', company_code: 'C014', company: { id: 14, company_code: 'C014', name1: '浅草物産' } },
            ]),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '会員を選んで招待' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: '会員を選んで招待' });
    const alert = await within(dialog).findByRole('alert', {}, WAIT);
    expect(alert).toHaveTextContent('ただいまサービスを利用できません。しばらくしてから再度お試しください。');
    expect(within(dialog).queryByText('該当する会員はいません。')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: '再読み込み' }));
    expect(await within(dialog).findByRole('checkbox', { name: '伊藤 六郎（浅草物産）を選択' }, WAIT)).toBeEnabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  }, 30_000);

  it('invites picked members (mode many); those already invited cannot be picked', async () => {
    signIn();
    const { calls } = setup();
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '会員を選んで招待' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: '会員を選んで招待' });
    expect(await within(dialog).findByRole('checkbox', { name: '山田 太郎（株式会社アクメ）を選択' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: '伊藤 六郎（浅草物産）を選択' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '渡辺 七子（浅草物産）を選択' }));
    expect(within(dialog).getByText('2名を選択中')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '選択した会員を招待' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('2名を招待しました。');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      mode: 'many',
      conference_id: 1,
      member_ids: [601, 602],
      category: 'principal',
    });
    // members active on the event day (Tokyo), with their company
    const search = calls.find((c) => c.path === 'members')!.query!;
    expect(search.get('active_on')).toBe('2026-11-21');
    expect(search.get('expand')).toBe('company');
  }, 30_000);
});
