/**
 * 参加用リンク against MSW: the issued links with kind, name, expiry or revocation; issuing a guest
 * link (氏名 required) or an invitee's link (picked from the conference members) shows its URL with
 * a copy button (clipboard, else the URL is selected); 無効にする asks, then DELETEs. Issue 29: a
 * POST that times out after the server made the link reloads the list, and 発行する pressed again
 * sends the same Idempotency-Key, so no second link appears.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { LinkManager } from './LinkManager';
import { ROOM, link, room } from './test/fixtures';
import { renderStaff } from './test/renderStaff';
import { invitee, list } from '../test/fixtures';
import type { RoomLink } from './types';

const setup = () => {
  let links: RoomLink[] = [
    link({ id: 1 }),
    link({
      id: 2,
      kind: 'user',
      name: '山田 太郎',
      title: null,
      conference_member_id: 11,
      url: 'https://kaigi.example.jp/room/tok-2',
      revoked_at: '2026-11-20T03:00:00.000Z',
    }),
  ];
  const calls: Array<{ method: string; path: string; body?: unknown }> = [];
  server.use(
    http.get(`${ROOM}/links`, () => HttpResponse.json({ data: links })),
    http.post(`${ROOM}/links`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'POST', path: 'links', body });
      const created = link({
        id: 3,
        kind: body.kind as RoomLink['kind'],
        name: (body.name as string) ?? '鈴木 一郎',
        title: (body.title as string | null) ?? null,
        conference_member_id: (body.conference_member_id as number) ?? null,
        url: 'https://kaigi.example.jp/room/tok-3',
      });
      links = [...links, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(`${ROOM}/links/:id`, ({ params }) => {
      calls.push({ method: 'DELETE', path: `links/${params.id}` });
      links = links.map((l) => (l.id === Number(params.id) ? { ...l, revoked_at: '2026-11-21T06:00:00.000Z' } : l));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/v1/cci/admin/master/conference_members', () =>
      list(
        [invitee({ id: 11, name: '山田 太郎', company_id: 10 }), invitee({ id: 12, name: '鈴木 一郎', company_id: 11 })],
        2,
        1,
        1000,
      ),
    ),
  );
  return { calls };
};

const renderLinks = () => renderStaff(room(), () => <LinkManager conferenceId={1} />);

describe('LinkManager', () => {
  it('lists the links: kind, name, title, expiry; a revoked one says so and offers nothing', async () => {
    setup();
    renderLinks();
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]).getByText('来賓・講師')).toBeInTheDocument();
    expect(within(items[0]).getByText('佐藤 講師')).toBeInTheDocument();
    expect(within(items[0]).getByText('大学教授')).toBeInTheDocument();
    expect(within(items[0]).getByText('2026/11/23 00:00まで')).toBeInTheDocument();
    expect(within(items[0]).getByRole('textbox', { name: '佐藤 講師さんの参加用リンク' })).toHaveValue(
      'https://kaigi.example.jp/room/tok-1',
    );
    expect(within(items[1]).getByText('招待者')).toBeInTheDocument();
    expect(within(items[1]).getByText('無効（2026/11/20 12:00）')).toBeInTheDocument();
    expect(within(items[1]).queryByRole('button')).toBeNull();
  });

  it('issues a guest link (氏名 required) and shows its URL; 「URLをコピー」 writes it to the clipboard', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderLinks();
    await user.click(await screen.findByRole('button', { name: 'リンクを発行' }));
    const dialog = await screen.findByRole('dialog', { name: '参加用リンクを発行' });
    await user.click(within(dialog).getByRole('button', { name: '発行する' }));
    expect(within(dialog).getByText('氏名を入力してください')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: '氏名' }), ' 高橋 来賓 ');
    await user.type(within(dialog).getByRole('textbox', { name: '肩書' }), '市長');
    await user.click(within(dialog).getByRole('button', { name: '発行する' }));

    const issued = await screen.findByRole('dialog', { name: 'リンクを発行しました' });
    expect(within(issued).getByRole('textbox', { name: '高橋 来賓さんの参加用リンク' })).toHaveValue(
      'https://kaigi.example.jp/room/tok-3',
    );
    expect(calls).toEqual([{ method: 'POST', path: 'links', body: { kind: 'guest', name: '高橋 来賓', title: '市長' } }]);
    await user.click(within(issued).getByRole('button', { name: 'URLをコピー' }));
    expect(writeText).toHaveBeenCalledWith('https://kaigi.example.jp/room/tok-3');
    expect(within(issued).getByRole('status')).toHaveTextContent('URLをコピーしました。');

    await user.click(within(issued).getByRole('button', { name: '閉じる' }));
    // the list now has it
    expect(await screen.findByRole('textbox', { name: '高橋 来賓さんの参加用リンク' })).toBeInTheDocument();
  });

  it('without a clipboard, selects the URL for the user to copy by hand', async () => {
    setup();
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderLinks();
    await user.click(await screen.findByRole('button', { name: '佐藤 講師さんのURLをコピー' }));
    const field = screen.getByRole('textbox', { name: '佐藤 講師さんの参加用リンク' }) as HTMLInputElement;
    expect(field).toHaveFocus();
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(field.value.length);
    expect(screen.getByText('コピーできませんでした。URLを選択したので、手動でコピーしてください。')).toBeInTheDocument();
  });

  it("issues an invitee's link picked from the conference members", async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderLinks();
    await user.click(await screen.findByRole('button', { name: 'リンクを発行' }));
    const dialog = await screen.findByRole('dialog', { name: '参加用リンクを発行' });
    await user.click(within(dialog).getByRole('radio', { name: '招待者' }));
    await user.click(within(dialog).getByRole('combobox', { name: '招待者' }));
    await user.click(await screen.findByRole('option', { name: '鈴木 一郎（丸の内商事）' }));
    await user.click(within(dialog).getByRole('button', { name: '発行する' }));
    expect(await screen.findByRole('dialog', { name: 'リンクを発行しました' })).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: 'links', body: { kind: 'user', conference_member_id: 12 } }]);
  });

  it('revokes a link after confirming: DELETE, then it shows as 無効', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderLinks();
    await user.click(await screen.findByRole('button', { name: '佐藤 講師さんのリンクを無効にする' }));
    const confirm = await screen.findByRole('dialog', { name: 'リンクを無効にしますか？' });
    expect(confirm).toHaveTextContent('佐藤 講師さんのリンクは使えなくなります。');
    expect(calls).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: '無効にする' }));
    expect(await screen.findByText('無効（2026/11/21 15:00）')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', path: 'links/1' }]);
    expect(screen.getByText('リンクを無効にしました。')).toBeInTheDocument();
  });

  it('after a timed-out 発行する the list reloads, and pressing again sends the same key: one link, not two', async () => {
    // the server behind the time-out: it made the link, but its answer never came back; a request
    // with a key it saw answers that link (server/repositories/room-access.ts)
    let links: RoomLink[] = [link({ id: 1 })];
    const byKey = new Map<string, RoomLink>();
    const keys: string[] = [];
    let listReads = 0;
    let reached: () => void = () => {};
    const firstPost = new Promise<void>((resolve) => (reached = resolve));
    server.use(
      http.get(`${ROOM}/links`, () => {
        listReads += 1;
        return HttpResponse.json({ data: links });
      }),
      http.post(`${ROOM}/links`, async ({ request }) => {
        const key = request.headers.get('idempotency-key') ?? '';
        keys.push(key);
        const known = byKey.get(key);
        if (known) return HttpResponse.json(known, { status: 201 });
        const body = (await request.json()) as { name: string };
        const created = link({ id: 2, name: body.name, title: null, url: 'https://kaigi.example.jp/room/tok-2' });
        byKey.set(key, created);
        links = [...links, created];
        reached();
        await delay('infinite');
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderLinks();
    await user.click(await screen.findByRole('button', { name: 'リンクを発行' }));
    const dialog = await screen.findByRole('dialog', { name: '参加用リンクを発行' });
    await user.type(within(dialog).getByRole('textbox', { name: '氏名' }), '高橋 来賓');
    expect(listReads).toBe(1);

    // the client's 30 s time-out (spec §9) passes at once; other timers run as time goes (the
    // test setup restores real timers after each test)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: '発行する' }));
    await firstPost;
    await act(() => vi.advanceTimersByTimeAsync(30_000));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('通信がタイムアウトしました。');
    // the list behind the dialog reloaded and shows the link the server made
    await waitFor(() => expect(listReads).toBe(2));
    expect(await screen.findByRole('textbox', { name: '高橋 来賓さんの参加用リンク', hidden: true })).toHaveValue(
      'https://kaigi.example.jp/room/tok-2',
    );

    await user.click(within(dialog).getByRole('button', { name: '発行する' }));
    const issued = await screen.findByRole('dialog', { name: 'リンクを発行しました' });
    expect(within(issued).getByRole('textbox', { name: '高橋 来賓さんの参加用リンク' })).toHaveValue(
      'https://kaigi.example.jp/room/tok-2',
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    await user.click(within(issued).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(listReads).toBe(3));
    expect(screen.getAllByRole('textbox', { name: '高橋 来賓さんの参加用リンク' })).toHaveLength(1);
  });

  it('changed entries after a failure are a new submission with a new key', async () => {
    const keys: string[] = [];
    let failed = false;
    server.use(
      http.get(`${ROOM}/links`, () => HttpResponse.json({ data: [] })),
      http.post(`${ROOM}/links`, async ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        if (!failed) {
          failed = true;
          return HttpResponse.json({ status: 429, code: 'rate_limited' }, { status: 429, headers: { 'retry-after': '30' } });
        }
        const body = (await request.json()) as { name: string };
        return HttpResponse.json(link({ id: 5, name: body.name }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderLinks();
    await user.click(await screen.findByRole('button', { name: 'リンクを発行' }));
    const dialog = await screen.findByRole('dialog', { name: '参加用リンクを発行' });
    await user.type(within(dialog).getByRole('textbox', { name: '氏名' }), '来賓 一');
    await user.click(within(dialog).getByRole('button', { name: '発行する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'リクエストが多すぎます。しばらくしてから再度お試しください。',
    );
    await user.type(within(dialog).getByRole('textbox', { name: '氏名' }), '郎');
    await user.click(within(dialog).getByRole('button', { name: '発行する' }));
    expect(await screen.findByRole('dialog', { name: 'リンクを発行しました' })).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
