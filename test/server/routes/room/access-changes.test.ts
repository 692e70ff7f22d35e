/**
 * issue 12: who may enter is checked again when it changes. A conference cancelled (or back to
 * draft) or its invitees removed ends the open streams of those no longer allowed; they are refused
 * on return. Everyone else's streams go on (issue 29; test/server/routes/room/access-reconnect.test.ts).
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
} from '../../../helpers/room-fixtures.ts';

let app: FastifyInstance;
let base: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ app, base, call } = await listeningApp());
});
afterAll(() => app.close());

async function streamsOf(conferenceId: number) {
  const link = await insertLink(app.pool, conferenceId);
  expect((await call('GET', staffRoom(conferenceId, ''), DEMO.admin)).statusCode).toBe(200);
  return {
    company: await openStream(
      `${base}${companyRoom(conferenceId, '/events')}?last_event_id=0`,
      bearer(await tokenOf(DEMO.companyAdmin)),
    ),
    guest: await openStream(`${base}${linkRoom(link.token, '/events')}?last_event_id=0`),
    staff: await openStream(`${base}${staffRoom(conferenceId, '/events')}?last_event_id=0`, bearer(await tokenOf(DEMO.admin))),
    link,
  };
}

describe('when who may enter changes', () => {
  it('a cancelled conference ends company and link streams, and they are refused on return; staff go on', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const { company, guest, staff, link } = await streamsOf(conferenceId);
    expect([company.status, guest.status, staff.status]).toEqual([200, 200, 200]);

    const cancelled = await call('PUT', `/v1/cci/admin/master/conferences/${conferenceId}`, DEMO.admin, {
      version: 1,
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await Promise.all([company.ended, guest.ended]);

    await call('POST', staffRoom(conferenceId, '/chat'), DEMO.admin, { body: '中止のお知らせ' });
    const [chat] = await staff.waitFor(1, 'chat');
    expect(chat.data).toMatchObject({ body: '中止のお知らせ' });
    expect(staff.events.map((e) => e.event)).not.toContain('access_changed');
    expect((await call('GET', companyRoom(conferenceId, ''), DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await fetch(`${base}${linkRoom(link.token, '')}`)).status).toBe(404);
    staff.close();
  });

  it('removing the company’s invitees ends its stream; it is refused on return', async () => {
    const { conferenceId, conferenceMemberId } = await createRoomConference(app.pool);
    const { company, guest, staff } = await streamsOf(conferenceId);
    const removed = await call('DELETE', `/v1/cci/admin/master/conference_members/${conferenceMemberId}`, DEMO.admin);
    expect(removed.statusCode, removed.body).toBe(204);
    await company.ended;
    // a guest link does not depend on the invitation: its stream goes on (issue 29)
    await call('POST', staffRoom(conferenceId, '/chat'), DEMO.admin, { body: '続けます' });
    const [chat] = await guest.waitFor(1, 'chat');
    expect(chat.data).toMatchObject({ body: '続けます' });
    guest.close();
    const room = await call('GET', companyRoom(conferenceId, ''), DEMO.companyAdmin);
    expect(room.statusCode).toBe(404);
    staff.close();
  });
});
