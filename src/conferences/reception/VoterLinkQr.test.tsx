/**
 * The voter's personal room link as a QR code at the desk (issue 34): after a principal's check-in
 * (a 代理出席 substitute is checked in on the principal's row, so gets the principal's link), the
 * invitee's live link or one issued now; a companion gets none.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { DESK, ROOM, ROWS, checkedIn, counts, deskServer } from './test/fixtures';
import type { ReceptionRow } from './api';
import { openDesk } from './test/desk';

const WAIT = { timeout: 10_000 };

const link = (over: Record<string, unknown>) => ({
  id: 1,
  kind: 'user',
  name: '山田 花子',
  title: null,
  conference_member_id: 2,
  url: 'https://kaigi.example.jp/room/OLD',
  expires_at: '2099-01-01T00:00:00.000Z',
  revoked_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** The desk where a check-in of `target` answers its row checked in; links served and issued recorded. */
const serveDesk = (target: ReceptionRow, links: unknown[]) => {
  const { state } = deskServer();
  const issued: Array<{ body: unknown; key: string | null }> = [];
  server.use(
    http.post(DESK, () => {
      const done = checkedIn(target);
      state.rows = state.rows.map((r) => (r.id === done.id ? done : r));
      state.counts = counts(2, 1);
      return HttpResponse.json({ row: done, already: false, counts: state.counts }, { status: 201 });
    }),
    http.get(`${ROOM}/links`, () => HttpResponse.json({ data: links })),
    http.post(`${ROOM}/links`, async ({ request }) => {
      issued.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      return HttpResponse.json(link({ id: 9, url: 'https://kaigi.example.jp/room/NEW' }), { status: 201 });
    }),
  );
  return issued;
};

describe('the desk shows the voter’s link as a QR code after check-in', () => {
  it('a substitute (代理出席) gets the principal’s live link; a revoked one is passed over', async () => {
    const issued = serveDesk(ROWS[1], [
      link({ id: 3, url: 'https://kaigi.example.jp/room/REVOKED', revoked_at: '2026-11-02T00:00:00.000Z' }),
      link({ id: 2, url: 'https://kaigi.example.jp/room/LIVE' }),
      link({ id: 1, conference_member_id: 1, url: 'https://kaigi.example.jp/room/TARO' }),
    ]);
    const user = userEvent.setup();
    await openDesk();
    await user.click(screen.getByRole('button', { name: '佐藤 次郎さんを受付' }));
    await user.click(await screen.findByRole('button', { name: '佐藤 次郎 さんの投票用リンクをQRコードで表示' }, WAIT));
    const qr = await screen.findByRole('img', { name: '佐藤 次郎 さんの投票用リンクのQRコード' }, WAIT);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('https://kaigi.example.jp/room/LIVE')).toBeInTheDocument();
    expect(issued).toEqual([]);
  }, 30_000);

  it('no live link: one is issued for the principal (with an Idempotency-Key)', async () => {
    const issued = serveDesk(ROWS[0], [link({ conference_member_id: 1, expires_at: '2020-01-01T00:00:00.000Z' })]);
    const user = userEvent.setup();
    await openDesk();
    await user.click(screen.getByRole('button', { name: '山田 太郎さんを受付' }));
    await user.click(await screen.findByRole('button', { name: '山田 太郎 さんの投票用リンクをQRコードで表示' }, WAIT));
    expect(await screen.findByText('https://kaigi.example.jp/room/NEW', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(issued).toHaveLength(1));
    expect(issued[0].body).toEqual({ kind: 'user', conference_member_id: 1 });
    expect(issued[0].key).toMatch(/\S/);
  }, 30_000);
});
