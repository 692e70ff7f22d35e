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

/** Runs `before()` ahead of each backlog read; other queries pass untouched. */
function aheadOfBacklogReads(before: () => Promise<void>): void {
  const query = app.pool.query.bind(app.pool) as (...args: unknown[]) => Promise<unknown>;
  vi.spyOn(app.pool, 'query').mockImplementation(((...args: unknown[]) => {
    if (!isBacklogRead(args[0])) return query(...args);
    return before().then(() => query(...args));
  }) as typeof app.pool.query);
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
