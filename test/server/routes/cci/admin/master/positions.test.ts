import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let c0001: number;
/** Members created by this file (in C0005), so its writes never touch demo rows other files read. */
let memberA: number;
let memberB: number;
let otherMemberId: number;
let otherPositionId: number;
const BASE = '/v1/cci/admin/master/positions';
const BATCH = `${BASE}/update_positions`;
const TAG = randomUUID().slice(0, 6);
/** A department unique to this run: lists filtered by it see only this file's rows. */
const DEPT = `試験部会${TAG}`;

interface PositionBody {
  id: number;
  version: number;
  rank: number;
  [key: string]: unknown;
}

async function createPosition(body: Record<string, unknown> = {}): Promise<PositionBody> {
  const res = await call('POST', BASE, DEMO.admin, {
    member_id: memberA,
    position_type: 'CCI_SECTION',
    department_name: DEPT,
    position_name: '委員',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const ranksOf = async (ids: number[]) => {
  const { rows } = await app.pool.query<{ id: number; rank: number }>(
    'select id, rank from position where id = any($1) order by id',
    [ids],
  );
  return rows;
};

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  c0001 = await companyIdOf(app.pool, 'C0001');
  const c0005 = await companyIdOf(app.pool, 'C0005');
  const member = async (name: string, kana: string) => {
    const res = await call('POST', '/v1/cci/admin/master/members', DEMO.admin, { company_id: c0005, name, name_kana: kana });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  memberA = await member(`役職 一郎${TAG}`, 'ヤクショク イチロウ');
  memberB = await member(`役職 二郎${TAG}`, 'ヤクショク ジロウ');
  const { companyId } = await ensureOtherChamber(app.pool);
  const { rows } = await app.pool.query<{ id: number }>(
    `insert into member (cci_code, company_id, company_code, name) values ($1, $2, 'X0001', 'よその 会員') returning id`,
    [OTHER_CCI, companyId],
  );
  otherMemberId = rows[0].id;
  const pos = await app.pool.query<{ id: number }>(
    `insert into position (cci_code, member_id, position_type, department_name, position_name) values ($1, $2, 'CCI_OFFICER', '役員', '会頭') returning id`,
    [OTHER_CCI, otherMemberId],
  );
  otherPositionId = pos.rows[0].id;
});
afterAll(() => app.close());

describe('GET /v1/cci/admin/master/positions', () => {
  it('pages with the spec defaults (§9), with the member and company names (§3), own chamber only', async () => {
    const res = await call('GET', BASE, DEMO.staff);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ page: 1, page_size: 10 });
    expect(body.meta.total).toBeGreaterThanOrEqual(50);
    expect(body.data).toHaveLength(10);
    expect(body.data.every((p: { cci_code: string }) => p.cci_code === 'demo')).toBe(true);
    // Other test files add their own positions to the demo chamber, so compare with the row's own company.
    const first = body.data[0];
    const { rows } = await app.pool.query<{ member_name: string; company_name: string; company_code: string }>(
      `SELECT m.name AS member_name, c.name1 AS company_name, c.company_code
         FROM position p JOIN member m ON m.id = p.member_id JOIN company c ON c.id = m.company_id
        WHERE p.id = $1`,
      [first.id],
    );
    expect(first).toMatchObject(rows[0]);
  });

  it("sorts position types in the chamber's master order (sort_order), not by code", async () => {
    const { rows } = await app.pool.query<{ master_code: string; sort_order: number }>(
      `SELECT master_code, sort_order FROM master_data WHERE cci_code = 'demo' AND master_type_code = 'cci_position_type'`,
    );
    const orderOf = new Map(rows.map((r) => [r.master_code, r.sort_order]));
    // CCI_OFFICER comes first in the master but after CCI_BRANCH and CCI_COMMITTEE by code
    expect(orderOf.get('CCI_OFFICER')!).toBeLessThan(orderOf.get('CCI_BRANCH')!);
    const typesSortedBy = async (sort: string) => {
      const url = `${BASE}?position_type__in=CCI_OFFICER,CCI_BRANCH,CCI_COMMITTEE&page_size=100&sort=${sort}&fields=id,position_type`;
      return (await call('GET', url, DEMO.staff)).json().data.map((p: { position_type: string }) => p.position_type);
    };
    const ascending = await typesSortedBy('position_type');
    expect(ascending[0]).toBe('CCI_OFFICER');
    expect(ascending.map((t: string) => orderOf.get(t)!)).toEqual(
      [...ascending.map((t: string) => orderOf.get(t)!)].sort((a, b) => a - b),
    );
    const descending = await typesSortedBy('-position_type');
    expect(descending.at(-1)).toBe('CCI_OFFICER');
  });

  it('filters by position_type (one or several), department and company; sorts by rank', async () => {
    const women = (await call('GET', `${BASE}?position_type=CCI_WOMEN_ASSOCIATION&page_size=100`, DEMO.staff)).json();
    expect(women.meta.total).toBeGreaterThanOrEqual(6);
    expect(women.data.every((p: { position_type: string }) => p.position_type === 'CCI_WOMEN_ASSOCIATION')).toBe(true);

    const types = (await call('GET', `${BASE}?position_type__in=CCI_BRANCH,CCI_COMMITTEE&page_size=100`, DEMO.staff)).json();
    expect(new Set(types.data.map((p: { position_type: string }) => p.position_type))).toEqual(
      new Set(['CCI_BRANCH', 'CCI_COMMITTEE']),
    );

    const section = (await call('GET', `${BASE}?department_name=${encodeURIComponent('商業部会')}&sort=rank`, DEMO.staff)).json();
    const ranks = section.data.map((p: { rank: number }) => p.rank);
    expect(section.data[0]).toMatchObject({
      position_name: '部会長',
      member_name: '高木 正雄',
      company_name: '丸高商事株式会社',
    });
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    const yamada = (await call('GET', `${BASE}?company_id=${c0001}&sort=rank,position_type`, DEMO.staff)).json();
    expect(yamada.data.map((p: { position_name: string }) => p.position_name).sort()).toEqual(['会頭', '副会長', '顧問']);
  });

  it('filters by member, keyword (the member and company) and active_on', async () => {
    const current = await createPosition({ member_id: memberB, start_at: '2020-04-01' });
    const ended = await createPosition({ member_id: memberB, start_at: '2018-04-01', end_at: '2020-03-31' });
    const ids = async (query: string) =>
      (await call('GET', `${BASE}?member_id=${memberB}&${query}`, DEMO.staff)).json().data.map((p: { id: number }) => p.id);
    expect((await ids('sort=start_at')).slice(0, 2)).toEqual([ended.id, current.id]);
    expect(await ids('active_on=2021-01-01')).toEqual([current.id]);
    expect(await ids('active_on=2019-01-01')).toEqual([ended.id]);
    expect(await ids('end_at__lte=2020-12-31')).toEqual([ended.id]);
    const byKeyword = (
      await call('GET', `${BASE}?keyword=${encodeURIComponent(`ヤクショク 二郎${TAG} 丸高`)}`, DEMO.staff)
    ).json();
    expect(byKeyword.data.map((p: { id: number }) => p.id).sort()).toEqual([current.id, ended.id].sort());
  });

  it.each([
    ['an unknown position type', '?position_type=CCI_GOLF_CLUB', 'position_type'],
    ['an unknown type in a list', '?position_type__in=CCI_OFFICER,CCI_GOLF_CLUB', 'position_type__in'],
    ['an unknown sort field', '?sort=member_name', 'sort'],
    ['an unknown parameter', '?name=x', 'name'],
    ['a malformed active_on', '?active_on=2024/04/01', 'active_on'],
    ['a non-numeric member_id', '?member_id=x', 'member_id'],
  ])('answers 400 naming the parameter for %s', async (_what, query, field) => {
    const res = await call('GET', `${BASE}${query}`, DEMO.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(fieldsNamed(res)).toContain(field);
  });

  it('refuses another chamber (403), company admins (403) and anonymous callers (401)', async () => {
    expect((await call('GET', `${BASE}?cci_code=${OTHER_CCI}`, DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', BASE, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});

describe('POST, GET, PUT and DELETE of a position', () => {
  it('creates, reads, updates partially and deletes; a stale version is a 409 with the current one', async () => {
    const created = await createPosition({ rank: 3, start_at: '2024-04-01' });
    expect(created).toMatchObject({
      cci_code: 'demo',
      member_id: memberA,
      position_type: 'CCI_SECTION',
      department_name: DEPT,
      rank: 3,
      end_at: null,
      version: 1,
      member_name: `役職 一郎${TAG}`,
      company_code: 'C0005',
      company_name: '丸高商事株式会社',
    });
    const read = await call('GET', `${BASE}/${created.id}`, DEMO.staff);
    expect(read.json()).toEqual(created);

    const updated = await call('PUT', `${BASE}/${created.id}`, DEMO.admin, {
      version: 1,
      member_id: memberB,
      position_name: '副部会長',
      department_name: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      version: 2,
      member_id: memberB,
      member_name: `役職 二郎${TAG}`,
      position_name: '副部会長',
      department_name: null,
      rank: 3,
      start_at: '2024-04-01',
    });
    const stale = await call('PUT', `${BASE}/${created.id}`, DEMO.admin, { version: 1, rank: 9 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 2 });

    const deleted = await call('DELETE', `${BASE}/${created.id}`, DEMO.admin);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call('GET', `${BASE}/${created.id}`, DEMO.admin)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${created.id}`, DEMO.admin)).statusCode).toBe(404);

    const { rows } = await app.pool.query(
      "select action from audit_log where entity = 'position' and entity_id = $1 order by id",
      [String(created.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('validates the body and names each bad field', async () => {
    const res = await call('POST', BASE, DEMO.admin, {
      member_id: 0,
      position_type: 'CCI_GOLF_CLUB',
      rank: -1,
      department_name: 'x'.repeat(101),
      end_at: '2024-02-30',
      colour: 'red',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    for (const f of ['body.member_id', 'body.position_type', 'body.rank', 'body.department_name', 'body.end_at', 'body.colour']) {
      expect(
        fields.some((x: string) => x.startsWith(f)),
        f,
      ).toBe(true);
    }
    const missing = await call('POST', BASE, DEMO.admin, { member_id: memberA });
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toContain('body.position_type');
  });

  it('refuses a member of another chamber (400 member_not_found) and an end before the start (400)', async () => {
    const foreign = await call('POST', BASE, DEMO.admin, { member_id: otherMemberId, position_type: 'CCI_OFFICER' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'member_not_found', errors: [{ field: 'body.member_id' }] });
    const period = await call('POST', BASE, DEMO.admin, {
      member_id: memberA,
      position_type: 'CCI_OFFICER',
      start_at: '2024-04-01',
      end_at: '2023-04-01',
    });
    expect(period.statusCode).toBe(400);
    expect(period.json().errors[0]).toMatchObject({ field: 'body.end_at', code: 'period' });
  });

  it('two PUTs with the same version: one 200 and one 409', async () => {
    const created = await createPosition();
    const results = await Promise.all(
      [1, 2].map((rank) => call('PUT', `${BASE}/${created.id}`, DEMO.admin, { version: created.version, rank })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('lets CCI_CONFERENCE_USER read but not write (403); company admins 403; other chambers 404; no token 401', async () => {
    const own = await createPosition();
    expect((await call('GET', `${BASE}/${own.id}`, DEMO.staff)).statusCode).toBe(200);
    expect((await call('POST', BASE, DEMO.staff, { member_id: memberA, position_type: 'CCI_OFFICER' })).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/${own.id}`, DEMO.staff, { version: 1, rank: 1 })).statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}/${own.id}`, DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${own.id}`, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}/${own.id}`, DEMO.companyAdmin)).statusCode).toBe(403);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call(method, `${BASE}/${own.id}`, null)).statusCode).toBe(401);
      expect((await call(method, `${BASE}/${otherPositionId}`, DEMO.admin)).statusCode).toBe(404);
    }
    expect((await call('POST', BASE, null, { member_id: memberA, position_type: 'CCI_OFFICER' })).statusCode).toBe(401);
    expect((await call('PUT', `${BASE}/${own.id}`, null, { version: 1, rank: 1 })).statusCode).toBe(401);
    expect((await call('PUT', `${BASE}/${otherPositionId}`, DEMO.admin, { version: 1, rank: 1 })).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/abc`, DEMO.admin, { version: 1, rank: 1 })).statusCode).toBe(400);
  });
});

describe('PUT /v1/cci/admin/master/positions/update_positions', () => {
  it('applies creates, updates and deletes in one call, in order (not captured by /{id})', async () => {
    const keep = await createPosition({ rank: 5 });
    const drop = await createPosition({ rank: 6 });
    const res = await call('PUT', BATCH, DEMO.admin, {
      items: [
        {
          action: 'create',
          member_id: memberB,
          position_type: 'CCI_COMMITTEE',
          department_name: DEPT,
          position_name: '委員長',
          rank: 1,
        },
        { action: 'update', id: keep.id, version: keep.version, rank: 2 },
        { action: 'delete', id: drop.id, version: drop.version },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items.map((i: { action: string }) => i.action)).toEqual(['create', 'update', 'delete']);
    expect(items[0].position).toMatchObject({
      member_id: memberB,
      position_name: '委員長',
      member_name: `役職 二郎${TAG}`,
      version: 1,
    });
    expect(items[1]).toMatchObject({ id: keep.id, position: { rank: 2, version: keep.version + 1 } });
    expect(items[2]).toEqual({ action: 'delete', id: drop.id, position: null });
    expect(await ranksOf([keep.id, drop.id, items[0].id])).toEqual(
      [
        { id: keep.id, rank: 2 },
        { id: items[0].id, rank: 1 },
      ].sort((a, b) => a.id - b.id),
    );
    const audited = await app.pool.query(
      "select count(*)::int as n from audit_log where entity = 'position' and entity_id = any($1)",
      [[String(items[0].id), String(keep.id), String(drop.id)]],
    );
    expect(audited.rows[0].n).toBe(2 + 3); // two creates above, then create + update + delete
  });

  it('rolls everything back when one item fails, naming the item (stale version → 409 body.items.3.version)', async () => {
    const target = await createPosition({ rank: 7 });
    const before = (await call('GET', `${BASE}?department_name=${encodeURIComponent(DEPT)}&page_size=100`, DEMO.admin)).json()
      .meta.total;
    const res = await call('PUT', BATCH, DEMO.admin, {
      items: [
        { action: 'create', member_id: memberA, position_type: 'CCI_BRANCH', department_name: DEPT },
        { action: 'update', id: target.id, version: target.version, rank: 8 },
        { action: 'create', member_id: memberB, position_type: 'CCI_BRANCH', department_name: DEPT },
        { action: 'update', id: target.id, version: target.version, rank: 9 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'version_conflict',
      item_index: 3,
      current_version: target.version + 1,
      errors: [{ field: 'body.items.3.version' }],
    });
    const after = (await call('GET', `${BASE}?department_name=${encodeURIComponent(DEPT)}&page_size=100`, DEMO.admin)).json().meta
      .total;
    expect(after).toBe(before);
    expect(await ranksOf([target.id])).toEqual([{ id: target.id, rank: 7 }]);
  });

  it('names the failing item for an unknown position (422), a foreign member (400) and an end before the start (400)', async () => {
    const target = await createPosition();
    const unknown = await call('PUT', BATCH, DEMO.admin, {
      items: [
        { action: 'update', id: target.id, version: target.version, rank: 4 },
        { action: 'delete', id: otherPositionId },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'position_not_found', item_index: 1, errors: [{ field: 'body.items.1.id' }] });
    expect(await ranksOf([target.id])).toEqual([{ id: target.id, rank: 0 }]);

    const foreign = await call('PUT', BATCH, DEMO.admin, {
      items: [
        { action: 'delete', id: target.id },
        { action: 'create', member_id: memberA, position_type: 'CCI_OFFICER' },
        { action: 'create', member_id: otherMemberId, position_type: 'CCI_OFFICER' },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'member_not_found', errors: [{ field: 'body.items.2.member_id' }] });
    expect(await ranksOf([target.id])).toHaveLength(1);

    const period = await call('PUT', BATCH, DEMO.admin, {
      items: [{ action: 'update', id: target.id, version: target.version, start_at: '2025-01-01', end_at: '2024-01-01' }],
    });
    expect(period.statusCode).toBe(400);
    expect(period.json().errors[0].field).toBe('body.items.0.end_at');
  });

  it('checks what each action needs before touching anything (400 naming every bad field)', async () => {
    const res = await call('PUT', BATCH, DEMO.admin, {
      items: [
        { action: 'create', position_type: 'CCI_OFFICER' },
        { action: 'update', id: 1 },
        { action: 'delete', id: 1, rank: 3 },
        { action: 'create', id: 1, member_id: memberA, position_type: 'CCI_OFFICER' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'body.items.0.member_id',
      'body.items.1.version',
      'body.items.2.rank',
      'body.items.3.id',
    ]);
    for (const body of [
      { items: [] },
      { items: [{ action: 'rename', id: 1 }] },
      { items: [{ action: 'delete', id: 'x' }] },
      {},
    ]) {
      const bad = await call('PUT', BATCH, DEMO.admin, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errors[0].field).toMatch(/^body(\.items)?/);
    }
    const tooMany = await call('PUT', BATCH, DEMO.admin, {
      items: Array.from({ length: 1001 }, () => ({ action: 'delete', id: 1 })),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('is refused to CCI_CONFERENCE_USER and company admins (403) and anonymous callers (401)', async () => {
    const body = { items: [{ action: 'create', member_id: memberA, position_type: 'CCI_OFFICER' }] };
    expect((await call('PUT', BATCH, DEMO.staff, body)).statusCode).toBe(403);
    expect((await call('PUT', BATCH, DEMO.companyAdmin, body)).statusCode).toBe(403);
    expect((await call('PUT', BATCH, null, body)).statusCode).toBe(401);
  });
});
