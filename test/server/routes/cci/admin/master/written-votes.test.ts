/**
 * 書面議決 (issue 34, DESIGN.md §12.1): the company admin in the portal
 * (`GET|PUT /v1/company/conference_members/{id}/written_votes`) until the answer deadline, staff from
 * paper (`PUT /v1/cci/admin/master/conference_members/{id}/written_votes`), only for principals and
 * only until the 議案 is put to the vote; a check-in before the vote sets the written vote aside.
 * Rows: this file's own (its principals belong to the demo company C0001), removed at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../../../../helpers/fixtures.ts';
import { daysFromNow } from '../../../../../helpers/attendance-fixtures.ts';
import { VoteFixtures } from '../../../../../helpers/vote-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let f: VoteFixtures;
let c0001: number;

const portal = (id: number) => `/v1/company/conference_members/${id}/written_votes`;
const staff = (id: number) => `/v1/cci/admin/master/conference_members/${id}/written_votes`;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  f = new VoteFixtures(app, call);
  c0001 = await companyIdOf(app.pool, 'C0001');
});
afterAll(async () => {
  await f.cleanUp();
  await app.close();
});

describe('書面議決 in the portal', () => {
  it('lists every 議案 of the conference; gives, changes and withdraws votes (channel portal), audited', async () => {
    const { conference, principals: p } = await f.assembly(['absent'], { companyId: c0001 });
    const m1 = await f.motion(conference);
    const m2 = await f.motion(conference, { number: '第2号議案', title: '役員選任の件' });
    const empty = await call('GET', portal(p[0]), DEMO.companyAdmin);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data.map((v: { number: string; choice: null }) => [v.number, v.choice])).toEqual([
      ['第1号議案', null],
      ['第2号議案', null],
    ]);

    const given = await call('PUT', portal(p[0]), DEMO.companyAdmin, {
      votes: [
        { motion_id: m1.id, choice: 'yes' },
        { motion_id: m2.id, choice: 'no' },
      ],
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toEqual([
      expect.objectContaining({ motion_id: m1.id, choice: 'yes', channel: 'portal', superseded: false }),
      expect.objectContaining({ motion_id: m2.id, choice: 'no', channel: 'portal' }),
    ]);
    expect(given.json().data[0].recorded_at).not.toBeNull();

    const changed = await call('PUT', portal(p[0]), DEMO.companyAdmin, {
      votes: [
        { motion_id: m1.id, choice: null },
        { motion_id: m2.id, choice: 'abstain' },
      ],
    });
    expect(changed.json().data.map((v: { choice: string | null }) => v.choice)).toEqual([null, 'abstain']);
    expect((await call('GET', portal(p[0]), DEMO.companyAdmin)).json()).toEqual(changed.json());
    const { rows } = await app.pool.query(
      `select action, before, after from audit_log where entity = 'conference_member' and entity_id = $1 and action = 'written_vote' order by id`,
      [String(p[0])],
    );
    expect(rows).toHaveLength(2);
    expect(rows[1].before.map((v: { choice: string }) => v.choice)).toEqual(['yes', 'no']);
    expect(rows[1].after.map((v: { choice: string | null }) => v.choice)).toEqual([null, 'abstain']);
  });

  it('after the answer deadline the portal refuses (422 answer_deadline_passed); staff still record from paper', async () => {
    const { conference, principals: p } = await f.assembly(['absent'], { companyId: c0001, answerDeadline: daysFromNow(-1) });
    const m = await f.motion(conference);
    const late = await call('PUT', portal(p[0]), DEMO.companyAdmin, { votes: [{ motion_id: m.id, choice: 'yes' }] });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('answer_deadline_passed');
    const recorded = await call('PUT', staff(p[0]), DEMO.staff, { votes: [{ motion_id: m.id, choice: 'no' }], channel: 'fax' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data[0]).toMatchObject({ choice: 'no', channel: 'fax' });
    expect((await call('GET', portal(p[0]), DEMO.companyAdmin)).json().data[0]).toMatchObject({ choice: 'no', channel: 'fax' });
    // staff read it back in the record-answer dialog
    // the company's receipt says what was recorded (issue 34)
    const { rows: mail } = await app.pool.query<{ payload: { written_votes: unknown[]; recorded_by: string; channel: string } }>(
      `select payload from notification where conference_id = $1 and kind = 'receipt' order by id desc limit 1`,
      [conference],
    );
    expect(mail[0].payload).toMatchObject({
      recorded_by: 'chamber',
      channel: 'fax',
      written_votes: [{ number: expect.any(String), choice: 'no' }],
    });
    const read = await call('GET', staff(p[0]), DEMO.staff);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ conference_member_id: p[0], data: [{ motion_id: m.id, choice: 'no', channel: 'fax' }] });
  });
});

describe('what is refused', () => {
  it('a 議案 of another conference, the same 議案 twice, or one already put to the vote: 422 naming the item; nothing written', async () => {
    const { conference, principals: p } = await f.assembly(['absent', 'attend']);
    const other = await f.assembly(['absent']);
    const m = await f.motion(conference);
    const voting = await f.motion(conference, { number: '第2号議案' });
    const elsewhere = await f.motion(other.conference);
    await f.checkIn(p[1]);
    await f.open(conference, voting.id, { method: 'show_of_hands' });
    const res = await call('PUT', staff(p[0]), DEMO.staff, {
      votes: [
        { motion_id: m.id, choice: 'yes' },
        { motion_id: elsewhere.id, choice: 'yes' },
        { motion_id: m.id, choice: 'no' },
        { motion_id: voting.id, choice: 'yes' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ field: 'body.votes.1.motion_id', code: 'motion_unknown' }),
      expect.objectContaining({ field: 'body.votes.2.motion_id', code: 'duplicate_motion' }),
      expect.objectContaining({ field: 'body.votes.3.motion_id', code: 'motion_in_vote' }),
    ]);
    const { rows } = await app.pool.query('select count(*)::int as n from written_vote where conference_member_id = $1', [p[0]]);
    expect(rows[0].n).toBe(0);
  });

  it('someone not invited as a principal gives no written vote (422 not_a_principal); a draft conference takes none', async () => {
    const { conference, principals: p } = await f.assembly(['absent']);
    const m = await f.motion(conference);
    await app.pool.query(`update conference_member set category = 'companion' where id = $1`, [p[0]]);
    const companion = await call('PUT', staff(p[0]), DEMO.staff, { votes: [{ motion_id: m.id, choice: 'yes' }] });
    expect(companion.json()).toMatchObject({ status: 422, code: 'not_a_principal' });

    const draft = await f.assembly(['absent'], { status: 'draft' });
    const dm = await f.motion(draft.conference);
    const res = await call('PUT', staff(draft.principals[0]), DEMO.staff, { votes: [{ motion_id: dm.id, choice: 'yes' }] });
    expect(res.json()).toMatchObject({ status: 422, code: 'voting_closed' });
    for (const body of [{ votes: [] }, { votes: [{ motion_id: dm.id, choice: 'maybe' }] }, { votes: [{ motion_id: dm.id }] }]) {
      expect((await call('PUT', staff(draft.principals[0]), DEMO.staff, body)).statusCode).toBe(400);
    }
  });
});

it('書面 then check-in: when the vote opens the portal shows the written vote set aside, and the tally counts the principal in person', async () => {
  const { conference, principals: p } = await f.assembly(['attend', 'absent'], { companyId: c0001 });
  const m = await f.motion(conference);
  for (const id of p) {
    const res = await call('PUT', portal(id), DEMO.companyAdmin, { votes: [{ motion_id: m.id, choice: 'no' }] });
    expect(res.statusCode, res.body).toBe(200);
  }
  await f.checkIn(p[0]);
  const { poll } = await f.open(conference, m.id, { method: 'roll_call' });
  expect((await call('GET', portal(p[0]), DEMO.companyAdmin)).json().data[0]).toMatchObject({ choice: 'no', superseded: true });
  expect((await call('GET', portal(p[1]), DEMO.companyAdmin)).json().data[0]).toMatchObject({ choice: 'no', superseded: false });
  await f.put(conference, m.id, poll.id, { version: 1, ballots: [{ conference_member_id: p[0], choice: 'yes' }] });
  const closed = await f.close(conference, m.id, { id: poll.id, version: 2 });
  expect(closed.poll.counts).toEqual({ yes: 1, no: 1, abstain: 0, not_voted: 0, written: 1, delegated: 0 });
});
