/**
 * issue 12, "Who may enter" (DESIGN.md §11.1): staff of the conference's chamber always; admins of
 * invited companies and link holders only while the conference is published or held. Everything
 * else is the same 404, which never tells whether the conference exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../helpers/fixtures.ts';
import { createConference, daysFromNow } from '../../../helpers/attendance-fixtures.ts';
import {
  companyRoom,
  createRoomConference,
  linkRoom,
  staffRoom,
  tokenOfUrl,
  type RoomFixture,
} from '../../../helpers/room-fixtures.ts';
import { loadLinkSecret, signLink } from '../../../../server/lib/room/link-token.ts';
import { ensureCallers, LOGINS } from '../../permissions/fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let room: RoomFixture;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  await ensureCallers(app);
  room = await createRoomConference(app.pool);
});
afterAll(() => app.close());

/** A link staff issue through the API; its token. */
async function issueLink(conferenceId: number, body: object = { kind: 'guest', name: '来賓 花子', title: '市長' }) {
  const res = await call('POST', staffRoom(conferenceId, '/links'), DEMO.admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, token: tokenOfUrl(res.json().url), link: res.json() };
}

const setStatus = (conferenceId: number, status: string) =>
  app.pool.query('update conference set status = $2 where id = $1', [conferenceId, status]);

describe('staff', () => {
  it('of the chamber enter; another chamber’s admin gets a 404, not the room', async () => {
    expect((await call('GET', staffRoom(room.conferenceId), DEMO.staff)).statusCode).toBe(200);
    const other = await call('GET', staffRoom(room.conferenceId), LOGINS.otherAdmin);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'not_found' });
    expect((await call('POST', staffRoom(room.conferenceId, '/chat'), LOGINS.otherAdmin, { body: 'よそから' })).statusCode).toBe(
      404,
    );
  });
});

describe('company admins', () => {
  it('of a company not invited get a 404', async () => {
    const uninvited = await createConference(app.pool, { name: '招待なし' });
    expect((await call('GET', companyRoom(uninvited), DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('POST', companyRoom(uninvited, '/chat'), DEMO.companyAdmin, { body: 'こんにちは' })).statusCode).toBe(404);
    expect((await call('GET', staffRoom(uninvited), DEMO.admin)).statusCode).toBe(200);
  });

  it.each(['draft', 'cancelled'] as const)('get a 404 on a %s conference while staff still enter', async (status) => {
    const { conferenceId } = await createRoomConference(app.pool, { status });
    expect((await call('GET', companyRoom(conferenceId), DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('POST', companyRoom(conferenceId, '/ticket'), DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('GET', staffRoom(conferenceId), DEMO.admin)).statusCode).toBe(200);
  });

  it('get a 404 on a published session under a draft conference while staff still enter', async () => {
    const parent = await createConference(app.pool, { status: 'draft', name: '下書きの親' });
    const { conferenceId } = await createRoomConference(app.pool, { parentId: parent });
    expect((await call('GET', companyRoom(conferenceId), DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('GET', staffRoom(conferenceId), DEMO.admin)).statusCode).toBe(200);
  });

  it.each(['published', 'closed', 'held'] as const)('of an invited company enter a %s conference', async (status) => {
    const { conferenceId } = await createRoomConference(app.pool, { status });
    const res = await call('GET', companyRoom(conferenceId), DEMO.companyAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'company' });
  });
});

describe('company admins in each state of the room (issue 29 §6)', () => {
  const setRoom = async (conferenceId: number, status: 'open' | 'ended') => {
    const { version } = (await call('GET', staffRoom(conferenceId), DEMO.admin)).json();
    const res = await call('PUT', staffRoom(conferenceId), DEMO.admin, { version, status });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('find the room while it waits, and read its record (chat read-only) after it ended', async () => {
    const { conferenceId } = await createRoomConference(app.pool, { status: 'held' });
    const waiting = await call('GET', companyRoom(conferenceId), DEMO.companyAdmin);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toMatchObject({ kind: 'company', status: 'waiting' });
    expect((await call('POST', companyRoom(conferenceId, '/ticket'), DEMO.companyAdmin)).statusCode).toBe(201);

    await setRoom(conferenceId, 'open');
    expect((await call('POST', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin, { body: '出席します' })).statusCode).toBe(
      201,
    );
    const comment = await call('POST', companyRoom(conferenceId, '/comments'), DEMO.companyAdmin, { body: '議案2の資料を' });
    expect(comment.statusCode).toBe(201);
    await setRoom(conferenceId, 'ended');

    const ended = await call('GET', companyRoom(conferenceId), DEMO.companyAdmin);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ kind: 'company', status: 'ended' });
    expect((await call('GET', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin)).json().data).toEqual([
      expect.objectContaining({ body: '出席します', own: true }),
    ]);
    expect((await call('GET', companyRoom(conferenceId, '/comments'), DEMO.companyAdmin)).json().data).toEqual([
      expect.objectContaining({ id: comment.json().id, body: '議案2の資料を' }),
    ]);
    expect((await call('POST', companyRoom(conferenceId, '/ticket'), DEMO.companyAdmin)).statusCode).toBe(201);
    const late = await call('POST', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin, { body: 'まだ書けますか' });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'room_ended' });
  });
});

describe('link holders', () => {
  it('enter with a valid link, as the guest the link names', async () => {
    const { token, link } = await issueLink(room.conferenceId);
    expect(link).toMatchObject({ kind: 'guest', name: '来賓 花子', title: '市長', revoked_at: null });
    const res = await call('GET', linkRoom(token), null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'guest', viewer_name: '来賓 花子', conference: { id: room.conferenceId } });
    expect((await call('GET', linkRoom(token, '/chat'), null)).statusCode).toBe(200);
  });

  it('with a tampered signature, or the ids of another link under the same signature, get a 404', async () => {
    const { token } = await issueLink(room.conferenceId);
    const [conference, link, signature] = token.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${conference}.${link}.${flipped}`,
      `${conference}.${Number(link) + 1}.${signature}`,
      `${conference}.${link}`,
      'x',
    ]) {
      const res = await call('GET', linkRoom(bad), null);
      expect(res.statusCode, bad).toBe(404);
      expect((await call('POST', linkRoom(bad, '/chat'), null, { body: '偽物です' })).statusCode, bad).toBe(404);
    }
  });

  it('of a revoked link get a 404, the same 404 as for a conference that does not exist', async () => {
    const { id, token } = await issueLink(room.conferenceId);
    expect((await call('GET', linkRoom(token), null)).statusCode).toBe(200);
    expect((await call('DELETE', staffRoom(room.conferenceId, `/links/${id}`), DEMO.staff)).statusCode).toBe(204);
    const revoked = await call('GET', linkRoom(token), null);
    expect(revoked.statusCode).toBe(404);
    expect((await call('POST', linkRoom(token, '/comments'), null, { body: '取り消し後' })).statusCode).toBe(404);

    // a well-signed token naming a conference and a link that were never there
    const nowhere = signLink(await loadLinkSecret(app.pool), 2_000_000_000, 2_000_000_000);
    const missing = await call('GET', linkRoom(nowhere), null);
    expect(missing.statusCode).toBe(404);
    expect(revoked.body).toBe(missing.body);
    expect(revoked.headers['content-type']).toBe(missing.headers['content-type']);

    const links = await call('GET', staffRoom(room.conferenceId, '/links'), DEMO.admin);
    expect(links.json().data).toContainEqual(expect.objectContaining({ id, revoked_at: expect.any(String) }));
  });

  it('of a conference that ended more than a day ago get a 404; a day after the end is still open', async () => {
    const ended = await createRoomConference(app.pool, { eventDate: daysFromNow(-3), answerDeadline: null });
    await app.pool.query('update conference set end_at = $2 where id = $1', [ended.conferenceId, daysFromNow(-1.1)]);
    const { token, link } = await issueLink(ended.conferenceId);
    expect(Date.parse(link.expires_at)).toBeLessThan(Date.now());
    expect((await call('GET', linkRoom(token), null)).statusCode).toBe(404);

    const recent = await createRoomConference(app.pool, { eventDate: daysFromNow(-1), answerDeadline: null });
    await app.pool.query('update conference set end_at = $2 where id = $1', [recent.conferenceId, daysFromNow(-0.9)]);
    const fresh = await issueLink(recent.conferenceId);
    expect((await call('GET', linkRoom(fresh.token), null)).statusCode).toBe(200);
  });

  it.each(['draft', 'cancelled'] as const)('of a conference put back to %s get a 404', async (status) => {
    const { conferenceId } = await createRoomConference(app.pool);
    const { token } = await issueLink(conferenceId);
    expect((await call('GET', linkRoom(token), null)).statusCode).toBe(200);
    await setStatus(conferenceId, status);
    expect((await call('GET', linkRoom(token), null)).statusCode).toBe(404);
    expect((await call('GET', linkRoom(token, '/chat'), null)).statusCode).toBe(404);
  });

  it('of an invitee link enter as that member of THIS conference; another conference’s member is refused', async () => {
    const { token, link } = await issueLink(room.conferenceId, { kind: 'user', conference_member_id: room.conferenceMemberId });
    expect(link).toMatchObject({ kind: 'user', conference_member_id: room.conferenceMemberId });
    const { rows } = await app.pool.query<{ name: string; company: string }>(
      `select m.name, co.name1 as company from conference_member cm join member m on m.id = cm.member_id
         join company co on co.id = cm.company_id where cm.id = $1`,
      [room.conferenceMemberId],
    );
    const entered = await call('GET', linkRoom(token), null);
    expect(entered.statusCode).toBe(200);
    expect(entered.json()).toMatchObject({ kind: 'user', viewer_name: rows[0].name });

    const posted = await call('POST', linkRoom(token, '/chat'), null, { body: '出席しています' });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      sender_kind: 'user',
      sender_name: rows[0].name,
      sender_org: rows[0].company,
      own: true,
    });

    const elsewhere = await createRoomConference(app.pool);
    const refused = await call('POST', staffRoom(room.conferenceId, '/links'), DEMO.admin, {
      kind: 'user',
      conference_member_id: elsewhere.conferenceMemberId,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'not_invited' });
    const unnamed = await call('POST', staffRoom(room.conferenceId, '/links'), DEMO.admin, { kind: 'user' });
    expect(unnamed.statusCode).toBe(400);
  });
});
