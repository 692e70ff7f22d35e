/**
 * /admin, the staff home (issue 15 item 5, issue 18 item 7): who is signed in by name (never the
 * Cognito UUID), 今後の会議 with answer rates and deadlines, 締切が近い未回答, the user's recent
 * exports, and each section's empty and error states.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderApp } from '../test/renderApp';

const UUID = '7d1f3c5e-2b4a-4c9e-9f0a-3e8b6d2c1a90';
const HOUR = 3_600_000;

const conference = (over: Record<string, unknown>) => ({
  id: 11,
  parent_id: null,
  parent_name: null,
  name: '通常議員総会',
  event_date: '2026-12-03T05:00:00.000Z',
  answer_deadline: '2026-12-01T08:00:00.000Z',
  status: 'published',
  invited: 4,
  answered: 1,
  ...over,
});

const dashboard = (over: Record<string, unknown> = {}) => ({
  today: '2026-11-26',
  upcoming: {
    data: [
      conference({}),
      conference({ id: 12, parent_id: 11, parent_name: '通常議員総会', name: '懇親会', invited: 0, answered: 0 }),
      conference({ id: 13, name: '商業部会', status: 'draft', answer_deadline: null, invited: 3, answered: 3 }),
    ],
    total: 14,
  },
  deadline_soon: { days: 7, data: [conference({ invited: 4, answered: 1 })], total: 1 },
  ...over,
});

const job = (over: Record<string, unknown>) => ({
  id: 1,
  cci_code: 'TKY',
  created_by: UUID,
  type: 'companies',
  format: 'xlsx',
  params: { order: 'code', date_style: 'western' },
  status: 'succeeded',
  error: null,
  progress_done: 120,
  progress_total: 120,
  replaced_char_count: null,
  file_key: 'TKY/exports/1/事業所一覧.xlsx',
  file_name: '事業所一覧.xlsx',
  created_at: new Date(Date.now() - 2 * HOUR).toISOString(),
  started_at: new Date(Date.now() - 2 * HOUR).toISOString(),
  finished_at: new Date(Date.now() - HOUR).toISOString(),
  expires_at: new Date(Date.now() + 6 * 24 * HOUR).toISOString(),
  expired: false,
  ...over,
});

const exportsQueries: URLSearchParams[] = [];

const serve = ({ body = dashboard(), jobs = [] as object[], user = {} as Record<string, unknown> } = {}) => {
  amplify.signInAs('CCI_ADMIN');
  exportsQueries.length = 0;
  server.use(
    cciUserInfoOk({ ...cciUser, username: UUID, ...user }),
    http.get('*/v1/cci/TKY/dashboard', () => HttpResponse.json(body)),
    http.get('*/v1/cci/TKY/export', ({ request }) => {
      exportsQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: jobs, meta: { page: 1, page_size: 10, total: jobs.length } });
    }),
  );
};

const section = async (name: string) => screen.findByRole('region', { name });

// the lazy page and the app compiled once up front, so the first test's 5 s waits are for the screen
beforeAll(async () => {
  await Promise.all([import('./AdminDashboard'), import('../App')]);
}, 60_000);

describe('/admin: the staff home', () => {
  it('greets the user by display name, never by the Cognito username (a UUID)', async () => {
    serve();
    renderApp('/admin');
    expect(await screen.findByTestId('dashboard-user-name')).toHaveTextContent('東京 太郎さん');
    expect(screen.getByTestId('dashboard-role')).toHaveTextContent('スーパー管理者');
    expect(document.body).not.toHaveTextContent(UUID);
  });

  it('without a display name, greets the user by e-mail', async () => {
    serve({ user: { display_name: null } });
    renderApp('/admin');
    expect(await screen.findByTestId('dashboard-user-name')).toHaveTextContent('admin@tky.example.jp');
    expect(document.body).not.toHaveTextContent(UUID);
  });

  it('今後の会議: each conference links to itself with its date, 回答期限 and 回答率; the full list from today', async () => {
    serve();
    renderApp('/admin');
    const upcoming = await section('今後の会議');
    const items = await within(upcoming).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByRole('link', { name: '通常議員総会' })).toHaveAttribute('href', '/conferences/11');
    expect(items[0]).toHaveTextContent('開催 2026/12/03(木) 14:00');
    expect(items[0]).toHaveTextContent('回答期限 2026/12/01(火) 17:00');
    expect(items[0]).toHaveTextContent('回答率 25%（1/4名）');
    expect(within(items[1]).getByRole('link', { name: '通常議員総会 › 懇親会' })).toHaveAttribute('href', '/conferences/12');
    expect(items[1]).toHaveTextContent('まだ招待者がいません');
    expect(items[2]).toHaveTextContent('下書き');
    expect(items[2]).toHaveTextContent('回答期限なし');
    expect(items[2]).toHaveTextContent('回答率 100%（3/3名）');
    const all = within(upcoming).getByRole('link', { name: 'すべての今後の会議を見る（14件）' });
    const target = new URL(all.getAttribute('href')!, 'http://x');
    expect(target.pathname).toBe('/conferences');
    expect(JSON.parse(target.searchParams.get('filter')!)).toEqual({ event_date__gte: '2026-11-26' });
    expect(target.searchParams.get('sort')).toBe('event_date');
  });

  it('締切が近い未回答: says the window, the 未回答 count, the deadline, and opens the unanswered', async () => {
    serve();
    renderApp('/admin');
    const soon = await section('締切が近い未回答');
    expect(soon).toHaveTextContent('回答期限まで7日以内');
    const [item] = await within(soon).findAllByRole('listitem');
    expect(item).toHaveTextContent('未回答 3名');
    expect(item).toHaveTextContent('（招待 4名）');
    expect(item).toHaveTextContent('回答期限 2026/12/01(火) 17:00');
    expect(within(item).getByRole('link', { name: '通常議員総会' })).toHaveAttribute(
      'href',
      '/conferences/11/answers?answer=none',
    );
  });

  it("ファイル出力: the user's running jobs and those finished within 24 h, with the download when ready", async () => {
    serve({
      jobs: [
        job({
          id: 3,
          type: 'members',
          status: 'running',
          progress_done: 40,
          progress_total: 100,
          file_key: null,
          finished_at: null,
        }),
        job({ id: 2 }),
        job({ id: 1, type: 'attendance', finished_at: new Date(Date.now() - 30 * HOUR).toISOString() }),
      ],
    });
    renderApp('/admin');
    const exports = await section('ファイル出力');
    const items = await within(exports).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('会員一覧');
    expect(items[0]).toHaveTextContent('実行中');
    expect(within(items[0]).queryByRole('button', { name: /ダウンロード/ })).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('事業所一覧');
    expect(within(items[1]).getByRole('button', { name: /事業所一覧\.xlsx/ })).toBeEnabled();
    expect(exports).not.toHaveTextContent('出欠一覧');
    expect(exportsQueries[0].get('created_by')).toBe(UUID);
    expect(within(exports).getByRole('link', { name: 'ファイル出力の一覧を開く' })).toHaveAttribute('href', '/exports');
  });

  it('each section says when it has nothing to show', async () => {
    serve({ body: dashboard({ upcoming: { data: [], total: 0 }, deadline_soon: { days: 7, data: [], total: 0 } }) });
    renderApp('/admin');
    expect(await within(await section('今後の会議')).findByText('今日以降に予定されている会議はありません。')).toBeVisible();
    expect(
      await within(await section('締切が近い未回答')).findByText('回答期限まで7日以内の会議に、未回答の招待者はいません。'),
    ).toBeVisible();
    expect(await within(await section('ファイル出力')).findByRole('status')).toHaveTextContent(
      '実行中または24時間以内に完了したファイル出力はありません。',
    );
  });

  it('a failed load is told in the sections with 再読み込み, which loads again', async () => {
    serve();
    let calls = 0;
    server.use(
      http.get('*/v1/cci/TKY/dashboard', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ status: 403, code: 'forbidden', detail: 'この操作を行う権限がありません。' }, { status: 403 })
          : HttpResponse.json(dashboard());
      }),
    );
    renderApp('/admin');
    const upcoming = await section('今後の会議');
    const alert = await within(upcoming).findByRole('alert');
    within(alert).getByRole('button', { name: '再読み込み' }).click();
    expect(await within(upcoming).findByRole('link', { name: '通常議員総会' })).toBeInTheDocument();
  });
});
