/**
 * 委任状 to an invitee on the answer (DESIGN.md §12.1 `delegate_to`, issue 34 "delegation chains
 * refused (a delegate cannot delegate)"), through the company's answer and staff's answer on
 * behalf; and the vote record kept: a voter of a poll cannot be deleted (409 `member_voted`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../../../../helpers/fixtures.ts';
import { VoteFixtures } from '../../../../../helpers/vote-fixtures.ts';

let app: FastifyInstance;
let f: VoteFixtures;
let call: ReturnType<typeof caller>;
let ownCompany: number;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  f = new VoteFixtures(app, call);
  ownCompany = await companyIdOf(app.pool, 'C0001');
});
afterAll(async () => {
  await f.cleanUp();
  await app.close();
});

const MEMBERS = '/v1/cci/admin/master/conference_members';

/** Principals of the company admin's own company in a conference that takes 委任状. */
async function assembly(n: number) {
  const a = await f.assembly(
    Array.from({ length: n }, () => null),
    { companyId: ownCompany },
  );
  await app.pool.query('update conference set allow_delegate = true where id = $1', [a.conference]);
  return a;
}

const answer = (answers: object[]) => call('POST', '/v1/company/conference_members/answer', DEMO.companyAdmin, { answers });

async function staffPut(id: number, body: object) {
  const { rows } = await app.pool.query<{ version: number }>('select version from conference_member where id = $1', [id]);
  return call('PUT', `${MEMBERS}/${id}`, DEMO.staff, { version: rows[0].version, ...body });
}

const delegateOf = async (id: number) =>
  (await app.pool.query<{ delegate_to: number | null }>('select delegate_to from conference_member where id = $1', [id])).rows[0]
    .delegate_to;

describe('delegate_to on the company’s answer', () => {
  it('to another invitee or the chair; left out keeps the one recorded; the answer shows it', async () => {
    const { principals: p } = await assembly(3);
    const res = await answer([{ id: p[0], answer_content: 'delegate', delegate_to: p[1] }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.find((m: { id: number }) => m.id === p[0]).delegate_to).toBe(p[1]);
    // a client that does not know the field answers 委任状 again: the 委任先 stays
    expect((await answer([{ id: p[0], answer_content: 'delegate' }])).statusCode).toBe(200);
    expect(await delegateOf(p[0])).toBe(p[1]);
    // the portal's meeting page reads it back (its 委任先 choice, issue 34)
    const { rows } = await app.pool.query<{ conference_id: number }>(
      'select conference_id from conference_member where id = $1',
      [p[0]],
    );
    const detail = await call('GET', `/v1/company/conferences/${rows[0].conference_id}?expand=members`, DEMO.companyAdmin);
    const invitees = detail.json().members as Array<{ id: number; delegate_to: number | null }>;
    expect(invitees.find((m) => m.id === p[0])?.delegate_to).toBe(p[1]);
    expect(invitees.find((m) => m.id === p[1])?.delegate_to).toBeNull();
    expect((await answer([{ id: p[0], answer_content: 'delegate', delegate_to: null }])).statusCode).toBe(200);
    expect(await delegateOf(p[0])).toBeNull();
    // another answer clears it
    await answer([{ id: p[0], answer_content: 'delegate', delegate_to: p[2] }]);
    await answer([{ id: p[0], answer_content: 'attend' }]);
    expect(await delegateOf(p[0])).toBeNull();
  });

  it('chains refused 422 delegation_chain: to a delegator, by a delegate, or both in one body', async () => {
    const { principals: p } = await assembly(4);
    expect((await answer([{ id: p[0], answer_content: 'delegate', delegate_to: p[1] }])).statusCode).toBe(200);

    const byDelegate = await answer([{ id: p[1], answer_content: 'delegate', delegate_to: p[2] }]);
    expect([byDelegate.statusCode, byDelegate.json().code]).toEqual([422, 'delegation_chain']);
    const toDelegator = await answer([{ id: p[2], answer_content: 'delegate', delegate_to: p[0] }]);
    expect([toDelegator.statusCode, toDelegator.json().code]).toEqual([422, 'delegation_chain']);
    // a delegate delegating to the chair is a chain too: their own vote would go while carrying p0's
    const toChair = await answer([{ id: p[1], answer_content: 'delegate', delegate_to: null }]);
    expect(toChair.json().code).toBe('delegation_chain');
    const inOneBody = await answer([
      { id: p[2], answer_content: 'delegate', delegate_to: p[3] },
      { id: p[3], answer_content: 'delegate', delegate_to: null },
    ]);
    expect([inOneBody.statusCode, inOneBody.json().code]).toEqual([422, 'delegation_chain']);
    // nothing of a refused body was kept
    expect(await delegateOf(p[2])).toBeNull();
    const { rows } = await app.pool.query('select answer_content from conference_member where id = any($1::int[]) order by id', [
      [p[1], p[2], p[3]],
    ]);
    expect(rows.map((r) => r.answer_content)).toEqual([null, null, null]);
  });

  it('the invitee named must be another principal of the same conference: 422 delegate_to_invalid', async () => {
    const { principals: p } = await assembly(1);
    const other = await assembly(1);
    for (const target of [p[0], other.principals[0], 2_000_000_000]) {
      const res = await answer([{ id: p[0], answer_content: 'delegate', delegate_to: target }]);
      expect([res.statusCode, res.json().code]).toEqual([422, 'delegate_to_invalid']);
    }
  });
});

describe('delegate_to on staff’s answer on behalf (PUT …/conference_members/{id})', () => {
  it('records it, and refuses chains and foreign targets', async () => {
    const { principals: p } = await assembly(3);
    const ok = await staffPut(p[0], { answer_content: 'delegate', delegate_to: p[1], answer_channel: 'paper' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().delegate_to).toBe(p[1]);
    const chain = await staffPut(p[1], { answer_content: 'delegate', delegate_to: p[2], answer_channel: 'paper' });
    expect([chain.statusCode, chain.json().code]).toEqual([422, 'delegation_chain']);
    const self = await staffPut(p[2], { answer_content: 'delegate', delegate_to: p[2], answer_channel: 'paper' });
    expect([self.statusCode, self.json().code]).toEqual([422, 'delegate_to_invalid']);
    // only the 委任先 changes
    const toChair = await staffPut(p[0], { delegate_to: null, answer_channel: 'paper' });
    expect([toChair.statusCode, toChair.json().delegate_to, toChair.json().answer_content]).toEqual([200, null, 'delegate']);
  });
});

describe('the vote record kept', () => {
  it('a voter of a poll, or a delegate who carried a vote, cannot be deleted: 409 member_voted', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'delegate', 'attend', 'absent']);
    await f.checkIn(p[0], p[2]);
    await f.delegate(p[1], p[2]);
    const motion = await f.motion(conference);
    await f.open(conference, motion.id, { method: 'roll_call' });

    const one = await call('DELETE', `${MEMBERS}/${p[0]}`, DEMO.staff);
    expect([one.statusCode, one.json().code]).toEqual([409, 'member_voted']);
    const bulk = await call('DELETE', `${MEMBERS}/delete`, DEMO.staff, { ids: [p[2], p[3]] });
    expect([bulk.statusCode, bulk.json().code, bulk.json().conference_member_ids]).toEqual([409, 'member_voted', [p[2]]]);
    // an invitee who is no voter goes
    expect((await call('DELETE', `${MEMBERS}/${p[3]}`, DEMO.staff)).statusCode).toBe(204);
  });
});
