/**
 * issue 18 §7: テンプレートコード fold like 事業所コード (`wk11_temp` and `WK11_TEMP` are one code),
 * for creating, updating and finding templates and their master_data rows
 * (docs/decisions/0012-code-folding.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../helpers/fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const BASE = '/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE';
const TAG = randomUUID().replace(/-/g, '').slice(0, 8);
const CODE = `wk${TAG}_temp`;
const FOLDED = CODE.toUpperCase();
const fullWidth = (s: string) => String.fromCharCode(...[...s].map((c) => c.charCodeAt(0) + 0xfee0));
let id: number;

const create = (code: string) => call('POST', BASE, DEMO.admin, { conference_template_code: code, name: `雛形 ${code}` });

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
});
afterAll(() => app.close());

describe('テンプレートコード without regard to case and width', () => {
  it('stores the code folded (its master_data row too) and refuses it again in another case or width', async () => {
    const res = await create(CODE);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().conference_template_code).toBe(FOLDED);
    id = res.json().id;
    const { rows } = await app.pool.query(
      `select master_code from master_data where cci_code = 'demo' and master_type_code = 'CCI_CONFERENCE_TEMPLATE'
         and (attributes->>'conference_template_id')::int = $1`,
      [id],
    );
    expect(rows).toEqual([{ master_code: FOLDED }]);

    for (const again of [FOLDED, fullWidth(CODE), fullWidth(FOLDED)]) {
      const dup = await create(again);
      expect(dup.statusCode, again).toBe(409);
      expect(dup.json()).toMatchObject({
        code: 'duplicate_template_code',
        detail: 'このテンプレートコードは既に使われています。',
        errors: [{ field: 'body.conference_template_code' }],
      });
    }
  });

  it('refuses an update to another template’s code typed in lower case', async () => {
    const other = await create(`other${TAG}`);
    expect(other.statusCode).toBe(201);
    const res = await call('PUT', `${BASE}/${other.json().id}`, DEMO.admin, { version: 1, conference_template_code: CODE });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('duplicate_template_code');
  });

  it('finds the template by its code in any case or width (conference_template_code, master_code)', async () => {
    for (const query of [
      `conference_template_code=${encodeURIComponent(CODE)}`,
      `conference_template_code__startswith=${encodeURIComponent(fullWidth(CODE.slice(0, 6)))}`,
      `master_code=${encodeURIComponent(CODE)}`,
    ]) {
      const res = await call('GET', `${BASE}?${query}`, DEMO.staff);
      expect(res.statusCode, query).toBe(200);
      expect(
        res.json().data.map((t: { id: number }) => t.id),
        query,
      ).toEqual([id]);
    }
  });
});
