import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, ensureOtherChamber, tokenOf } from '../../../helpers/fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const POSITION_TYPES = '/v1/company/demo/master/cci_position_type';

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  await ensureOtherChamber(app.pool);
});
afterAll(() => app.close());

describe('GET /v1/company/{cci_code}/master/{master_type_code} (spec §7)', () => {
  it("lists the own chamber's position types for a company admin", async () => {
    const res = await call('GET', `${POSITION_TYPES}?sort=sort_order&fields=master_code,name`, DEMO.companyNew);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(6);
    expect(res.json().data[0]).toEqual({ master_code: 'CCI_OFFICER', name: '役員' });
  });

  it('filters by master_code__startswith', async () => {
    const res = await call('GET', `${POSITION_TYPES}?master_code__startswith=CCI_Y`, DEMO.companyAdmin);
    expect(res.json().data.map((r: { name: string }) => r.name)).toEqual(['青年部']);
  });

  it("hides the chamber's conference templates (404): not a company resource", async () => {
    const res = await call('GET', '/v1/company/demo/master/CCI_CONFERENCE_TEMPLATE', DEMO.companyAdmin);
    expect(res.statusCode).toBe(404);
  });

  it('answers 400 for an unknown parameter', async () => {
    const res = await call('GET', `${POSITION_TYPES}?colour=red`, DEMO.companyAdmin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toContain('colour');
  });

  it('answers 404 for another chamber, 403 for chamber users and 401 without a token', async () => {
    expect((await call('GET', '/v1/company/other/master/cci_position_type', DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('GET', `${POSITION_TYPES}?cci_code=other`, DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('GET', POSITION_TYPES, DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', POSITION_TYPES, DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', POSITION_TYPES, null)).statusCode).toBe(401);
  });
});
