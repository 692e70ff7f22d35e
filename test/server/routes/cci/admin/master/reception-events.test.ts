/**
 * issue 14 "Live counters … several desks at once" (DESIGN.md §11.1, §11.3): every check-in, undo
 * and walk-in reaches the staff streams of the conference's room as a `reception` event (the row and
 * the counters) and, when the conference counts a quorum, a `quorum` event; never a company's stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, type caller } from '../../../../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../../../../helpers/fixtures.ts';
import { listeningApp, openStream, staffRoom, companyRoom } from '../../../../../helpers/room-fixtures.ts';
import { ReceptionFixtures, checkIns, ticketOf, walkIns } from '../../../../../helpers/reception-fixtures.ts';

let app: FastifyInstance;
let base: string;
let call: ReturnType<typeof caller>;
let fx: ReceptionFixtures;
let conference: number;
let company: number;
let principals: number[];

beforeAll(async () => {
  ({ app, base, call } = await listeningApp());
  fx = new ReceptionFixtures(app.pool);
  company = (await fx.company('E', '中継商事株式会社')).id;
  const members = [
    await fx.member(company, '一番 太郎', 'イチバン タロウ'),
    await fx.member(company, '二番 花子', 'ニバン ハナコ'),
    await fx.member(company, '三番 次郎', 'サンバン ジロウ'),
  ];
  // C0001 invited too, so the demo COMPANY_ADMIN may open the company stream of this room
  const { rows } = await app.pool.query<{ id: number }>('select id from member where company_id = $1 order by id limit 1', [
    await companyIdOf(app.pool, 'C0001'),
  ]);
  conference = await fx.conference({ allowDelegate: true });
  await app.pool.query('update conference set quorum = $2 where id = $1', [
    conference,
    { basis: 'invited_principals', numerator: 1, denominator: 2, rule: 'more_than', count_delegates: false },
  ]);
  principals = await fx.invite(conference, [
    { memberId: members[0], answer: 'attend' },
    { memberId: members[1], answer: 'attend' },
    { memberId: members[2], answer: 'delegate' },
    { memberId: rows[0].id, answer: 'absent' },
  ]);
});
afterAll(async () => {
  await fx.cleanUp();
  await app.close();
});

describe('the desk and the board follow live', () => {
  it('staff streams get reception and quorum events; the company stream gets neither', async () => {
    const staff = await openStream(`${base}${staffRoom(conference, '/events')}`, bearer(await tokenOf(DEMO.staff)));
    expect(staff.status).toBe(200);
    const ticket = await call('POST', companyRoom(conference, '/ticket'), DEMO.companyAdmin);
    expect(ticket.statusCode, ticket.body).toBe(201);
    const companyStream = await openStream(`${base}${companyRoom(conference, '/events')}?ticket=${ticket.json().ticket}`);
    expect(companyStream.status).toBe(200);

    const first = await call('POST', checkIns(conference), DEMO.staff, { qr: await ticketOf(app.pool, principals[0]) });
    expect(first.statusCode, first.body).toBe(201);
    const [reception] = await staff.waitFor(1, 'reception');
    expect(reception.data).toEqual({ row: first.json().row, counts: { expected: 2, checked_in: 1, not_arrived: 1 } });
    const [quorum] = await staff.waitFor(1, 'quorum');
    // 4 invited principals, more than half: 3 needed; 1 present
    expect(quorum.data).toMatchObject({ conference_id: conference, total: 4, required: 3, present: 1, delegated: 1, met: false });

    const second = await call('POST', checkIns(conference), DEMO.admin, { conference_member_id: principals[1] });
    expect(second.statusCode).toBe(201);
    const walkIn = await call('POST', walkIns(conference), DEMO.staff, { instead_of: principals[2], name: '代理 三郎' });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const quorums = await staff.waitFor(3, 'quorum');
    expect(quorums[2].data).toMatchObject({ present: 3, delegated: 0, met: true, margin: 0 });
    const undo = await call('DELETE', checkIns(conference, `/${principals[1]}`), DEMO.staff);
    expect(undo.statusCode).toBe(200);
    const receptions = await staff.waitFor(4, 'reception');
    expect(receptions.map((e) => (e.data as { counts: object }).counts)).toEqual([
      { expected: 2, checked_in: 1, not_arrived: 1 },
      { expected: 2, checked_in: 2, not_arrived: 0 },
      { expected: 3, checked_in: 3, not_arrived: 0 },
      { expected: 3, checked_in: 2, not_arrived: 1 },
    ]);
    expect((await staff.waitFor(4, 'quorum'))[3].data).toMatchObject({ present: 2, met: false });

    // an event for everyone after them: the company has it, and nothing of the desk before it
    expect((await call('PUT', staffRoom(conference, '/stopwatch'), DEMO.staff, { action: 'start' })).statusCode).toBe(200);
    await companyStream.waitFor(1, 'stopwatch');
    expect(companyStream.events.map((e) => e.event)).toEqual(['stopwatch']);
    staff.close();
    companyStream.close();
  });
});
