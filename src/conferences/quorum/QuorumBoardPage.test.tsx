/**
 * /conferences/:id/quorum (issue 14) against MSW and a fake EventSource: 不足 with the margin, then
 * 成立 when the room stream's `quorum` event says so (announced), the empty state of a conference
 * without a quorum, and the printed 定足数確認表 with the figures and the list behind them; the vote
 * under way with its counts hidden until close, then its tally and result (issue 34); a board
 * reloaded mid-vote shows how many voted at once (decision 0038).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { server } from '../../test/server';
import { renderApp } from '../../test/renderApp';
import { API, detail, signIn } from '../test/fixtures';
import { FakeEventSource } from '../../room/test/fakeEventSource';
import { row } from '../reception/test/fixtures';
import type { Quorum } from './types';
import { counts, motion, poll } from '../motions/test/fixtures';

const WAIT = { timeout: 10_000 };

const quorum = (overrides: Partial<Quorum> = {}): Quorum => ({
  conference_id: 1,
  settings: { basis: 3, numerator: 1, denominator: 2, rule: 'more_than', count_delegates: true },
  total: 3,
  required: 2,
  present: 1,
  delegated: 0,
  counted: 1,
  met: false,
  margin: -1,
  // 2026/12/20 14:03 in Tokyo
  as_of: '2026-12-20T05:03:00.000Z',
  ...overrides,
});

const setup = (first: Quorum) => {
  signIn('CCI_CONFERENCE_USER');
  FakeEventSource.install();
  let current = first;
  server.use(
    http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
    http.get(`${API}/conferences/1/quorum`, () => HttpResponse.json(current)),
    http.get(`${API}/conferences/1/motions`, () => HttpResponse.json({ data: [], meta: { total: 0 } })),
    http.post(`${API}/conferences/1/room/ticket`, () =>
      HttpResponse.json({ ticket: 't1', expires_at: '2026-12-20T05:04:00Z' }, { status: 201 }),
    ),
  );
  return { set: (next: Quorum) => (current = next) };
};

describe('定足数 board', () => {
  it('shows 不足 with あと1名, then 成立 live on a quorum event, announced', async () => {
    setup(quorum());
    renderApp('/conferences/1/quorum');

    const state = await screen.findByTestId('quorum-state', {}, WAIT);
    expect(state).toHaveTextContent('不足');
    expect(state).toHaveTextContent('あと1名');
    expect(state).toHaveTextContent('3名の過半数 = 2名');
    expect(screen.getByText('2026/12/20 14:03 現在')).toBeInTheDocument();
    expect(await screen.findByText('通常議員総会', {}, WAIT)).toBeInTheDocument();

    await waitFor(() => expect(FakeEventSource.latest().param('ticket')).toBe('t1'), WAIT);
    const stream = FakeEventSource.latest();
    stream.open();
    stream.emit('quorum', quorum({ present: 2, counted: 2, met: true, margin: 0, as_of: '2026-12-20T05:05:00.000Z' }), 42);

    await waitFor(() => expect(screen.getByTestId('quorum-state')).toHaveTextContent('成立'), WAIT);
    expect(screen.getByTestId('quorum-state')).toHaveTextContent('必要数ちょうど');
    expect(screen.getByText('2026/12/20 14:05 現在')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('定足数を満たしました。成立です。');
    const figures = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(figures).toEqual(expect.arrayContaining(['2名', '出席に含める', '固定数']));
  }, 30_000);

  it('after a dropped stream: says so, reopens and shows what changed meanwhile', async () => {
    const api = setup(quorum());
    renderApp('/conferences/1/quorum');
    expect(await screen.findByTestId('quorum-state', {}, WAIT)).toHaveTextContent('不足');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1), WAIT);
    FakeEventSource.latest().open();

    FakeEventSource.latest().fail();
    expect(await screen.findByText('最新の状態を受け取れていません。再接続しています…', {}, WAIT)).toBeInTheDocument();
    // two check-ins while the stream was down: their events are not replayed, GET …/quorum tells
    api.set(quorum({ present: 2, counted: 2, met: true, margin: 0, as_of: '2026-12-20T05:06:00.000Z' }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), WAIT);
    FakeEventSource.latest().open();
    await waitFor(() => expect(screen.getByTestId('quorum-state')).toHaveTextContent('成立'), WAIT);
    expect(screen.queryByText('最新の状態を受け取れていません。再接続しています…')).not.toBeInTheDocument();
  }, 30_000);

  it('tells where to set a quorum when the conference has none', async () => {
    setup(quorum({ settings: null, total: null, required: null, counted: null, met: null, margin: null }));
    renderApp('/conferences/1/quorum');
    expect(await screen.findByText('この会議には定足数が設定されていません', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '会議の基本情報を開く' })).toHaveAttribute('href', '/conferences/1');
    expect(screen.queryByRole('button', { name: '印刷' })).not.toBeInTheDocument();
  }, 30_000);

  it('印刷: the 定足数確認表 lists the checked-in principals and the delegated ones', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    setup(quorum({ present: 2, delegated: 1, counted: 3, met: true, margin: 1 }));
    const rows = [
      row({ id: 1, checked_in_at: '2026-12-20T04:55:00.000Z', attended_by: '山田 太郎' }),
      row({
        id: 2,
        company_name: '丸の内商事',
        member_name: '鈴木 一郎',
        answer_content: 'proxy_attend',
        checked_in_at: '2026-12-20T05:01:00.000Z',
        attended_by: '佐藤 花子',
      }),
      row({ id: 3, company_name: '日本橋製作所', member_name: '高橋 次郎', answer_content: 'delegate' }),
      row({ id: 4, company_name: '銀座建設', member_name: '田中 三郎', answer_content: 'absent' }),
      row({ id: 5, member_name: '随行 者', category: 'companion', checked_in_at: '2026-12-20T05:00:00.000Z' }),
    ];
    const pages: string[] = [];
    server.use(
      http.get(`${API}/conferences/1/check_ins`, ({ request }) => {
        const url = new URL(request.url);
        pages.push(`${url.searchParams.get('filter')}:${url.searchParams.get('page')}:${url.searchParams.get('perPage')}`);
        return HttpResponse.json({
          data: rows,
          meta: { total: rows.length, page: 1, perPage: 1000 },
          counts: { expected: 3, checked_in: 3, not_arrived: 0 },
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/conferences/1/quorum');
    await user.click(await screen.findByRole('button', { name: '印刷' }, WAIT));

    await waitFor(() => expect(print).toHaveBeenCalledTimes(1), WAIT);
    expect(pages).toEqual(['all:1:1000']);
    const sheet = screen.getByTestId('quorum-sheet');
    expect(sheet).toHaveTextContent('定足数確認表');
    expect(sheet).toHaveTextContent('通常議員総会');
    expect(sheet).toHaveTextContent('確認日時2026/12/20 14:03');
    expect(sheet).toHaveTextContent('成立（1名超過）');
    expect(sheet).toHaveTextContent('出席者（受付済みの本人） 2名');
    expect(sheet).toHaveTextContent('佐藤 花子');
    expect(sheet).toHaveTextContent('委任状（受付していない本人） 1名');
    const tables = within(sheet).getAllByRole('table', { hidden: true });
    expect(tables).toHaveLength(3);
    expect(within(tables[2]).getAllByRole('row', { hidden: true })).toHaveLength(2);
    expect(sheet).toHaveTextContent('高橋 次郎');
    expect(sheet).not.toHaveTextContent('田中 三郎');
    expect(sheet).not.toHaveTextContent('随行 者');
    print.mockRestore();
  }, 30_000);

  it('shows the vote under way with the counts hidden, then on close the tally and the result', async () => {
    setup(quorum({ present: 2, counted: 2, met: true, margin: 0 }));
    server.use(http.get(`${API}/conferences/1/motions`, () => HttpResponse.json({ data: [motion()], meta: { total: 1 } })));
    renderApp('/conferences/1/quorum');
    expect(await screen.findByTestId('quorum-state', {}, WAIT)).toHaveTextContent('成立');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1), WAIT);
    const stream = FakeEventSource.latest();
    stream.open();
    const open = poll({ method: 'roll_call' });
    stream.emit('poll', { poll: open, motion: motion({ status: 'open', version: 2 }) }, 60);
    const section = await screen.findByRole('region', { name: '採決中: 第1号議案 令和8年度事業計画の件' }, WAIT);
    stream.emit('poll', { poll: open, motion: motion({ status: 'open', version: 2 }), voted: 4 }, 61);
    expect(section).toHaveTextContent('投票済み 4 / 7');
    expect(section).toHaveTextContent('集計は締め切り後に表示します。');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();

    const closed = poll({ status: 'closed', version: 2, counts: counts({ yes: 6, no: 1, abstain: 1, not_voted: 1 }) });
    stream.emit('poll', { poll: closed, motion: motion({ status: 'declared', result: 'adopted', version: 4 }) }, 62);
    const result = await screen.findByRole('region', { name: '採決結果: 第1号議案 令和8年度事業計画の件' }, WAIT);
    expect(
      within(result)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '1', '1', '1', '2', '1']);
    expect(result).toHaveTextContent('結果: 可決');
    // one stream for the quorum and the vote
    expect(FakeEventSource.instances).toHaveLength(1);
  }, 30_000);

  it('reloaded mid-vote: how many voted at once, before any ballot event, the counts still hidden', async () => {
    setup(quorum({ present: 2, counted: 2, met: true, margin: 0 }));
    const open = poll({ method: 'roll_call' });
    const underVote = motion({ status: 'open', version: 2 });
    server.use(
      http.get(`${API}/conferences/1/motions`, () => HttpResponse.json({ data: [underVote], meta: { total: 1 } })),
      http.get(`${API}/conferences/1/motions/1`, () => HttpResponse.json({ ...underVote, polls: [open] })),
      http.get(`${API}/conferences/1/motions/1/polls/10`, () =>
        HttpResponse.json({ poll: open, motion: underVote, voted: 5, live_counts: null, voters: [] }),
      ),
    );
    renderApp('/conferences/1/quorum');
    const section = await screen.findByRole('region', { name: '採決中: 第1号議案 令和8年度事業計画の件' }, WAIT);
    await waitFor(() => expect(section).toHaveTextContent('投票済み 5 / 7'), WAIT);
    expect(section).toHaveTextContent('集計は締め切り後に表示します。');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  }, 30_000);
});
