/**
 * The staff room's 採決 panel against MSW and a fake staff stream (issue 34): a 記名 poll opened
 * fills as the stream tells of ballots; a 422 quorum_not_met names the numbers and opens with a
 * reason; 挙手 counts typed in full-width digits, close asked first, the tally with 書面・委任 apart,
 * 可否同数 asks the chair; 再採決 keeps the first poll in the record.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { FakeEventSource } from '../../room/test/fakeEventSource';
import { room } from '../room/test/fixtures';
import { renderStaff } from '../room/test/renderStaff';
import { counts, motion, poll, problem, serveMotions, voter, type ProgressFixture, type Sent } from '../motions/test/fixtures';
import type { Motion, Poll } from '../motions/types';
import { VotePanel } from './VotePanel';

const WAIT = { timeout: 10_000 };

const setup = (
  motions: Motion[],
  polls: Poll[],
  reply: (sent: Sent) => Response | undefined,
  progress: Record<number, ProgressFixture> = {},
) => {
  FakeEventSource.install();
  server.use(
    http.post('*/v1/cci/admin/master/conferences/1/room/ticket', () =>
      HttpResponse.json({ ticket: 't1', expires_at: '2026-11-21T05:31:00Z' }, { status: 201 }),
    ),
  );
  const api = serveMotions(motions, polls, reply);
  api.state.progress = progress;
  renderStaff(room(), () => <VotePanel conferenceId={1} currentAgenda={1} />);
  return api;
};

describe('VotePanel', () => {
  it('opens a 記名 poll on the current agenda item’s 議案; the count of ballots follows the staff stream', async () => {
    const api = setup(
      [motion({ id: 2, agenda_index: 0, number: '第1号議案', title: '役員選任の件' }), motion()],
      [],
      ({ body }) => {
        const opened = poll({ method: 'roll_call', show_counts_live: (body as { show_counts_live: boolean }).show_counts_live });
        return HttpResponse.json({ poll: opened, motion: motion({ status: 'open', version: 2 }) }, { status: 201 });
      },
    );
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: '採決' }, WAIT);
    // the room's current item is 議案審議 (index 1): its 議案 is chosen
    expect(await within(panel).findByRole('combobox', { name: '議案' }, WAIT)).toHaveTextContent(
      '第1号議案 令和8年度事業計画の件',
    );
    await user.click(await within(panel).findByRole('radio', { name: '記名投票' }, WAIT));
    await user.click(within(panel).getByRole('switch', { name: '投票中の集計を定足数ボードに表示する' }));
    await user.click(within(panel).getByRole('button', { name: '採決を開始' }));

    await waitFor(() => expect(api.sent).toHaveLength(1), WAIT);
    expect(api.sent[0]).toEqual({ method: 'POST', path: '/1/polls', body: { method: 'roll_call', show_counts_live: true } });
    expect(await within(panel).findByText('採決中（記名投票）', {}, WAIT)).toBeInTheDocument();
    expect(within(panel).getByText('投票権 10名（出席 6・書面 2・委任 1）')).toBeInTheDocument();
    expect(within(panel).getByTestId('poll-progress')).toHaveTextContent('投票の受付中です。');

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1), WAIT);
    const stream = FakeEventSource.latest();
    stream.open();
    stream.emit(
      'poll',
      {
        poll: poll({ show_counts_live: true }),
        motion: motion({ status: 'open', version: 2 }),
        voted: 3,
        live_counts: counts({ yes: 2, no: 1, abstain: 0, not_voted: 6, written: 0, delegated: 0 }),
      },
      51,
    );
    expect(within(panel).getByTestId('poll-progress')).toHaveTextContent('投票済み 3 / 7');
    expect(within(panel).getByTestId('tally-yes')).toHaveTextContent('2');
    expect(within(panel).getByTestId('tally-not_voted')).toHaveTextContent('6');
  }, 30_000);

  it('opened mid-vote: the ballots so far and the live tally at once, before any stream event', async () => {
    const live = counts({ yes: 3, no: 1, abstain: 0, not_voted: 3, written: 2, delegated: 0 });
    setup([motion({ status: 'open', version: 2 })], [poll({ show_counts_live: true })], () => undefined, {
      10: { voted: 4, live_counts: live, voters: [voter()] },
    });
    const panel = await screen.findByRole('region', { name: '採決' }, WAIT);
    await waitFor(() => expect(within(panel).getByTestId('poll-progress')).toHaveTextContent('投票済み 4 / 7'), WAIT);
    expect(within(panel).getByTestId('tally-yes')).toHaveTextContent('3');
    expect(within(panel).getByTestId('tally-not_voted')).toHaveTextContent('3');
  }, 30_000);

  it('quorum_not_met: names 定足数 and the count, then opens with the reason given', async () => {
    const api = setup([motion()], [], ({ body }) =>
      (body as { override_reason?: string }).override_reason
        ? HttpResponse.json({ poll: poll({ method: 'show_of_hands' }), motion: motion({ status: 'open' }) }, { status: 201 })
        : problem(422, 'quorum_not_met', { quorum: 'conference', required: 38, counted: 30 }),
    );
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: '採決' }, WAIT);
    await user.click(await within(panel).findByRole('button', { name: '採決を開始' }, WAIT));
    expect(await within(panel).findByRole('alert', {}, WAIT)).toHaveTextContent(
      '定足数（38名）に達していません（現在 30名）。採決するには理由を入力してください。',
    );
    await user.click(within(panel).getByRole('button', { name: '理由を付けて採決を開始' }));
    expect(within(panel).getByText('理由を入力してください')).toBeInTheDocument();
    expect(api.sent).toHaveLength(1);
    await user.type(within(panel).getByRole('textbox', { name: /定足数に達していなくても採決する理由/ }), '議長の判断により続行');
    await user.click(within(panel).getByRole('button', { name: '理由を付けて採決を開始' }));
    await waitFor(() => expect(api.sent).toHaveLength(2), WAIT);
    expect(api.sent[1].body).toEqual({
      method: 'show_of_hands',
      show_counts_live: false,
      override_reason: '議長の判断により続行',
    });
    expect(await within(panel).findByText('採決中（挙手）', {}, WAIT)).toBeInTheDocument();
  }, 30_000);

  it('挙手: counts in full-width digits, close after asking, the tally with 書面・委任 apart, 可否同数 asks the chair', async () => {
    const open = poll({ method: 'show_of_hands', version: 3 });
    const closed = poll({ ...open, status: 'closed', version: 5, counts: counts({ yes: 4, no: 3, abstain: 1, not_voted: 0 }) });
    const api = setup([motion({ status: 'open' })], [open], ({ method, path, body }) => {
      const b = body as Record<string, unknown>;
      if (method === 'PUT' && b.counts)
        return HttpResponse.json({ poll: { ...open, version: 4, hand_counts: b.counts }, motion: motion({ status: 'open' }) });
      if (method === 'PUT') return HttpResponse.json({ poll: closed, motion: motion({ status: 'closed' }) });
      if (path.endsWith('/declare') && !b.chair_decision) return problem(422, 'chair_decision_required');
      return HttpResponse.json({
        poll: closed,
        motion: motion({ status: 'declared', result: 'adopted', chair_decision: 'adopted' }),
      });
    });
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: '採決' }, WAIT);
    await within(panel).findByText('採決中（挙手）', {}, WAIT);
    await user.type(within(panel).getByRole('textbox', { name: '賛成' }), '１');
    await user.type(within(panel).getByRole('textbox', { name: '反対' }), '９');
    await user.type(within(panel).getByRole('textbox', { name: '棄権' }), '0');
    await user.click(within(panel).getByRole('button', { name: '人数を保存' }));
    // 10 hands among 6 present
    expect(await within(panel).findByText('合計は 6 以下にしてください')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
    await user.clear(within(panel).getByRole('textbox', { name: '反対' }));
    await user.type(within(panel).getByRole('textbox', { name: '反対' }), '２');
    await user.click(within(panel).getByRole('button', { name: '人数を保存' }));
    await waitFor(() => expect(api.sent).toHaveLength(1), WAIT);
    expect(api.sent[0]).toEqual({
      method: 'PUT',
      path: '/1/polls/10',
      body: { version: 3, counts: { yes: 1, no: 2, abstain: 0 } },
    });

    await user.click(within(panel).getByRole('button', { name: '締め切る' }));
    const dialog = await screen.findByRole('dialog', { name: '採決を締め切りますか？' });
    await user.click(within(dialog).getByRole('button', { name: '締め切る' }));
    await waitFor(() => expect(api.sent).toHaveLength(2), WAIT);
    expect(api.sent[1].body).toEqual({ version: 4, status: 'closed' });

    const tally = await within(panel).findByRole('table', {}, WAIT);
    expect(
      within(tally)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['賛成', '反対', '棄権', '未投票', 'うち書面', 'うち委任']);
    expect(
      within(tally)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '3', '1', '0', '2', '1']);

    await user.click(within(panel).getByRole('button', { name: '結果を宣言' }));
    expect(await within(panel).findByText('可否同数です。議長の決定を選んでください。', {}, WAIT)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '結果を宣言' })).toBeDisabled();
    await user.click(within(panel).getByRole('radio', { name: '可決' }));
    await user.click(within(panel).getByRole('button', { name: '結果を宣言' }));
    await waitFor(() => expect(api.sent).toHaveLength(4), WAIT);
    expect(api.sent[3]).toEqual({ method: 'POST', path: '/1/polls/10/declare', body: { chair_decision: 'adopted' } });
    expect(await within(panel).findByText('結果: 可決（議長裁決）', {}, WAIT)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: '再採決' })).not.toBeInTheDocument();
  }, 30_000);

  it('投票を記録 (記名): the chair’s 委任 and a present voter without a phone, not yet voted first; the choices sent as ballots', async () => {
    const open = poll({ version: 2 });
    const voters = [
      voter({ conference_member_id: 101, name: '山田 太郎', voted: true, channel: 'link' }),
      voter({ conference_member_id: 102, name: '佐藤 花子' }),
      voter({ conference_member_id: 103, name: '鈴木 一郎', kind: 'delegated' }),
      voter({ conference_member_id: 104, name: '高橋 次郎', kind: 'written', voted: true, channel: 'written' }),
      voter({
        conference_member_id: 105,
        name: '田中 三郎',
        kind: 'delegated',
        delegate_to: 101,
        delegate_name: '山田 太郎',
        voted: true,
        channel: 'staff',
        choice: 'yes',
      }),
    ];
    const api = setup(
      [motion({ status: 'open', version: 2 })],
      [open],
      () => HttpResponse.json({ poll: { ...open, version: 3 }, motion: motion({ status: 'open', version: 2 }) }),
      { 10: { voted: 2, live_counts: null, voters } },
    );
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: '採決' }, WAIT);
    await user.click(await within(panel).findByRole('button', { name: '投票を記録' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: '投票を記録（第1号議案）' }, WAIT);
    const list = await within(dialog).findByRole('list', { name: '投票者' }, WAIT);
    // not yet voted only, the 書面 never: 佐藤 (出席) and 鈴木 (委任 to the chair)
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('佐藤 花子（山田商事株式会社）出席・未投票'),
      expect.stringContaining('鈴木 一郎（山田商事株式会社）委任（議長）・未投票'),
    ]);
    expect(within(dialog).getByRole('button', { name: '0件を記録' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: '未投票の方のみ表示（2 / 4名）' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(list).toHaveTextContent('委任（受任者: 山田 太郎）・事務局が記録: 賛成');
    expect(list).toHaveTextContent('山田 太郎（山田商事株式会社）出席・投票済み（本人・受任者）');
    expect(list).not.toHaveTextContent('高橋 次郎');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: '鈴木 一郎 の投票' }), '反対');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '佐藤 花子 の投票' }), '賛成');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '佐藤 花子 の投票' }), '記録しない');
    await user.click(within(dialog).getByRole('button', { name: '1件を記録' }));
    await waitFor(() => expect(api.sent).toHaveLength(1), WAIT);
    expect(api.sent[0]).toEqual({
      method: 'PUT',
      path: '/1/polls/10',
      body: { version: 2, ballots: [{ conference_member_id: 103, choice: 'no' }] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    expect(await screen.findByText('1件の投票を記録しました。', {}, WAIT)).toBeInTheDocument();
  }, 30_000);

  it('投票を記録 (挙手): only the 委任 votes; a refusal is shown in the dialog', async () => {
    const open = poll({ method: 'show_of_hands' });
    const voters = [
      voter({ conference_member_id: 102, name: '佐藤 花子' }),
      voter({ conference_member_id: 103, name: '鈴木 一郎', kind: 'delegated' }),
    ];
    const api = setup([motion({ status: 'open' })], [open], () => problem(409, 'poll_closed'), {
      10: { voted: 0, live_counts: null, voters },
    });
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: '採決' }, WAIT);
    await user.click(await within(panel).findByRole('button', { name: '投票を記録' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const list = await within(dialog).findByRole('list', { name: '投票者' }, WAIT);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('鈴木 一郎');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '鈴木 一郎 の投票' }), '棄権');
    await user.click(within(dialog).getByRole('button', { name: '1件を記録' }));
    expect(await within(dialog).findByRole('alert', {}, WAIT)).toHaveTextContent(
      'この採決は締め切られたため、投票・変更できません。',
    );
    // (a PUT answered 409 is tried again, spec §9)
    expect(api.sent[0].body).toEqual({ version: 1, ballots: [{ conference_member_id: 103, choice: 'abstain' }] });
  }, 30_000);

  it('無記名: no 投票を記録', async () => {
    setup([motion({ status: 'open' })], [poll({ method: 'secret' })], () => undefined);
    const panel = await screen.findByRole('region', { name: '採決' }, WAIT);
    await within(panel).findByText('採決中（無記名投票）', {}, WAIT);
    expect(within(panel).queryByRole('button', { name: '投票を記録' })).not.toBeInTheDocument();
  }, 30_000);

  it('再採決: a new poll after a closed one; both stay in 採決の記録', async () => {
    const first = poll({ status: 'closed', counts: counts(), method: 'show_of_hands' });
    const second = poll({ id: 11, method: 'secret', opened_at: '2026-11-21T05:40:00.000Z' });
    const api = setup([motion({ status: 'closed' })], [first], () =>
      HttpResponse.json({ poll: second, motion: motion({ status: 'open' }) }, { status: 201 }),
    );
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: '採決' }, WAIT);
    expect(await within(panel).findByText('再採決しても、これまでの採決は記録として残ります。', {}, WAIT)).toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: '無記名投票' }));
    await user.click(within(panel).getByRole('button', { name: '再採決' }));
    await waitFor(() => expect(api.sent).toHaveLength(1), WAIT);
    expect(api.sent[0].body).toEqual({ method: 'secret', show_counts_live: false });
    expect(await within(panel).findByText('採決中（無記名投票）', {}, WAIT)).toBeInTheDocument();
    const record = within(panel).getByRole('heading', { name: '採決の記録' }).parentElement!;
    expect(record).toHaveTextContent('1回目 挙手 2026/11/21 14:30');
    expect(record).toHaveTextContent('2回目 無記名投票 2026/11/21 14:40');
    expect(record).toHaveTextContent('採決中');
  }, 30_000);
});
