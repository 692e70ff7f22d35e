/**
 * The voter's phone screen (/room/:token, issue 34; decisions 0028, 0034): the open 議案 with 賛成 /
 * 反対 / 棄権 for the link's own vote and the votes it carries, 記名 changed at will, 無記名 asked
 * first and never shown again, the state following the room's `vote` event, refusals in Japanese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderApp } from '../../test/renderApp';
import { FakeEventSource } from '../test/fakeEventSource';
import { problem, room, serveRoom } from '../test/fixtures';
import { setWidth } from '../test/renderRoom';
import type { CurrentPoll, OpenPoll, VoteSlot } from './api';

const BASE = '/v1/room/tok-v';

const slot = (over: Partial<VoteSlot> & Pick<VoteSlot, 'conference_member_id' | 'name'>): VoteSlot => ({
  company_name: null,
  may_vote: true,
  voted: false,
  choice: null,
  ...over,
});

const openPoll = (over: Partial<OpenPoll> = {}): OpenPoll => ({
  id: 7,
  method: 'roll_call',
  status: 'open',
  motion: { id: 3, number: '第2号議案', title: '令和8年度予算承認の件' },
  own: slot({ conference_member_id: 21, name: '山田 太郎' }),
  carried: [],
  ...over,
});

/** Serves the room and `…/polls/current` (whatever `poll()` says now); records the ballots. */
const serveVote = (poll: () => OpenPoll | null, reply?: (body: Record<string, unknown>) => Response | undefined) => {
  serveRoom(BASE, { room: room({ kind: 'user', viewer_name: '山田 太郎' }) });
  const ballots: Array<Record<string, unknown>> = [];
  let reads = 0;
  server.use(
    http.get(`*${BASE}/polls/current`, () => {
      reads += 1;
      return HttpResponse.json({ poll: poll() } satisfies CurrentPoll);
    }),
    http.put(`*${BASE}/polls/:pollId/ballot`, async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      ballots.push({ poll: Number(params.pollId), ...body });
      const refused = reply?.(body);
      if (refused) return refused;
      const current = poll()!;
      const mark = (s: VoteSlot) =>
        s.conference_member_id === (body.conference_member_id ?? current.own?.conference_member_id)
          ? {
              ...s,
              voted: true,
              choice: current.method === 'roll_call' ? (body.choice as VoteSlot['choice']) : null,
              may_vote: current.method === 'roll_call',
            }
          : s;
      return HttpResponse.json({
        poll: { ...current, own: current.own && mark(current.own), carried: current.carried.map(mark) },
      });
    }),
  );
  return { ballots, reads: () => reads };
};

const panel = () => screen.findByRole('region', { name: /^採決：/ });

describe('the voter’s 採決 on /room/:token', () => {
  beforeEach(() => {
    FakeEventSource.install();
    setWidth(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('記名: 賛成 is recorded at a tap and may be changed; a carried vote is cast for its principal', async () => {
    const user = userEvent.setup();
    const seen = serveVote(() =>
      openPoll({ carried: [slot({ conference_member_id: 22, name: '佐藤 次郎', company_name: '佐藤商店' })] }),
    );
    renderApp('/room/tok-v');
    const region = await panel();
    expect(within(region).getByText('令和8年度予算承認の件')).toBeInTheDocument();
    expect(within(region).getByText('記名投票')).toBeInTheDocument();
    expect(within(region).getByText(/締め切りまで、何度でも選び直せます/)).toBeInTheDocument();

    const own = within(region).getByRole('group', { name: 'あなたの票' });
    expect(within(own).getByText('未投票')).toBeInTheDocument();
    await user.click(within(own).getByRole('button', { name: '賛成' }));
    expect(await within(own).findByText('記録済み：賛成')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: '賛成' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(own).getByRole('button', { name: '反対' }));
    expect(await within(own).findByText('記録済み：反対')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: '賛成' })).toHaveAttribute('aria-pressed', 'false');

    expect(within(region).getByText('委任を受けた票（1票）')).toBeInTheDocument();
    const carried = within(region).getByRole('group', { name: '委任を受けた票：佐藤 次郎（佐藤商店）' });
    await user.click(within(carried).getByRole('button', { name: '棄権' }));
    expect(await within(carried).findByText('記録済み：棄権')).toBeInTheDocument();
    expect(seen.ballots).toEqual([
      { poll: 7, choice: 'yes' },
      { poll: 7, choice: 'no' },
      { poll: 7, choice: 'abstain', conference_member_id: 22 },
    ]);
  });

  it('無記名: asks first, says a ballot cannot be changed, then shows 投票済み without the choice', async () => {
    const user = userEvent.setup();
    const seen = serveVote(() => openPoll({ method: 'secret' }));
    renderApp('/room/tok-v');
    const region = await panel();
    expect(within(region).getByText(/投票は一人一回で、投票後は変更できません/)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: '反対' }));
    const dialog = await screen.findByRole('dialog', { name: '無記名投票' });
    expect(within(dialog).getByText(/「反対」で投票します。/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.ballots).toEqual([]);

    await user.click(within(region).getByRole('button', { name: '反対' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '投票する' }));
    expect(await within(region).findByText('投票済み（無記名のため、選択は表示されません）')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    for (const name of ['賛成', '反対', '棄権']) {
      expect(within(region).getByRole('button', { name })).toBeDisabled();
      expect(within(region).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(seen.ballots).toEqual([{ poll: 7, choice: 'no' }]);
  });

  it('live: a poll opened, closed and declared reaches the screen through the room’s vote event', async () => {
    let current: OpenPoll | null = null;
    const seen = serveVote(() => current);
    renderApp('/room/tok-v');
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    await waitFor(() => expect(seen.reads()).toBe(1));
    expect(screen.queryByRole('region', { name: /^採決：/ })).not.toBeInTheDocument();

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.latest();
    const motion = { id: 3, number: '第2号議案', title: '令和8年度予算承認の件', status: 'open', result: null };
    current = openPoll();
    stream.emit('vote', { poll: { id: 7, method: 'roll_call', status: 'open' }, motion }, 20);
    expect(await panel()).toBeInTheDocument();
    // a screen reader is told, the focus staying where it was
    expect(screen.getByText('採決が始まりました：第2号議案 令和8年度予算承認の件')).toHaveAttribute('role', 'status');

    current = null;
    stream.emit('vote', { poll: { id: 7, method: 'roll_call', status: 'closed' }, motion: { ...motion, status: 'closed' } }, 21);
    expect(await screen.findByText('第2号議案「令和8年度予算承認の件」の採決は締め切られました。')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^採決：/ })).not.toBeInTheDocument();
    stream.emit(
      'vote',
      { poll: { id: 7, method: 'roll_call', status: 'closed' }, motion: { ...motion, status: 'declared', result: 'adopted' } },
      22,
    );
    expect(await screen.findByText('第2号議案「令和8年度予算承認の件」は可決されました。')).toBeInTheDocument();
  });

  it('a refused ballot is said in Japanese and the poll is read again (closed meanwhile)', async () => {
    const user = userEvent.setup();
    let current: OpenPoll | null = openPoll();
    const seen = serveVote(
      () => current,
      () => {
        current = null;
        return problem(409, 'poll_closed');
      },
    );
    renderApp('/room/tok-v');
    const region = await panel();
    await user.click(within(region).getByRole('button', { name: '賛成' }));
    expect(await screen.findByText('この採決は締め切られたため、投票・変更できません。')).toBeInTheDocument();
    await waitFor(() => expect(seen.reads()).toBeGreaterThanOrEqual(2));
  });

  it('at 375 px: a link without a vote (書面, 委任, guests) sees the 議案 and why it cannot vote; 挙手 shows no buttons', async () => {
    setWidth(true);
    let current = openPoll({ own: null });
    serveVote(() => current);
    const { unmount } = renderApp('/room/tok-v');
    const region = await panel();
    expect(within(region).getByText(/このリンクから投票できません/)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: '賛成' })).not.toBeInTheDocument();
    unmount();

    current = openPoll({ method: 'show_of_hands' });
    renderApp('/room/tok-v');
    const hands = await panel();
    expect(within(hands).getByText(/挙手で採決します/)).toBeInTheDocument();
    expect(within(hands).queryByRole('button', { name: '賛成' })).not.toBeInTheDocument();
  });
});
