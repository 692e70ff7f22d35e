/**
 * issue 29, "Unbounded where it should not be" (DESIGN.md §10; docs/decisions/0021-room-limits.md):
 * comments, chat, stream tickets and links are limited per link or user (429 rate_limited with
 * Retry-After, counted in PostgreSQL so every API process sees the same count), link holders'
 * writes per address as a high ceiling, and open streams per link or user and per address
 * (429 too_many_streams). Issuing a link is idempotent per Idempotency-Key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer, buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../helpers/fixtures.ts';
import {
  companyRoom,
  createRoomConference,
  insertLink,
  linkRoom,
  listeningApp,
  openStream,
  staffRoom,
  type SseStream,
} from '../../../helpers/room-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await buildTestApp({ app: { room: { limits: { chatPerSender: { max: 3, timeWindowMs: 60_000 } } } } });
  call = caller(app, tokenOf);
});
afterAll(() => app.close());
// the counters are shared by every process and file on this database: each test starts from none
beforeEach(async () => {
  await app.pool.query('delete from rate_limit_counter');
});

const expect429 = (res: LightMyRequestResponse, code = 'rate_limited') => {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status: 429, code });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
};

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();
const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('comments', () => {
  it('40 parallel comments from one guest link: 5 are kept, 35 answered 429; another guest still writes', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const [guest, other] = await Promise.all([insertLink(app.pool, conferenceId), insertLink(app.pool, conferenceId)]);
    const sent = await times(40, (i) => call('POST', linkRoom(guest.token, '/comments'), null, { body: `質問 ${i}` }));
    expect(statuses(sent)).toEqual([...Array(5).fill(201), ...Array(35).fill(429)]);
    expect429(sent.find((r) => r.statusCode === 429)!);
    expect((await call('POST', linkRoom(other.token, '/comments'), null, { body: '別の来賓' })).statusCode).toBe(201);
    const { rows } = await app.pool.query('select 1 from room_comment where conference_id = $1', [conferenceId]);
    expect(rows).toHaveLength(6);
  });

  it("a company admin's sixth comment in a minute is 429; in another room, or a minute later, the admin still writes", async () => {
    const [a, b] = await Promise.all([createRoomConference(app.pool), createRoomConference(app.pool)]);
    // refused text does not use up the count
    for (let i = 0; i < 3; i++) {
      expect(
        (await call('POST', companyRoom(a.conferenceId, '/comments'), DEMO.companyAdmin, { body: '\u3000' })).statusCode,
      ).toBe(400);
    }
    for (let i = 0; i < 5; i++) {
      expect(
        (await call('POST', companyRoom(a.conferenceId, '/comments'), DEMO.companyAdmin, { body: `意見 ${i}` })).statusCode,
      ).toBe(201);
    }
    const sixth = await call('POST', companyRoom(a.conferenceId, '/comments'), DEMO.companyAdmin, { body: '六つ目' });
    expect429(sixth);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(50);
    expect(
      (await call('POST', companyRoom(b.conferenceId, '/comments'), DEMO.companyAdmin, { body: '別の会議' })).statusCode,
    ).toBe(201);
    // once the window is over the admin writes again
    await app.pool.query("update rate_limit_counter set reset_at = now() - interval '1 second'");
    expect((await call('POST', companyRoom(a.conferenceId, '/comments'), DEMO.companyAdmin, { body: '一分後' })).statusCode).toBe(
      201,
    );
  });
});

describe('chat beyond one a second', () => {
  it('a link holder gets 429 past the per-minute count (here 3); staff only have the one-a-second rule', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const guest = await insertLink(app.pool, conferenceId);
    // each message a second older than now: the one-a-second rule never refuses here
    const aSecondAgo = () =>
      app.pool.query("update room_chat set created_at = created_at - interval '2 seconds' where conference_id = $1", [
        conferenceId,
      ]);
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', linkRoom(guest.token, '/chat'), null, { body: `発言 ${i}` })).statusCode).toBe(201);
      await aSecondAgo();
    }
    const fourth = await call('POST', linkRoom(guest.token, '/chat'), null, { body: '四つ目' });
    expect429(fourth);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(50);
    for (let i = 0; i < 4; i++) {
      expect((await call('POST', staffRoom(conferenceId, '/chat'), DEMO.admin, { body: `事務局 ${i}` })).statusCode).toBe(201);
      await aSecondAgo();
    }
  });
});

describe('stream tickets', () => {
  it('50 parallel tickets for one user: 30 issued, 20 answered 429; another user is unaffected', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const token = await tokenOf(DEMO.companyAdmin);
    const asked = await times(50, () =>
      app.inject({ method: 'POST', url: companyRoom(conferenceId, '/ticket'), headers: bearer(token) }),
    );
    expect(statuses(asked)).toEqual([...Array(30).fill(201), ...Array(20).fill(429)]);
    expect429(asked.find((r) => r.statusCode === 429)!);
    expect((await call('POST', staffRoom(conferenceId, '/ticket'), DEMO.admin)).statusCode).toBe(201);
  });
});

describe('issuing links', () => {
  const guest = (name: string) => ({ kind: 'guest', name });
  const issue = async (conferenceId: number, body: object, key?: string, email: string = DEMO.admin) =>
    app.inject({
      method: 'POST',
      url: staffRoom(conferenceId, '/links'),
      headers: { ...bearer(await tokenOf(email)), ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const linkCount = async (conferenceId: number) =>
    (await app.pool.query('select 1 from room_link where conference_id = $1', [conferenceId])).rowCount;

  it('30 parallel links from one user: 20 made, 10 answered 429', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const token = await tokenOf(DEMO.admin);
    const made = await times(30, (i) =>
      app.inject({ method: 'POST', url: staffRoom(conferenceId, '/links'), headers: bearer(token), payload: guest(`来賓 ${i}`) }),
    );
    expect(statuses(made)).toEqual([...Array(20).fill(201), ...Array(10).fill(429)]);
    expect429(made.find((r) => r.statusCode === 429)!);
    expect(await linkCount(conferenceId)).toBe(20);
  });

  it('the same Idempotency-Key again returns the same link and makes no second row', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const first = await issue(conferenceId, guest('来賓 太郎'), 'dialog-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await issue(conferenceId, guest('来賓 太郎'), 'dialog-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await linkCount(conferenceId)).toBe(1);
    // the link it returns is the one that works
    expect((await call('GET', linkRoom(first.json().url.split('/room/')[1]), null)).statusCode).toBe(200);
  });

  it('five parallel requests with one key make one link, all five answer it', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const answers = await times(5, () => issue(conferenceId, guest('講師 花子'), 'dialog-parallel'));
    expect(statuses(answers)).toEqual(Array(5).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await linkCount(conferenceId)).toBe(1);
  });

  it('a key reused for another holder is 422; other keys, or another user with the same key, make new links', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    expect((await issue(conferenceId, guest('来賓 一郎'), 'k1')).statusCode).toBe(201);
    const reused = await issue(conferenceId, guest('来賓 二郎'), 'k1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect((await issue(conferenceId, guest('来賓 二郎'), 'k2')).statusCode).toBe(201);
    expect((await issue(conferenceId, guest('来賓 一郎'), 'k1', DEMO.staff)).statusCode).toBe(201);
    expect((await issue(conferenceId, guest('来賓 一郎'))).statusCode).toBe(201);
    expect(await linkCount(conferenceId)).toBe(4);
  });

  it('a key that is not printable ASCII is a 400', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const res = await issue(conferenceId, guest('来賓'), 'a b');
    expect(res.statusCode).toBe(400);
    expect(await linkCount(conferenceId)).toBe(0);
  });
});

describe("link holders' writes per address", () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await buildTestApp({ app: { room: { limits: { linkWritesPerIp: { max: 3, timeWindowMs: 60_000 } } } } });
  });
  afterAll(() => limited.close());

  it('past the ceiling one address gets 429 whichever link writes; another address is not held back', async () => {
    const { conferenceId } = await createRoomConference(limited.pool);
    const links = await times(5, () => insertLink(limited.pool, conferenceId));
    const post = (i: number, remoteAddress: string) =>
      limited.inject({ method: 'POST', url: linkRoom(links[i].token, '/comments'), payload: { body: '質問' }, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await post(i, '198.51.100.7')).statusCode).toBe(201);
    expect429(await post(3, '198.51.100.7'));
    expect((await post(4, '198.51.100.8')).statusCode).toBe(201);
  });
});

describe('open streams', () => {
  const apps: FastifyInstance[] = [];
  const streams: SseStream[] = [];
  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all(apps.map((a) => a.close()));
  });
  /** an app listening with these stream limits, and an opener of its streams (closed after the tests) */
  const serve = async (limits: { streamsPerHolder?: number; streamsPerIp?: number }) => {
    const { app: served, base } = await listeningApp({ app: { room: { limits } } });
    apps.push(served);
    const open = async (path: string, headers: Record<string, string> = {}) => {
      const stream = await openStream(`${base}${path}`, headers);
      streams.push(stream);
      return stream;
    };
    return { pool: served.pool, open };
  };

  it('a link holds 2 streams here: the third is 429 too_many_streams; once one closes another opens', async () => {
    const { pool, open } = await serve({ streamsPerHolder: 2 });
    const { conferenceId } = await createRoomConference(pool);
    const { token } = await insertLink(pool, conferenceId);
    const first = await open(linkRoom(token, '/events'));
    const second = await open(linkRoom(token, '/events'));
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await open(linkRoom(token, '/events'));
    expect(third.status).toBe(429);
    expect(third.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // the server sees the socket close a moment later; then the link has a slot again
    first.close();
    await expect.poll(async () => (await open(linkRoom(token, '/events'))).status).toBe(200);
    expect((await open(linkRoom(token, '/events'))).status).toBe(429);
  });

  it("a user's streams are counted alike, whichever room", async () => {
    const { pool, open } = await serve({ streamsPerHolder: 2 });
    const [a, b] = await Promise.all([createRoomConference(pool), createRoomConference(pool)]);
    const auth = bearer(await tokenOf(DEMO.companyAdmin));
    expect((await open(companyRoom(a.conferenceId, '/events'), auth)).status).toBe(200);
    expect((await open(companyRoom(b.conferenceId, '/events'), auth)).status).toBe(200);
    const third = await open(companyRoom(a.conferenceId, '/events'), auth);
    expect(third.status).toBe(429);
    expect(third.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('one address holds 3 streams here, over any links', async () => {
    const { pool, open } = await serve({ streamsPerIp: 3 });
    const { conferenceId } = await createRoomConference(pool);
    const links = await times(4, () => insertLink(pool, conferenceId));
    for (let i = 0; i < 3; i++) expect((await open(linkRoom(links[i].token, '/events'))).status).toBe(200);
    expect((await open(linkRoom(links[3].token, '/events'))).status).toBe(429);
  });
});
