/**
 * issue 12, "Real time, the real way" (DESIGN.md §11.1): the room's event stream — one-minute
 * single-use tickets bound to their room, Last-Event-ID resume from PostgreSQL (nothing lost,
 * nothing doubled, in order; staff-only events never reach others), heartbeats, the proxy header,
 * and streams ended on shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, type caller } from '../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../helpers/fixtures.ts';
import {
  companyRoom,
  createRoomConference,
  insertLink,
  linkRoom,
  listeningApp,
  openStream,
  staffRoom,
  type RoomFixture,
  type SseStream,
} from '../../../helpers/room-fixtures.ts';

let app: FastifyInstance;
let base: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ app, base, call } = await listeningApp());
});
afterAll(() => app.close());

async function ticketOf(path: (id: number, rest: string) => string, conferenceId: number, email: string): Promise<string> {
  const res = await call('POST', path(conferenceId, '/ticket'), email);
  expect(res.statusCode, res.body).toBe(201);
  expect(Date.parse(res.json().expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
  return res.json().ticket;
}

const companyEvents = (conferenceId: number, ticket: string, query = '') =>
  `${base}${companyRoom(conferenceId, '/events')}?ticket=${encodeURIComponent(ticket)}${query}`;

/** The room's event numbers after `after`, as stored (audience 'all' only unless `staff`). */
async function storedIds(conferenceId: number, after: number, staff = false): Promise<number[]> {
  const { rows } = await app.pool.query<{ seq: string }>(
    `select seq from room_event where conference_id = $1 and seq > $2 ${staff ? '' : "and audience = 'all'"} order by seq`,
    [conferenceId, after],
  );
  return rows.map((r) => Number(r.seq));
}

const idsOf = (stream: SseStream) => stream.events.map((e) => e.id);

describe('stream tickets', () => {
  let room: RoomFixture;
  beforeAll(async () => {
    room = await createRoomConference(app.pool);
  });

  it('open one stream once', async () => {
    const ticket = await ticketOf(companyRoom, room.conferenceId, DEMO.companyAdmin);
    const first = await openStream(companyEvents(room.conferenceId, ticket));
    expect(first.status).toBe(200);
    first.close();
    const again = await openStream(companyEvents(room.conferenceId, ticket));
    expect(again.status).toBe(401);
  });

  it('last a minute', async () => {
    const ticket = await ticketOf(companyRoom, room.conferenceId, DEMO.companyAdmin);
    const { rowCount } = await app.pool.query(
      "update room_ticket set expires_at = now() - interval '1 second' where conference_id = $1",
      [room.conferenceId],
    );
    expect(rowCount).toBeGreaterThan(0);
    expect((await openStream(companyEvents(room.conferenceId, ticket))).status).toBe(401);
  });

  it('are bound to their room: a ticket for room A is refused on room B', async () => {
    const other = await createRoomConference(app.pool);
    const ticket = await ticketOf(companyRoom, room.conferenceId, DEMO.companyAdmin);
    expect((await openStream(companyEvents(other.conferenceId, ticket))).status).toBe(401);
    const staffTicket = await ticketOf(staffRoom, room.conferenceId, DEMO.staff);
    const onOther = await openStream(`${base}${staffRoom(other.conferenceId, '/events')}?ticket=${staffTicket}`);
    expect(onOther.status).toBe(401);
  });

  it('stand in for the bearer only on event streams', async () => {
    const ticket = await ticketOf(staffRoom, room.conferenceId, DEMO.admin);
    const res = await app.inject({ method: 'GET', url: `${staffRoom(room.conferenceId, '/chat')}?ticket=${ticket}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('reconnecting', () => {
  let room: RoomFixture;
  let guests: string[];
  beforeAll(async () => {
    room = await createRoomConference(app.pool);
    guests = await Promise.all(
      [1, 2, 3, 4].map(async (n) => (await insertLink(app.pool, room.conferenceId, { name: `来賓${n}` })).token),
    );
  });

  /** One chat message from each of `senders` (each its own sender: the 1/s limit is per sender) and a comment. */
  async function traffic(senders: Array<[path: string, email: string | null]>, label: string) {
    for (const [path, email] of senders) {
      const res = await call('POST', `${path}/chat`, email, { body: `${label}: ${path}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await call('POST', linkRoom(guests[3], '/comments'), null, { body: `${label}の質問` })).statusCode).toBe(201);
    expect((await call('PUT', staffRoom(room.conferenceId, '/stopwatch'), DEMO.admin, { action: 'start' })).statusCode).toBe(200);
  }

  it('with Last-Event-ID (a link holder) or ?last_event_id= (a new ticket) gets exactly the missed events', async () => {
    const start = (await call('GET', staffRoom(room.conferenceId), DEMO.admin)).json().last_event_id as number;
    const holder = await openStream(`${base}${linkRoom(guests[0], '/events')}?last_event_id=${start}`);
    const company = await openStream(
      companyEvents(
        room.conferenceId,
        await ticketOf(companyRoom, room.conferenceId, DEMO.companyAdmin),
        `&last_event_id=${start}`,
      ),
    );
    const staff = await openStream(
      `${base}${staffRoom(room.conferenceId, '/events')}?last_event_id=${start}`,
      bearer(await tokenOf(DEMO.staff)),
    );

    await traffic(
      [
        [linkRoom(guests[1]), null],
        [staffRoom(room.conferenceId), DEMO.admin],
      ],
      '前半',
    );
    const seen = await storedIds(room.conferenceId, start);
    await holder.waitFor(seen.length);
    await company.waitFor(seen.length);
    await staff.waitFor(seen.length + 1);
    holder.close();
    company.close();
    const lastHolder = holder.events.at(-1)!.id!;
    const lastCompany = company.events.at(-1)!.id!;

    // while they are away: chat from four senders, a comment, a stopwatch change, a deletion
    await traffic(
      [
        [linkRoom(guests[2]), null],
        [companyRoom(room.conferenceId), DEMO.companyAdmin],
        [staffRoom(room.conferenceId), DEMO.staff],
        [linkRoom(guests[0]), null],
      ],
      '後半',
    );
    const chat = await call('GET', staffRoom(room.conferenceId, '/chat'), DEMO.admin);
    expect((await call('DELETE', staffRoom(room.conferenceId, `/chat/${chat.json().data[0].id}`), DEMO.admin)).statusCode).toBe(
      204,
    );

    const missedByHolder = await storedIds(room.conferenceId, lastHolder);
    const missedByCompany = await storedIds(room.conferenceId, lastCompany);
    expect(missedByHolder.length).toBe(6); // 4 chat, the stopwatch, chat_deleted; not the comment
    const holderAgain = await openStream(`${base}${linkRoom(guests[0], '/events')}`, { 'last-event-id': String(lastHolder) });
    const companyAgain = await openStream(
      companyEvents(
        room.conferenceId,
        await ticketOf(companyRoom, room.conferenceId, DEMO.companyAdmin),
        `&last_event_id=${lastCompany}`,
      ),
    );
    await holderAgain.waitFor(missedByHolder.length);
    await companyAgain.waitFor(missedByCompany.length);
    // one more live event after the backlog: it comes once, after the missed ones
    expect((await call('PUT', staffRoom(room.conferenceId, '/stopwatch'), DEMO.admin, { action: 'pause' })).statusCode).toBe(200);
    const live = (await storedIds(room.conferenceId, 0)).at(-1)!;
    await holderAgain.waitFor(missedByHolder.length + 1);
    await companyAgain.waitFor(missedByCompany.length + 1);
    await staff.waitFor((await storedIds(room.conferenceId, start, true)).length);

    expect(idsOf(holderAgain)).toEqual([...missedByHolder, live]);
    expect(idsOf(companyAgain)).toEqual([...missedByCompany, live]);
    // the staff stream, never dropped, has every event, comments included, each once and in order
    expect(idsOf(staff)).toEqual(await storedIds(room.conferenceId, start, true));
    expect(staff.events.filter((e) => e.event === 'comment')).toHaveLength(2);
    for (const stream of [holder, holderAgain, company, companyAgain]) {
      expect(stream.events.filter((e) => e.event === 'comment')).toEqual([]);
    }
    // what the holder sent is its own, in the backlog as live
    const own = holderAgain.events.filter((e) => e.event === 'chat' && (e.data as { own: boolean }).own);
    expect(own).toHaveLength(1);
    for (const s of [holderAgain, companyAgain, staff]) s.close();
  });

  it('while events are being written loses none and doubles none', async () => {
    const start = (await call('GET', staffRoom(room.conferenceId), DEMO.admin)).json().last_event_id as number;
    const writes = (async () => {
      for (let n = 0; n < 12; n++) {
        await call('PUT', staffRoom(room.conferenceId, '/stopwatch'), DEMO.admin, { action: n % 2 ? 'pause' : 'start' });
      }
    })();
    const streams: SseStream[] = [];
    for (const token of guests) {
      streams.push(await openStream(`${base}${linkRoom(token, '/events')}`, { 'last-event-id': String(start) }));
    }
    await writes;
    const all = await storedIds(room.conferenceId, start);
    expect(all).toHaveLength(12);
    for (const stream of streams) {
      await stream.waitFor(all.length);
      expect(idsOf(stream)).toEqual(all);
      stream.close();
    }
  });
});

describe('a revoked link', () => {
  it('has its open streams ended, and its reconnect is a 404; other holders stay', async () => {
    const room = await createRoomConference(app.pool);
    const revoked = await insertLink(app.pool, room.conferenceId, { name: '取消 一郎' });
    const kept = await insertLink(app.pool, room.conferenceId, { name: '継続 二郎' });
    const gone = await openStream(`${base}${linkRoom(revoked.token, '/events')}`);
    const stays = await openStream(`${base}${linkRoom(kept.token, '/events')}`);
    expect([gone.status, stays.status]).toEqual([200, 200]);

    expect((await call('DELETE', staffRoom(room.conferenceId, `/links/${revoked.id}`), DEMO.admin)).statusCode).toBe(204);
    await gone.ended;
    expect((await openStream(`${base}${linkRoom(revoked.token, '/events')}`, { 'last-event-id': '0' })).status).toBe(404);

    expect((await call('POST', linkRoom(kept.token, '/chat'), null, { body: 'まだ居ます' })).statusCode).toBe(201);
    const [chat] = await stays.waitFor(1, 'chat');
    expect(chat.data).toMatchObject({ body: 'まだ居ます', own: true });
    // the revocation itself is no event a client sees
    expect(stays.events.map((e) => e.event)).toEqual(['chat']);
    stays.close();
  });
});

describe('the stream response', () => {
  it('carries text/event-stream and X-Accel-Buffering: no, a heartbeat comment every heartbeatMs, and ends on close()', async () => {
    const { app: quick, base: quickBase } = await listeningApp({ app: { room: { heartbeatMs: 200 } } });
    const room = await createRoomConference(quick.pool);
    const { token } = await insertLink(quick.pool, room.conferenceId);
    const holder = await openStream(`${quickBase}${linkRoom(token, '/events')}`);
    const staff = await openStream(`${quickBase}${staffRoom(room.conferenceId, '/events')}`, bearer(await tokenOf(DEMO.admin)));
    expect(holder.status).toBe(200);
    expect(holder.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(holder.headers.get('x-accel-buffering')).toBe('no');
    expect(holder.headers.get('cache-control')).toContain('no-cache');

    const beats = await holder.waitForComments(3);
    expect(beats.slice(0, 3)).toEqual(['heartbeat', 'heartbeat', 'heartbeat']);
    expect(holder.events).toEqual([]);
    await staff.waitForComments(1);

    const closing = quick.close();
    await Promise.all([holder.ended, staff.ended]);
    await closing;
  });
});
