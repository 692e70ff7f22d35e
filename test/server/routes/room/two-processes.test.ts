/**
 * issue 12, "Two API processes on one database": fan-out goes through PostgreSQL LISTEN/NOTIFY
 * (ids only), no state lives in one process. Two app instances in this test process stand for the
 * two processes: each has its own pool, its own LISTEN connection and its own hub, and they share
 * only the database — a message posted through one reaches a stream client of the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../helpers/fixtures.ts';
import {
  companyRoom,
  createRoomConference,
  insertLink,
  linkRoom,
  openStream,
  staffRoom,
} from '../../../helpers/room-fixtures.ts';

let one: FastifyInstance;
let two: FastifyInstance;
let baseTwo: string;

beforeAll(async () => {
  [one, two] = await Promise.all([buildTestApp(), buildTestApp()]);
  await one.listen({ host: '127.0.0.1', port: 0 });
  baseTwo = await two.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
});

describe('two API instances on one database', () => {
  it('are separate: their own pools and LISTEN connections', async () => {
    expect(one.pool).not.toBe(two.pool);
    const { rows } = await one.pool.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where application_name = 'kaigi-room-listen' and query ilike 'listen%'",
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(2);
  });

  it('deliver what is posted through one to the stream clients of the other', async () => {
    const { conferenceId } = await createRoomConference(one.pool);
    const { token } = await insertLink(one.pool, conferenceId);
    const callOne = caller(one, tokenOf);
    const start = (await callOne('GET', staffRoom(conferenceId), DEMO.admin)).json().last_event_id as number;

    // clients of instance two: staff (bearer), the company (ticket issued by instance one), a guest
    const staff = await openStream(`${baseTwo}${staffRoom(conferenceId, '/events')}?last_event_id=${start}`, bearer(await tokenOf(DEMO.staff)));
    const ticket = (await callOne('POST', companyRoom(conferenceId, '/ticket'), DEMO.companyAdmin)).json().ticket;
    const company = await openStream(`${baseTwo}${companyRoom(conferenceId, '/events')}?ticket=${ticket}&last_event_id=${start}`);
    const guest = await openStream(`${baseTwo}${linkRoom(token, '/events')}?last_event_id=${start}`);
    expect([staff.status, company.status, guest.status]).toEqual([200, 200, 200]);

    const sent = await callOne('POST', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin, { body: '一号機から' });
    expect(sent.statusCode).toBe(201);
    const comment = await callOne('POST', linkRoom(token, '/comments'), null, { body: '一号機へ質問' });
    expect(comment.statusCode).toBe(201);
    const watch = await callOne('PUT', staffRoom(conferenceId, '/stopwatch'), DEMO.admin, { action: 'start' });
    expect(watch.statusCode).toBe(200);

    const [atCompany] = await company.waitFor(1, 'chat');
    expect(atCompany.data).toMatchObject({ id: sent.json().id, body: '一号機から', own: true });
    const [atGuest] = await guest.waitFor(1, 'chat');
    expect(atGuest.data).toMatchObject({ id: sent.json().id, own: false, sender_kind: 'company' });
    const [atStaff] = await staff.waitFor(1, 'comment');
    expect(atStaff.data).toMatchObject({ id: comment.json().id });
    await guest.waitFor(1, 'stopwatch');
    await staff.waitFor(3);
    expect(staff.events.map((e) => e.event)).toEqual(['chat', 'comment', 'stopwatch']);
    expect(guest.events.map((e) => e.event)).toEqual(['chat', 'stopwatch']);

    // and the other way round: posted through two, read on two's streams and in one's list
    const back = await caller(two, tokenOf)('POST', staffRoom(conferenceId, '/chat'), DEMO.admin, { body: '二号機から' });
    expect(back.statusCode).toBe(201);
    await guest.waitFor(2, 'chat');
    expect((await callOne('GET', linkRoom(token, '/chat'), null)).json().data.map((m: { body: string }) => m.body)).toEqual([
      '一号機から',
      '二号機から',
    ]);
    for (const s of [staff, company, guest]) s.close();
  });
});
