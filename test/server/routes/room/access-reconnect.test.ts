/**
 * issue 29, item 2: a stream recovers from every event that can end it. An access change that does
 * not concern a viewer leaves its stream open (its reconnect from before the change too); one that
 * does sends `access_revoked` with the event's id before the stream ends, so the client never
 * resumes from before it, and the reconnect from that id is refused. Per closing kind:
 * access_changed (invitees removed, status changed) and link_revoked.
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
  type SseStream,
} from '../../../helpers/room-fixtures.ts';

let app: FastifyInstance;
let base: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ app, base, call } = await listeningApp());
});
afterAll(() => app.close());

const linkEvents = (token: string, after: number) => openStream(`${base}${linkRoom(token, '/events')}?last_event_id=${after}`);
const companyEvents = async (conferenceId: number, after: number) =>
  openStream(`${base}${companyRoom(conferenceId, '/events')}?last_event_id=${after}`, bearer(await tokenOf(DEMO.companyAdmin)));

/** The room's newest event id as a client reads it on entry (GET …/room). */
async function lastEventId(token: string): Promise<number> {
  const res = await fetch(`${base}${linkRoom(token)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { last_event_id: number }).last_event_id;
}

/** The company's second member invited too: removing one of two invitees leaves the company invited. */
async function secondInvitee(conferenceId: number, companyId: number): Promise<number> {
  const { rows } = await app.pool.query<{ id: number }>(
    `insert into conference_member (cci_code, conference_id, company_id, member_id)
     select 'demo', $1, $2, m.id from member m
      where m.company_id = $2 and not exists (select 1 from conference_member cm where cm.conference_id = $1 and cm.member_id = m.id)
      order by m.id limit 1 returning id`,
    [conferenceId, companyId],
  );
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

async function removeInvitee(conferenceMemberId: number) {
  const res = await call('DELETE', `/v1/cci/admin/master/conference_members/${conferenceMemberId}`, DEMO.admin);
  expect(res.statusCode, res.body).toBe(204);
}

async function setStatus(conferenceId: number, status: string) {
  const current = await call('GET', `/v1/cci/admin/master/conferences/${conferenceId}`, DEMO.admin);
  const res = await call('PUT', `/v1/cci/admin/master/conferences/${conferenceId}`, DEMO.admin, {
    version: current.json().version,
    status,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Staff (or, given its token, a link holder: one message a second per sender) post a message;
 * every stream given receives it (and is therefore still open).
 */
async function chatReaches(conferenceId: number, streams: SseStream[], body: string, fromLink?: string) {
  const posted = fromLink
    ? await fetch(`${base}${linkRoom(fromLink, '/chat')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      })
    : await call('POST', staffRoom(conferenceId, '/chat'), DEMO.admin, { body });
  expect('status' in posted ? posted.status : posted.statusCode).toBe(201);
  const has = (chats: { data: unknown }[]) => chats.some((c) => (c.data as { body: string }).body === body);
  // a stream resumed from before earlier messages replays them first
  for (const stream of streams) for (let n = 1; !has(await stream.waitFor(n, 'chat')); n++);
}

/** The id of the room's newest access_changed event. */
async function accessChangeId(conferenceId: number): Promise<number> {
  const { rows } = await app.pool.query<{ seq: string }>(
    "select max(seq) as seq from room_event where conference_id = $1 and kind = 'access_changed'",
    [conferenceId],
  );
  return Number(rows[0].seq);
}

describe('an access change that does not concern the viewer', () => {
  it('removing an invitee: a link holder reconnecting from before it stays and gets the next chat message', async () => {
    const { conferenceId, companyId } = await createRoomConference(app.pool);
    const removed = await secondInvitee(conferenceId, companyId);
    const link = await insertLink(app.pool, conferenceId);
    const before = await lastEventId(link.token);
    await removeInvitee(removed);

    // the reproduction of issue 29: this stream used to close at once, on every reconnect
    const resumed = await linkEvents(link.token, before);
    expect(resumed.status).toBe(200);
    await chatReaches(conferenceId, [resumed], '再接続後のメッセージ');
    expect(resumed.events.map((e) => e.event)).toEqual(['chat']);
    resumed.close();
  });

  it('removing one of two invitees: open company and link streams go on, and get the next message', async () => {
    const { conferenceId, companyId } = await createRoomConference(app.pool);
    const removed = await secondInvitee(conferenceId, companyId);
    const link = await insertLink(app.pool, conferenceId);
    const before = await lastEventId(link.token);
    const company = await companyEvents(conferenceId, before);
    const guest = await linkEvents(link.token, before);
    expect([company.status, guest.status]).toEqual([200, 200]);

    await removeInvitee(removed);
    await chatReaches(conferenceId, [company, guest], '削除後のメッセージ');
    // the company's reconnect from before the change is let in too
    const again = await companyEvents(conferenceId, before);
    expect(again.status).toBe(200);
    await chatReaches(conferenceId, [again], 'もう一通', link.token);
    for (const s of [company, guest, again]) s.close();
  });

  it('a status change that keeps the room open (published → closed): streams go on', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const link = await insertLink(app.pool, conferenceId);
    const before = await lastEventId(link.token);
    const company = await companyEvents(conferenceId, before);
    const guest = await linkEvents(link.token, before);

    await setStatus(conferenceId, 'closed');
    await chatReaches(conferenceId, [company, guest], '締切後のメッセージ');
    const resumed = await linkEvents(link.token, before);
    await chatReaches(conferenceId, [resumed], '締切後の再接続', link.token);
    for (const s of [company, guest, resumed]) s.close();
  });
});

describe('an event that ends a stream carries its id, and the reconnect from it is refused', () => {
  it('access_changed (the company’s last invitee removed): access_revoked with the change’s id, then 404', async () => {
    const { conferenceId, conferenceMemberId } = await createRoomConference(app.pool);
    const link = await insertLink(app.pool, conferenceId);
    const before = await lastEventId(link.token);
    const company = await companyEvents(conferenceId, before);
    const guest = await linkEvents(link.token, before);

    await removeInvitee(conferenceMemberId);
    await company.ended;
    const id = await accessChangeId(conferenceId);
    expect(company.events).toEqual([{ id, event: 'access_revoked', data: { reason: 'access_changed' } }]);
    // a guest link does not depend on the invitation: it goes on
    await chatReaches(conferenceId, [guest], 'ゲストには届く');
    expect((await companyEvents(conferenceId, id)).status).toBe(404);
    guest.close();
  });

  it('access_changed (the conference cancelled): company and link holders get access_revoked with its id; staff go on', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const link = await insertLink(app.pool, conferenceId);
    const before = await lastEventId(link.token);
    const company = await companyEvents(conferenceId, before);
    const guest = await linkEvents(link.token, before);
    const staff = await openStream(
      `${base}${staffRoom(conferenceId, '/events')}?last_event_id=${before}`,
      bearer(await tokenOf(DEMO.admin)),
    );

    await setStatus(conferenceId, 'cancelled');
    await Promise.all([company.ended, guest.ended]);
    const id = await accessChangeId(conferenceId);
    for (const s of [company, guest]) {
      expect(s.events).toEqual([{ id, event: 'access_revoked', data: { reason: 'access_changed' } }]);
    }
    await chatReaches(conferenceId, [staff], '中止のお知らせ');
    expect(staff.events.map((e) => e.event)).not.toContain('access_revoked');
    expect((await linkEvents(link.token, id)).status).toBe(404);
    expect((await companyEvents(conferenceId, id)).status).toBe(404);
    staff.close();
  });

  it('link_revoked: the revoked link’s stream gets access_revoked with its id, another link’s goes on', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const revoked = await insertLink(app.pool, conferenceId);
    const kept = await insertLink(app.pool, conferenceId, { name: '来賓 二郎' });
    const before = await lastEventId(kept.token);
    const gone = await linkEvents(revoked.token, before);
    const other = await linkEvents(kept.token, before);

    const res = await call('DELETE', staffRoom(conferenceId, `/links/${revoked.id}`), DEMO.admin);
    expect(res.statusCode, res.body).toBe(204);
    await gone.ended;
    const { rows } = await app.pool.query<{ seq: string }>(
      "select seq from room_event where conference_id = $1 and kind = 'link_revoked'",
      [conferenceId],
    );
    expect(gone.events).toEqual([{ id: Number(rows[0].seq), event: 'access_revoked', data: { reason: 'link_revoked' } }]);
    await chatReaches(conferenceId, [other], '失効後のメッセージ');
    expect((await linkEvents(revoked.token, Number(rows[0].seq))).status).toBe(404);
    // a reconnect from before the revocation is refused as well (no replay of the old stream)
    expect((await linkEvents(revoked.token, before)).status).toBe(404);
    other.close();
  });
});
