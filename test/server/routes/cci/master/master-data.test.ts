import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../../helpers/fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const POSITION_TYPES = '/v1/cci/demo/master/cci_position_type';

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  await ensureOtherChamber(app.pool);
  await app.pool.query(
    `insert into master_data (cci_code, master_type_code, master_code, name) values ($1, 'cci_position_type', 'CCI_OFFICER', 'よその役員')
     on conflict do nothing`,
    [OTHER_CCI],
  );
});
afterAll(() => app.close());

describe('GET /v1/cci/{cci_code}/master/{master_type_code} (spec §7)', () => {
  it('lists the seeded position types (spec §3) with Japanese names in sort order, own chamber only', async () => {
    const res = await call('GET', `${POSITION_TYPES}?page_size=100`, DEMO.staff);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, page_size: 100, total: 6 });
    expect(body.data.map((r: { master_code: string; name: string }) => [r.master_code, r.name])).toEqual([
      ['CCI_OFFICER', '役員'],
      ['CCI_SECTION', '部会'],
      ['CCI_BRANCH', '支部'],
      ['CCI_COMMITTEE', '委員会'],
      ['CCI_WOMEN_ASSOCIATION', '女性会'],
      ['CCI_YOUTH_DIVISION', '青年部'],
    ]);
    expect(body.data.every((r: { cci_code: string; master_type_code: string }) => r.cci_code === 'demo')).toBe(true);
    expect(body.data[0]).toMatchObject({ master_type_code: 'cci_position_type', sort_order: 1, version: 1 });
  });

  it('filters by master_code (full-width typed) and master_code__startswith', async () => {
    const exact = await call('GET', `${POSITION_TYPES}?master_code=${encodeURIComponent('ＣＣＩ＿ＢＲＡＮＣＨ')}`, DEMO.admin);
    expect(exact.json().data.map((r: { name: string }) => r.name)).toEqual(['支部']);
    const prefix = await call('GET', `${POSITION_TYPES}?master_code__startswith=CCI_C`, DEMO.admin);
    expect(prefix.json().data.map((r: { master_code: string }) => r.master_code)).toEqual(['CCI_COMMITTEE']);
  });

  it('pages, sorts and picks fields', async () => {
    const res = await call('GET', `${POSITION_TYPES}?sort=-master_code&page=2&page_size=2&fields=master_code,name`, DEMO.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 2, page_size: 2, total: 6 });
    expect(body.data).toEqual([
      { master_code: 'CCI_SECTION', name: '部会' },
      { master_code: 'CCI_OFFICER', name: '役員' },
    ]);
  });

  it('answers an empty list for a master type the chamber has no rows of', async () => {
    const res = await call('GET', '/v1/cci/demo/master/NO_SUCH_TYPE', DEMO.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: { page: 1, page_size: 10, total: 0 } });
  });

  it.each([
    ['an unknown parameter', `${POSITION_TYPES}?colour=x`, 'colour'],
    ['an unknown sort field', `${POSITION_TYPES}?sort=attributes`, 'sort'],
    ['an unknown field', `${POSITION_TYPES}?fields=id,secret`, 'fields'],
    ['page_size over 1000', `${POSITION_TYPES}?page_size=1001`, 'page_size'],
    ['a malformed master type', '/v1/cci/demo/master/bad-type!', 'master_type_code'],
    ['an over-long master_code', `${POSITION_TYPES}?master_code=${'x'.repeat(201)}`, 'master_code'],
  ])('answers 400 naming the parameter for %s', async (_what, url, field) => {
    const res = await call('GET', url, DEMO.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(fieldsNamed(res)).toContain(field);
  });

  it('refuses another chamber (403, path or query), company admins (403) and anonymous callers (401)', async () => {
    expect((await call('GET', '/v1/cci/other/master/cci_position_type', DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', `${POSITION_TYPES}?cci_code=other`, DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', POSITION_TYPES, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', POSITION_TYPES, null)).statusCode).toBe(401);
  });
});
