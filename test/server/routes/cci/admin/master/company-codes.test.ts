/**
 * issue 15 §4: 事業所コード are one code whatever their case and width — `w239329`, `W239329` and
 * `Ｗ２３９３２９` — for creating, updating and finding companies and their members
 * (docs/decisions/0012-code-folding.md: stored folded, NFKC and upper-case).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../../helpers/fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const COMPANIES = '/v1/cci/admin/master/companies';
const MEMBERS = '/v1/cci/admin/master/members';
const TAG = randomUUID().replace(/-/g, '').slice(0, 8); // lower-case hex
const CODE = `w${TAG}`;
const FOLDED = CODE.toUpperCase();
const fullWidth = (s: string) => String.fromCharCode(...[...s].map((c) => c.charCodeAt(0) + 0xfee0));
const companyIds: number[] = [];

const create = (code: string, name: string) =>
  call('POST', COMPANIES, DEMO.admin, { company_code: code, attributes: { name1: name } });
const codesOf = (res: { json(): { data: Array<{ company_code: string }> } }) => res.json().data.map((c) => c.company_code);

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
});
afterAll(async () => {
  await app.pool.query('delete from member where company_id = any($1::int[])', [companyIds]);
  await app.pool.query('delete from company where id = any($1::int[])', [companyIds]);
  await app.close();
});

describe('事業所コード without regard to case and width', () => {
  it('stores the code folded and refuses the same code in another case or width as a duplicate', async () => {
    const first = await create(CODE, '大文字小文字商事');
    expect(first.statusCode, first.body).toBe(201);
    companyIds.push(first.json().id);
    expect(first.json().company_code).toBe(FOLDED);

    for (const again of [FOLDED, fullWidth(FOLDED), fullWidth(CODE), ` ${CODE} `]) {
      const dup = await create(again, '別の会社');
      expect(dup.statusCode, again).toBe(409);
      expect(dup.json()).toMatchObject({
        code: 'duplicate_company_code',
        detail: 'この事業所コードは既に使われています。',
        errors: [{ field: 'body.company_code', code: 'unique' }],
      });
    }
  });

  it('refuses an update to another company’s code typed in lower case', async () => {
    const other = await create(`x${TAG}`, '更新される会社');
    expect(other.statusCode).toBe(201);
    companyIds.push(other.json().id);
    const update = (code: string) => ({ version: 1, company_code: code, attributes: { name1: '更新される会社' } });
    const res = await call('PUT', `${COMPANIES}/${other.json().id}`, DEMO.admin, update(CODE));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('duplicate_company_code');
    // its own code in lower case is no change of code
    const same = await call('PUT', `${COMPANIES}/${other.json().id}`, DEMO.admin, update(`x${TAG}`));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().company_code).toBe(`X${TAG.toUpperCase()}`);
  });

  it('finds the company by its code typed in any case or width (eq, startswith, in)', async () => {
    for (const query of [
      `company_code=${encodeURIComponent(CODE)}`,
      `company_code=${encodeURIComponent(fullWidth(CODE))}`,
      `company_code__startswith=${encodeURIComponent(CODE.slice(0, 6))}`,
      `company_code__in=${encodeURIComponent(`nothing,${CODE}`)}`,
    ]) {
      const res = await call('GET', `${COMPANIES}?${query}`, DEMO.staff);
      expect(res.statusCode, query).toBe(200);
      expect(codesOf(res), query).toEqual([FOLDED]);
    }
  });

  it('gives the company’s members its folded code, and finds them by it in any case', async () => {
    const member = await call('POST', MEMBERS, DEMO.admin, { company_id: companyIds[0], name: '大文字 太郎' });
    expect(member.statusCode, member.body).toBe(201);
    expect(member.json().company_code).toBe(FOLDED);
    const res = await call('GET', `${MEMBERS}?company_code=${encodeURIComponent(CODE)}`, DEMO.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { id: number }) => m.id)).toEqual([member.json().id]);
  });
});
