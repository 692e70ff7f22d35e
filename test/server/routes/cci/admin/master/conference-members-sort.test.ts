/**
 * PUT /v1/cci/admin/master/conference_members/{id} with a `sort`: moving an invitee up or down is
 * one request. A sort another invitee of the same conference holds swaps the two in one
 * transaction (both versions bumped, both audited); a stale version changes neither; invitees of
 * other conferences are never touched; a sort no one holds is simply set.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../../helpers/fixtures.ts';
import { createCompany, createConference, createMember, usernameOf } from '../../../../../helpers/attendance-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const BASE = '/v1/cci/admin/master/conference_members';

let conferenceId: number;
let otherConferenceId: number;
/** Invitees of the conference (sorts 1, 2, 3) and of another conference (sort 1). */
const ids = { first: 0, second: 0, third: 0, elsewhere: 0 };

interface Snapshot {
  sort: number;
  version: number;
  updated_by: string | null;
}

const rowsOf = async (...rowIds: number[]): Promise<Snapshot[]> => {
  const { rows } = await app.pool.query<Snapshot & { id: number }>(
    'select id, sort, version, updated_by from conference_member where id = any($1)',
    [rowIds],
  );
  return rowIds.map((id) => {
    const { sort, version, updated_by } = rows.find((r) => r.id === id)!;
    return { sort, version, updated_by };
  });
};

const auditsOf = async (rowId: number) => {
  const { rows } = await app.pool.query<{ before: { sort: number; version: number }; after: { sort: number; version: number } }>(
    "select before, after from audit_log where entity = 'conference_member' and action = 'update' and entity_id = $1 order by id",
    [String(rowId)],
  );
  return rows.map((r) => ({ before: [r.before.sort, r.before.version], after: [r.after.sort, r.after.version] }));
};

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  const pool = app.pool;
  const companyId = await createCompany(pool, 'CMS-01', '席次テスト株式会社');
  conferenceId = await createConference(pool, { name: '席次テスト会議' });
  otherConferenceId = await createConference(pool, { name: '席次テスト別会議' });
  const person = (name: string, kana: string) => createMember(pool, { companyId, name, kana });
  const [a, b, c] = [
    await person('席次 一郎', 'セキジ イチロウ'),
    await person('席次 二郎', 'セキジ ジロウ'),
    await person('席次 三郎', 'セキジ サブロウ'),
  ];
  const insert = async (conference: number, memberId: number) => {
    const { rows } = await pool.query<{ id: number }>(
      `insert into conference_member (cci_code, conference_id, company_id, member_id) values ('demo', $1, $2, $3) returning id`,
      [conference, companyId, memberId],
    );
    return rows[0].id;
  };
  ids.first = await insert(conferenceId, a);
  ids.second = await insert(conferenceId, b);
  ids.third = await insert(conferenceId, c);
  ids.elsewhere = await insert(otherConferenceId, a);
});
afterAll(() => app.close());

// every test starts from sorts 1, 2, 3 (and 1 in the other conference) at version 1
beforeEach(async () => {
  await app.pool.query(
    `update conference_member set version = 1, updated_by = 'seed',
       sort = case id when $1 then 1 when $2 then 2 when $3 then 3 when $4 then 1 end
     where id = any($5)`,
    [ids.first, ids.second, ids.third, ids.elsewhere, [ids.first, ids.second, ids.third, ids.elsewhere]],
  );
});

describe('PUT /v1/cci/admin/master/conference_members/{id} with sort', () => {
  it("moving onto a neighbour's sort swaps the two: both rows change, both versions go up, both are audited", async () => {
    const staff = await usernameOf(app.pool, DEMO.staff);
    const res = await call('PUT', `${BASE}/${ids.second}`, DEMO.staff, { sort: 1, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.second, sort: 1, version: 2 });

    expect(await rowsOf(ids.first, ids.second, ids.third)).toEqual([
      { sort: 2, version: 2, updated_by: staff },
      { sort: 1, version: 2, updated_by: staff },
      { sort: 3, version: 1, updated_by: 'seed' },
    ]);
    // the list now shows the moved invitee first
    const list = await call('GET', `${BASE}?conference_id=${conferenceId}&sort=sort`, DEMO.staff);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([ids.second, ids.first, ids.third]);

    expect((await auditsOf(ids.second)).at(-1)).toEqual({ before: [2, 1], after: [1, 2] });
    expect((await auditsOf(ids.first)).at(-1)).toEqual({ before: [1, 1], after: [2, 2] });
  });

  it('moving down works the same way (the occupant takes the old place)', async () => {
    const res = await call('PUT', `${BASE}/${ids.second}`, DEMO.admin, { sort: 3, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowsOf(ids.first, ids.second, ids.third)).map((r) => [r.sort, r.version])).toEqual([
      [1, 1],
      [3, 2],
      [2, 2],
    ]);
  });

  it('a stale version of the moved row is a 409 and neither row changes', async () => {
    await app.pool.query('update conference_member set version = 2 where id = $1', [ids.second]);
    const audited = [(await auditsOf(ids.first)).length, (await auditsOf(ids.second)).length];
    const res = await call('PUT', `${BASE}/${ids.second}`, DEMO.staff, { sort: 1, version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'version_conflict', current_version: 2 });
    expect(await rowsOf(ids.first, ids.second)).toEqual([
      { sort: 1, version: 1, updated_by: 'seed' },
      { sort: 2, version: 2, updated_by: 'seed' },
    ]);
    expect([(await auditsOf(ids.first)).length, (await auditsOf(ids.second)).length]).toEqual(audited);
  });

  it('never touches an invitee of another conference holding the same sort; a sort no one holds is just set', async () => {
    // sort 1 is held in the other conference only once the first row is moved away
    await app.pool.query('update conference_member set sort = 10 where id = $1', [ids.first]);
    const res = await call('PUT', `${BASE}/${ids.third}`, DEMO.staff, { sort: 1, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(ids.first, ids.second, ids.third, ids.elsewhere)).toEqual([
      { sort: 10, version: 1, updated_by: 'seed' },
      { sort: 2, version: 1, updated_by: 'seed' },
      { sort: 1, version: 2, updated_by: expect.any(String) },
      { sort: 1, version: 1, updated_by: 'seed' },
    ]);
    expect(await auditsOf(ids.elsewhere)).toEqual([]);
  });

  it('the same sort, or no sort, changes no other row', async () => {
    const same = await call('PUT', `${BASE}/${ids.second}`, DEMO.staff, { sort: 2, version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    const category = await call('PUT', `${BASE}/${ids.second}`, DEMO.staff, { category: 'companion', version: 2 });
    expect(category.statusCode, category.body).toBe(200);
    expect(await rowsOf(ids.first, ids.second, ids.third)).toEqual([
      { sort: 1, version: 1, updated_by: 'seed' },
      { sort: 2, version: 3, updated_by: expect.any(String) },
      { sort: 3, version: 1, updated_by: 'seed' },
    ]);
  });

  it('two crossing moves at once leave distinct sorts (one may be refused with 409)', async () => {
    const [down, up] = await Promise.all([
      call('PUT', `${BASE}/${ids.first}`, DEMO.staff, { sort: 2, version: 1 }),
      call('PUT', `${BASE}/${ids.third}`, DEMO.staff, { sort: 2, version: 1 }),
    ]);
    expect(
      [down.statusCode, up.statusCode].every((s) => s === 200 || s === 409),
      `${down.body} ${up.body}`,
    ).toBe(true);
    expect([down.statusCode, up.statusCode]).toContain(200);
    const sorts = (await rowsOf(ids.first, ids.second, ids.third)).map((r) => r.sort);
    expect(new Set(sorts).size).toBe(3);
  });
});
