/**
 * issue 29, item 2: a viewer who should be let go is let go however its stream's start and an
 * access change interleave. Each test holds a stream's first read (its backlog query) at the point
 * where the change used to slip past it, by wrapping the pool's query.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { caller } from '../../../helpers/app.ts';
import { DEMO } from '../../../helpers/fixtures.ts';
import {
  createRoomConference,
  insertLink,
  linkRoom,
  listeningApp,
  openStream,
  staffRoom,
} from '../../../helpers/room-fixtures.ts';

let app: FastifyInstance;
let base: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ app, base, call } = await listeningApp());
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

/** A stream's first read in the hub (server/lib/room/hub.ts): its backlog and the room's event number. */
const isBacklogRead = (text: unknown) => typeof text === 'string' && text.includes('coalesce($2, r.event_seq)');

/**
 * Runs `before(n)` ahead of the n-th backlog read (0-based) and tells `started` of the read once
 * it is under way; other queries pass untouched.
 */
function aheadOfBacklogReads(
  before: (n: number) => Promise<void>,
  started: (n: number, read: Promise<unknown>) => void = () => {},
): void {
  const query = app.pool.query.bind(app.pool) as (...args: unknown[]) => Promise<unknown>;
  let reads = 0;
  vi.spyOn(app.pool, 'query').mockImplementation(((...args: unknown[]) => {
    if (!isBacklogRead(args[0])) return query(...args);
    const n = reads++;
    const read = before(n).then(() => query(...args));
    started(n, read);
    return read;
  }) as typeof app.pool.query);
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function setStatus(conferenceId: number, status: string) {
  const current = await call('GET', `/v1/cci/admin/master/conferences/${conferenceId}`, DEMO.admin);
  const res = await call('PUT', `/v1/cci/admin/master/conferences/${conferenceId}`, DEMO.admin, {
    version: current.json().version,
    status,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a stream starting from now', () => {
  it('is ended when its link is revoked after the entry check but before the stream’s first read', async () => {
    const room = await createRoomConference(app.pool);
    const link = await insertLink(app.pool, room.conferenceId);
    aheadOfBacklogReads(async () => {
      const res = await call('DELETE', staffRoom(room.conferenceId, `/links/${link.id}`), DEMO.admin);
      expect(res.statusCode, res.body).toBe(204);
    });

    const stream = await openStream(`${base}${linkRoom(link.token, '/events')}`);
    expect(stream.status).toBe(200);
    await stream.ended;
    expect((await openStream(`${base}${linkRoom(link.token, '/events')}`)).status).toBe(404);
  });
});

describe('two streams starting together', () => {
  it('both get access_revoked when the conference is cancelled while the first stream’s read waits', async () => {
    const room = await createRoomConference(app.pool);
    const first = await insertLink(app.pool, room.conferenceId);
    const second = await insertLink(app.pool, room.conferenceId, { name: '来賓 二郎' });
    // the room as a client reads it on entry (GET …/room makes the room's row)
    const entry = await fetch(`${base}${linkRoom(first.token)}`);
    expect(entry.status).toBe(200);
    const before = ((await entry.json()) as { last_event_id: number }).last_event_id;
    // the first stream's read waits until the second stream has joined and, if the hub lets it
    // read beside the first, has read; then the conference is cancelled: the first read sees the
    // change, the second did not
    let secondRead: Promise<unknown> = Promise.resolve();
    aheadOfBacklogReads(
      async (n) => {
        if (n > 0) return;
        while (app.roomHub.clientCount < 2) await nextTick();
        await nextTick();
        await secondRead;
        await setStatus(room.conferenceId, 'cancelled');
      },
      (n, read) => {
        if (n === 1) secondRead = read;
      },
    );

    const streams = [
      await openStream(`${base}${linkRoom(first.token, '/events')}?last_event_id=${before}`),
      await openStream(`${base}${linkRoom(second.token, '/events')}?last_event_id=${before}`),
    ];
    await Promise.all(streams.map((s) => s.ended));
    for (const s of streams) expect(s.events.map((e) => e.event)).toEqual(['access_revoked']);
  });
});

describe('a live read that fails', () => {
  it('is read again: the room’s last event still reaches an open stream (a pool drained by a database restart)', async () => {
    const room = await createRoomConference(app.pool);
    const link = await insertLink(app.pool, room.conferenceId);
    const stream = await openStream(`${base}${linkRoom(link.token, '/events')}`);
    expect(stream.status).toBe(200);
    // the hub's read of new events (after a notice) fails once, as with no connection free
    const query = app.pool.query.bind(app.pool) as (...args: unknown[]) => Promise<unknown>;
    let failed = 0;
    vi.spyOn(app.pool, 'query').mockImplementation(((...args: unknown[]) => {
      const text = args[0];
      if (failed === 0 && typeof text === 'string' && text.includes('from room_event where conference_id = $1 and seq > $2')) {
        failed += 1;
        return Promise.reject(new Error('timeout exceeded when trying to connect'));
      }
      return query(...args);
    }) as typeof app.pool.query);

    const sent = await call('POST', linkRoom(link.token, '/chat'), null, { body: '最後の発言' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [chat] = await stream.waitFor(1, 'chat');
    expect(failed).toBe(1);
    expect(chat.data).toMatchObject({ id: sent.json().id, body: '最後の発言' });
    stream.close();
  });
});
