/**
 * Issue 18 item 6: the confirm-account screen marks what the chamber changed since the company last
 * confirmed; GET /v1/company/companies/{id}/chamber_changes reads it from the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../../helpers/fixtures.ts';
import { chamberChanges } from '../../../../server/repositories/company-chamber-changes.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
});
afterAll(() => app.close());

const update = async (id: number, attributes: Record<string, string>, by: 'chamber' | 'company') => {
  const current = (await app.companies.findById('demo', id))!;
  const name1 = attributes.name1 ?? current.attributes.name1;
  return app.companies.update('demo', id, `test-${by}`, { version: current.version, attributes: { ...attributes, name1 } }, by);
};

describe('what the chamber changed since the company confirmed', () => {
  it('lists the fields the chamber changed since the last confirmation, with before and after', async () => {
    const created = await app.companies.create('demo', 'test-chamber', {
      company_code: `CHG-${Date.now() % 100_000_000}`,
      attributes: { name1: '変更確認商事', address: '東京都千代田区1-1', phone: '03-1111-1111' },
    });
    // the company confirms (its own update), then the chamber changes the address twice and the phone once
    await update(created.id, { email: 'chg@example.jp' }, 'company');
    await update(created.id, { address: '東京都港区2-2' }, 'chamber');
    await update(created.id, { address: '東京都港区3-3', phone: '03-2222-2222' }, 'chamber');
    const changes = await chamberChanges(app.db, 'demo', created.id);
    expect(changes.first_registration).toBe(false);
    expect(changes.changed_at).not.toBeNull();
    expect(changes.fields).toEqual([
      { field: 'address', before: '東京都千代田区1-1', after: '東京都港区3-3' },
      { field: 'phone', before: '03-1111-1111', after: '03-2222-2222' },
    ]);
    // once the company confirms, nothing is marked
    await update(created.id, {}, 'company');
    expect((await chamberChanges(app.db, 'demo', created.id)).fields).toEqual([]);
  });

  it('is read by the company admin for its own company only', async () => {
    const own = await companyIdOf(app.pool, 'C0002');
    const res = await call('GET', `/v1/company/companies/${own}/chamber_changes`, DEMO.companyNew);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_registration: expect.any(Boolean), fields: expect.any(Array) });
    const neighbour = await companyIdOf(app.pool, 'C0001');
    expect((await call('GET', `/v1/company/companies/${neighbour}/chamber_changes`, DEMO.companyNew)).statusCode).toBe(404);
  });
});
