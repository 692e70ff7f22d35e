/**
 * PUT /v1/cci/admin/master/conference_members/{id} with a `sort` N (issue 15 item 1): the invitee
 * moves to place N of its conference in one request and one transaction; the invitees between
 * shift by one; the order comes out 1..n; every changed row's version goes up and is audited; a
 * stale version changes nothing; a place outside 1..n is 422; other conferences and chambers are
 * never touched; concurrent moves leave the places dense and unique.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { createCompany, createConference, createMember, usernameOf } from '../../../../../helpers/attendance-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const BASE = '/v1/cci/admin/master/conference_members';
const N = 17;

let conferenceId: number;
/** The conference's invitees, ids[i] at sort i + 1 before every test. */
const ids: number[] = [];
/** An invitee of another conference of the chamber, and one of another chamber (both sort 1). */
let elsewhere: number;
let otherChamberInvitee: number;

interface Snapshot {
  id: number;
  sort: number;
  version: number;
  updated_by: string | null;
}

const snapshot = async (): Promise<Snapshot[]> =>
  (
    await app.pool.query<Snapshot>(
      'select id, sort, version, updated_by from conference_member where id = any($1) order by sort, id',
      [[...ids, elsewhere, otherChamberInvitee]],
    )
  ).rows;

/** The invitees' ids in the order the list shows them. */
const listed = async () =>
  (await call('GET', `${BASE}?conference_id=${conferenceId}&sort=sort&page_size=100`, DEMO.staff))
    .json()
    .data.map((r: { id: number }) => r.id);

const sortsOf = async () => (await snapshot()).filter((r) => ids.includes(r.id)).map((r) => r.sort);

const auditsOf = async (rowId: number) => {
  const { rows } = await app.pool.query<{ before: { sort: number; version: number }; after: { sort: number; version: number } }>(
    "select before, after from audit_log where entity = 'conference_member' and action = 'update' and entity_id = $1 order by id",
    [String(rowId)],
  );
  return rows.map((r) => ({ before: [r.before.sort, r.before.version], after: [r.after.sort, r.after.version] }));
};

const auditCount = async () =>
  Number(
    (
      await app.pool.query<{ n: string }>(
        "select count(*) as n from audit_log where entity = 'conference_member' and entity_id = any($1)",
        [[...ids, elsewhere, otherChamberInvitee].map(String)],
      )
    ).rows[0].n,
  );

const insert = async (cciCode: string, conference: number, companyId: number, memberId: number) => {
  const { rows } = await app.pool.query<{ id: number }>(
    `insert into conference_member (cci_code, conference_id, company_id, member_id) values ($1, $2, $3, $4) returning id`,
    [cciCode, conference, companyId, memberId],
  );
  return rows[0].id;
};

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  const pool = app.pool;
  const companyId = await createCompany(pool, 'CMS-01', '席次テスト株式会社');
  conferenceId = await createConference(pool, { name: '席次テスト会議' });
  const otherConferenceId = await createConference(pool, { name: '席次テスト別会議' });
  for (let i = 1; i <= N; i++) {
    const memberId = await createMember(pool, { companyId, name: `席次 ${i}郎`, kana: `セキジ ${i}` });
    ids.push(await insert('demo', conferenceId, companyId, memberId));
  }
  elsewhere = await insert(
    'demo',
    otherConferenceId,
    companyId,
    await createMember(pool, { companyId, name: '別 太郎', kana: 'ベツ タロウ' }),
  );
  const { companyId: foreignCompany } = await ensureOtherChamber(pool);
  const foreignMember = await createMember(pool, {
    cciCode: OTHER_CCI,
    companyId: foreignCompany,
    name: '他所 一郎',
    kana: 'ヨソ イチロウ',
  });
  const foreignConference = await createConference(pool, { cciCode: OTHER_CCI, name: 'よその席次会議' });
  otherChamberInvitee = await insert(OTHER_CCI, foreignConference, foreignCompany, foreignMember);
});
afterAll(() => app.close());

beforeEach(async () => {
  await app.pool.query(
    `update conference_member set version = 1, updated_by = 'seed', sort = coalesce(array_position($1::int[], id), 1)
     where id = any($2)`,
    [ids, [...ids, elsewhere, otherChamberInvitee]],
  );
});

describe('PUT /v1/cci/admin/master/conference_members/{id} with sort', () => {
  it('moves the 17th invitee to 2nd in one request: the 2nd..16th shift down by one, each bumped and audited', async () => {
    const staff = await usernameOf(app.pool, DEMO.staff);
    const firstAudits = (await auditsOf(ids[0])).length;
    const res = await call('PUT', `${BASE}/${ids[16]}`, DEMO.staff, { sort: 2, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ids[16], sort: 2, version: 2 });

    expect(await listed()).toEqual([ids[0], ids[16], ...ids.slice(1, 16)]);
    expect(await sortsOf()).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    const rows = new Map((await snapshot()).map((r) => [r.id, r]));
    expect(rows.get(ids[0])).toMatchObject({ sort: 1, version: 1, updated_by: 'seed' });
    for (const id of ids.slice(1)) expect(rows.get(id)).toMatchObject({ version: 2, updated_by: staff });

    expect((await auditsOf(ids[16])).at(-1)).toEqual({ before: [17, 1], after: [2, 2] });
    expect((await auditsOf(ids[1])).at(-1)).toEqual({ before: [2, 1], after: [3, 2] });
    expect((await auditsOf(ids[15])).at(-1)).toEqual({ before: [16, 1], after: [17, 2] });
    expect(await auditsOf(ids[0])).toHaveLength(firstAudits);
  });

  it('moves the 2nd to 17th: the 3rd..17th shift up by one', async () => {
    const res = await call('PUT', `${BASE}/${ids[1]}`, DEMO.admin, { sort: 17, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sort: 17, version: 2 });
    expect(await listed()).toEqual([ids[0], ...ids.slice(2), ids[1]]);
    expect(await sortsOf()).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect((await auditsOf(ids[2])).at(-1)).toEqual({ before: [3, 1], after: [2, 2] });
    expect((await auditsOf(ids[16])).at(-1)).toEqual({ before: [17, 1], after: [16, 2] });
  });

  it("moving onto a neighbour's place swaps the two and changes no other row", async () => {
    const res = await call('PUT', `${BASE}/${ids[1]}`, DEMO.staff, { sort: 1, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await snapshot()).filter((r) => ids.includes(r.id));
    expect(rows.slice(0, 3).map((r) => [r.id, r.sort, r.version])).toEqual([
      [ids[1], 1, 2],
      [ids[0], 2, 2],
      [ids[2], 3, 1],
    ]);
    expect(rows.filter((r) => r.version === 2)).toHaveLength(2);
  });

  it('a stale version of the moved row is a 409 and no row changes', async () => {
    await app.pool.query('update conference_member set version = 2 where id = $1', [ids[16]]);
    const before = [await snapshot(), await auditCount()];
    const res = await call('PUT', `${BASE}/${ids[16]}`, DEMO.staff, { sort: 2, version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'version_conflict', current_version: 2 });
    expect([await snapshot(), await auditCount()]).toEqual(before);
  });

  it('a place outside 1..n is a 422 sort_out_of_range naming n, and no row changes', async () => {
    const before = [await snapshot(), await auditCount()];
    for (const sort of [18, 0]) {
      const res = await call('PUT', `${BASE}/${ids[3]}`, DEMO.staff, { sort, version: 1 });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'sort_out_of_range',
        max: N,
        detail: '移動先の順番は1から17までの数で指定してください。',
        errors: [{ field: 'body.sort', code: 'sort_out_of_range' }],
      });
    }
    expect([await snapshot(), await auditCount()]).toEqual(before);
  });

  it('an order with gaps: its own sort is no move, and a move makes the order 1..n again', async () => {
    // a removal left the 3rd at sort 40
    await app.pool.query('update conference_member set sort = 40 where id = $1', [ids[2]]);
    const same = await call('PUT', `${BASE}/${ids[2]}`, DEMO.staff, { sort: 40, category: 'companion', version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ sort: 40, category: 'companion', version: 2 });

    const res = await call('PUT', `${BASE}/${ids[16]}`, DEMO.staff, { sort: 1, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed()).toEqual([ids[16], ids[0], ids[1], ...ids.slice(3, 16), ids[2]]);
    expect(await sortsOf()).toEqual(Array.from({ length: N }, (_, i) => i + 1));
  });

  it('the same place, or no sort, changes no other row', async () => {
    const same = await call('PUT', `${BASE}/${ids[1]}`, DEMO.staff, { sort: 2, version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    const category = await call('PUT', `${BASE}/${ids[1]}`, DEMO.staff, { category: 'companion', version: 2 });
    expect(category.statusCode, category.body).toBe(200);
    const rows = await snapshot();
    expect(rows.filter((r) => r.version !== 1).map((r) => [r.id, r.sort, r.version])).toEqual([[ids[1], 2, 3]]);
  });

  it('never touches an invitee of another conference', async () => {
    const res = await call('PUT', `${BASE}/${ids[5]}`, DEMO.staff, { sort: 1, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await snapshot()).find((r) => r.id === elsewhere)).toMatchObject({ sort: 1, version: 1, updated_by: 'seed' });
    expect(await auditsOf(elsewhere)).toEqual([]);
  });

  it("another chamber's invitee is a 404 and stays where it was", async () => {
    const res = await call('PUT', `${BASE}/${otherChamberInvitee}`, DEMO.staff, { sort: 1, version: 1 });
    expect(res.statusCode).toBe(404);
    const foreign = (await snapshot()).find((r) => r.id === otherChamberInvitee);
    expect(foreign).toMatchObject({ sort: 1, version: 1, updated_by: 'seed' });
  });

  it('four moves at once leave places 1..17, each once (a move whose row another shifted first is a 409), every change audited', async () => {
    const moves: Array<[number, number]> = [
      [ids[16], 2],
      [ids[0], 17],
      [ids[8], 1],
      [ids[3], 10],
    ];
    const responses = await Promise.all(
      moves.map(([id, sort]) => call('PUT', `${BASE}/${id}`, DEMO.staff, { sort, version: 1 })),
    );
    // a move that shifted another's row first makes that one's version stale: 409, never a 500
    const statuses = responses.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      responses.map((r) => r.body).join('\n'),
    ).toBe(true);
    expect(statuses).toContain(200);
    expect(await sortsOf()).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    for (const row of (await snapshot()).filter((r) => ids.includes(r.id) && r.version > 1)) {
      // the last audit of each changed row is its state now: no shift went unrecorded
      expect((await auditsOf(row.id)).at(-1)?.after).toEqual([row.sort, row.version]);
    }
  });
});
