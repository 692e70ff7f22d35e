/**
 * issue 12: the room as its users go through it — staff open it and run the stopwatch, the company
 * admin follows on the stream (ticket), chats and comments (its own comments' status live), staff
 * moderate; every write audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp } from '../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../helpers/fixtures.ts';
import { createRoomConference, insertLink, linkRoom, openStream, type RoomFixture } from '../../../helpers/room-fixtures.ts';

let app: FastifyInstance;
let base: string;
let room: RoomFixture;
const staffPath = (id: number) => `/v1/cci/admin/master/conferences/${id}/room`;
const companyPath = (id: number) => `/v1/company/conferences/${id}/room`;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, email: string, payload?: object) {
  return app.inject({ method, url, headers: bearer(await tokenOf(email)), ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  app = await buildTestApp();
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  room = await createRoomConference(app.pool);
});
afterAll(async () => {
  await app.close();
});

describe('the room of a conference in session', () => {
  it('staff open it, the company follows the stopwatch and chat on its stream, comments reach staff and their own author only', async () => {
    const first = await call('GET', staffPath(room.conferenceId), DEMO.admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'waiting',
      kind: 'admin',
      agenda: [],
      stopwatch: { running: false, elapsed_ms: 0 },
    });

    const opened = await call('PUT', staffPath(room.conferenceId), DEMO.admin, {
      version: first.json().version,
      status: 'open',
      agenda: [{ title: '開会挨拶', presenter: '会頭', minutes: 5 }],
      current_agenda: 0,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'open', current_agenda: 0 });

    const companyRoom = await call('GET', companyPath(room.conferenceId), DEMO.companyAdmin);
    expect(companyRoom.statusCode).toBe(200);
    expect(companyRoom.json()).toMatchObject({ kind: 'company', status: 'open', agenda: [{ title: '開会挨拶' }] });

    const ticket = await call('POST', `${companyPath(room.conferenceId)}/ticket`, DEMO.companyAdmin);
    expect(ticket.statusCode).toBe(201);
    const companyStream = await openStream(
      `${base}${companyPath(room.conferenceId)}/events?ticket=${ticket.json().ticket}&last_event_id=${companyRoom.json().last_event_id}`,
    );
    expect(companyStream.status).toBe(200);
    const staffStream = await openStream(
      `${base}${staffPath(room.conferenceId)}/events?last_event_id=${companyRoom.json().last_event_id}`,
      bearer(await tokenOf(DEMO.admin)),
    );

    // a spent ticket does not open a second stream
    const again = await fetch(`${base}${companyPath(room.conferenceId)}/events?ticket=${ticket.json().ticket}`);
    expect(again.status).toBe(401);

    const started = await call('PUT', `${staffPath(room.conferenceId)}/stopwatch`, DEMO.admin, {
      action: 'start',
      label: 'speaking',
    });
    expect(started.json()).toMatchObject({ running: true, label: 'speaking' });
    const [stopwatch] = await companyStream.waitFor(1, 'stopwatch');
    expect(stopwatch.data).toMatchObject({ running: true, label: 'speaking', started_at: started.json().started_at });

    const sent = await call('POST', `${companyPath(room.conferenceId)}/chat`, DEMO.companyAdmin, {
      body: 'よろしくお願いします',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ own: true, sender_kind: 'company' });
    const [atStaff] = await staffStream.waitFor(1, 'chat');
    expect(atStaff.data).toMatchObject({ body: 'よろしくお願いします', own: false, sender_kind: 'company' });
    const [atCompany] = await companyStream.waitFor(1, 'chat');
    expect(atCompany.data).toMatchObject({ own: true });

    const comment = await call('POST', `${companyPath(room.conferenceId)}/comments`, DEMO.companyAdmin, {
      body: '資料の3頁について質問です。',
    });
    expect(comment.statusCode).toBe(201);
    const [commentEvent] = await staffStream.waitFor(1, 'comment');
    expect(commentEvent.data).toMatchObject({ id: comment.json().id, status: 'new' });

    const answered = await call('PUT', `${staffPath(room.conferenceId)}/comments/${comment.json().id}`, DEMO.admin, {
      status: 'answered',
      version: comment.json().version,
    });
    expect(answered.statusCode).toBe(200);
    const own = await call('GET', `${companyPath(room.conferenceId)}/comments`, DEMO.companyAdmin);
    expect(own.json().data).toEqual([expect.objectContaining({ id: comment.json().id, status: 'answered' })]);
    // 回答済 reaches its author live (issue 29 §6): the company's own comment, as it was sent, then answered
    const ownEvents = await companyStream.waitFor(2, 'comment');
    expect(ownEvents.map((e) => e.data)).toEqual([
      comment.json(),
      { ...comment.json(), status: 'answered', version: comment.json().version + 1 },
    ]);

    // someone else's comment (a guest's) and its status reach staff only, never the company
    const guest = await insertLink(app.pool, room.conferenceId);
    const other = await app.inject({
      method: 'POST',
      url: linkRoom(guest.token, '/comments'),
      payload: { body: '来賓の質問です。' },
    });
    expect(other.statusCode).toBe(201);
    await call('PUT', `${staffPath(room.conferenceId)}/comments/${other.json().id}`, DEMO.admin, {
      status: 'hidden',
      version: other.json().version,
    });
    const atStaffAll = await staffStream.waitFor(4, 'comment');
    expect(atStaffAll.map((e) => e.data)).toEqual([
      ...ownEvents.map((e) => e.data),
      other.json(),
      { ...other.json(), status: 'hidden', version: other.json().version + 1 },
    ]);
    // a chat message after them: the company's stream is past those events
    await call('POST', `${staffPath(room.conferenceId)}/chat`, DEMO.admin, { body: '次の議題に移ります' });
    await companyStream.waitFor(2, 'chat');
    expect(companyStream.events.filter((e) => e.event === 'comment')).toHaveLength(2);
    expect(JSON.stringify(companyStream.events)).not.toContain('sender_key');
    companyStream.close();
    staffStream.close();

    const { rows } = await app.pool.query<{ entity: string; action: string }>(
      `select entity, action from audit_log where entity like 'room%' and entity_id in ($1, $2, $3) order by id`,
      [String(room.conferenceId), String(sent.json().id), String(comment.json().id)],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { entity: 'room', action: 'update' },
        { entity: 'room', action: 'stopwatch_start' },
        { entity: 'room_chat', action: 'create' },
        { entity: 'room_comment', action: 'create' },
        { entity: 'room_comment', action: 'update' },
      ]),
    );
  });
});

describe('ending the room (issue 29 §6)', () => {
  it('stops a running stopwatch where it stands: nobody is shown 計測中 after 終了', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const { version } = (await call('GET', staffPath(conferenceId), DEMO.admin)).json();
    await call('PUT', staffPath(conferenceId), DEMO.admin, { version, status: 'open' });
    await call('PUT', `${staffPath(conferenceId)}/stopwatch`, DEMO.admin, { action: 'start' });
    const before = (await call('GET', companyPath(conferenceId), DEMO.companyAdmin)).json();
    expect(before.stopwatch).toMatchObject({ running: true });
    const stream = await openStream(
      `${base}${companyPath(conferenceId)}/events?last_event_id=${before.last_event_id}`,
      bearer(await tokenOf(DEMO.companyAdmin)),
    );

    const ended = await call('PUT', staffPath(conferenceId), DEMO.admin, { version: before.version, status: 'ended' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', stopwatch: { running: false, started_at: null } });
    const [stopped] = await stream.waitFor(1, 'stopwatch');
    expect(stopped.data).toMatchObject({ running: false, started_at: null, elapsed_ms: ended.json().stopwatch.elapsed_ms });
    await stream.waitFor(1, 'room');
    stream.close();

    // the time stands still once ended
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = (await call('GET', companyPath(conferenceId), DEMO.companyAdmin)).json();
    expect(later.stopwatch).toMatchObject({ running: false, elapsed_ms: ended.json().stopwatch.elapsed_ms });
  });
});
