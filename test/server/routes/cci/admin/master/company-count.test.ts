/**
 * The companies list's total stays exact while companies are created and deleted at once (issue 16
 * "Past the floor"): the unfiltered list reads it from company_count (migration 0010, kept by
 * triggers), a filtered list still counts. Companies are created through the API and deleted with
 * SQL (no endpoint deletes one), on several connections at once, in waves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../../helpers/fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const BASE = '/v1/cci/admin/master/companies';
const PREFIX = 'CNT';

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
});
afterAll(async () => {
  await app.pool.query(`delete from company where cci_code = 'demo' and company_code like $1`, [`${PREFIX}%`]);
  await app.close();
});

const counted = async (where = '') =>
  Number(
    (await app.pool.query(`select count(*) as n from company where cci_code = 'demo' ${where}`, where ? [`${PREFIX}%`] : []))
      .rows[0].n,
  );
const listTotal = async (query = '') => {
  const res = await call('GET', `${BASE}${query}`, DEMO.staff);
  expect(res.statusCode).toBe(200);
  return res.json().meta.total as number;
};

describe('companies list total with creations and deletions at once', () => {
  it('equals count(*) after each wave, unfiltered and filtered, and company_count keeps it', async () => {
    let next = 0;
    const code = () => `${PREFIX}${String(next++).padStart(4, '0')}`;
    const alive: number[] = [];
    for (let wave = 0; wave < 4; wave++) {
      const doomed = alive.splice(0, 3);
      const bulkCodes = Array.from({ length: 25 }, code);
      const results = await Promise.all([
        ...Array.from({ length: 6 }, () =>
          call('POST', BASE, DEMO.admin, { company_code: code(), attributes: { name1: `件数テスト${wave}` } }),
        ),
        // one row per statement, on connections of their own
        ...doomed.map((id) => app.pool.query('delete from company where id = $1', [id])),
        // many rows in one statement, as an import does
        app.pool.query(
          `insert into company (cci_code, company_code, attributes, created_by, updated_by)
           select 'demo', c, jsonb_build_object('name1', '一括' || c), 'test', 'test' from unnest($1::text[]) as t(c)
           returning id`,
          [bulkCodes],
        ),
      ]);
      for (const r of results.slice(0, 6)) {
        const created = r as { statusCode: number; json: () => { id: number } };
        expect(created.statusCode).toBe(201);
        alive.push(created.json().id);
      }
      const bulk = results.at(-1) as { rows: Array<{ id: number }> };
      alive.push(...bulk.rows.map((r) => r.id));

      const all = await counted();
      expect(await listTotal()).toBe(all);
      expect(await listTotal('?page=3&page_size=5')).toBe(all);
      expect(await listTotal(`?company_code__startswith=${PREFIX}`)).toBe(await counted('and company_code like $1'));
      const { rows } = await app.pool.query(`select n from company_count where cci_code = 'demo'`);
      expect(rows[0]?.n).toBe(all);
    }
    // a bulk delete of several rows in one statement
    await app.pool.query(`delete from company where cci_code = 'demo' and company_code like $1`, [`${PREFIX}%`]);
    expect(await listTotal(`?company_code__startswith=${PREFIX}`)).toBe(0);
    expect(await listTotal()).toBe(await counted());
  });

  it('a keyword narrows the total while the unfiltered one stays the chamber count', async () => {
    const created = await call('POST', BASE, DEMO.admin, {
      company_code: `${PREFIX}K1`,
      attributes: { name1: '件数確認用珍名商会' },
    });
    expect(created.statusCode).toBe(201);
    expect(await listTotal(`?keyword=${encodeURIComponent('珍名商会')}`)).toBe(1);
    expect(await listTotal()).toBe(await counted());
  });
});
