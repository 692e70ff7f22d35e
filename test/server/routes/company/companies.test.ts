import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, companyIdOf, ensureOtherChamber, tokenOf } from '../../../helpers/fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let ownId: number;
let neighbourId: number;
let otherChamberId: number;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  ownId = await companyIdOf(app.pool, 'C0002');
  neighbourId = await companyIdOf(app.pool, 'C0001');
  ({ companyId: otherChamberId } = await ensureOtherChamber(app.pool));
});
afterAll(async () => {
  // Other files rely on company-new's company needing confirmation (no e-mail, flag '1').
  await app.pool.query(
    `update company set attributes = attributes - 'email' || '{"admin_changed_info_flag": "1"}' where id = $1`,
    [ownId],
  );
  await app.close();
});

describe('GET/PUT /v1/company/companies/{id} (own company only, spec §7)', () => {
  it('reads the own company', async () => {
    const res = await call('GET', `/v1/company/companies/${ownId}`, DEMO.companyNew);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ownId, company_code: 'C0002', attributes: { admin_changed_info_flag: '1' } });
  });

  it('adding the e-mail (full-width typed) clears admin_changed_info_flag (spec §4)', async () => {
    const current = (await call('GET', `/v1/company/companies/${ownId}`, DEMO.companyNew)).json();
    const res = await call('PUT', `/v1/company/companies/${ownId}`, DEMO.companyNew, {
      version: current.version,
      attributes: { name1: current.attributes.name1, email: 'ＩＮＦＯ@Example.JP' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      version: current.version + 1,
      attributes: { email: 'info@example.jp', admin_changed_info_flag: '0' },
    });
    const stale = await call('PUT', `/v1/company/companies/${ownId}`, DEMO.companyNew, {
      version: current.version,
      attributes: { name1: 'x' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('a retried PUT whose first answer was lost succeeds once; a different body on the old version is a conflict (spec §9)', async () => {
    const current = (await call('GET', `/v1/company/companies/${ownId}`, DEMO.companyNew)).json();
    const body = { version: current.version, attributes: { name1: current.attributes.name1, phone: '０３－１２３４－９９９９' } };
    const first = await call('PUT', `/v1/company/companies/${ownId}`, DEMO.companyNew, body);
    expect(first.statusCode, first.body).toBe(200);
    // the client did not see `first` and sends the same request again
    const retry = await call('PUT', `/v1/company/companies/${ownId}`, DEMO.companyNew, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const { rows } = await app.pool.query(
      `select count(*)::int as n from audit_log where entity = 'company' and entity_id = $1 and after ->> 'version' = $2`,
      [String(ownId), String(current.version + 1)],
    );
    expect(rows[0].n).toBe(1);
    const other = await call('PUT', `/v1/company/companies/${ownId}`, DEMO.companyNew, {
      version: current.version,
      attributes: { name1: current.attributes.name1, phone: '03-1234-0000' },
    });
    expect(other.statusCode).toBe(409);
  });

  it('the profile stores フリガナ in カタカナ, 7 digits as 123-4567, 住所 half-width; refuses kanji フリガナ (issue 15 §4)', async () => {
    const current = (await call('GET', `/v1/company/companies/${ownId}`, DEMO.companyNew)).json();
    const { name1, name_kana, postal_code, address } = current.attributes;
    const put = (version: number, attributes: Record<string, unknown>) =>
      call('PUT', `/v1/company/companies/${ownId}`, DEMO.companyNew, { version, attributes: { name1, ...attributes } });
    const res = await put(current.version, {
      name_kana: 'かぶしきがいしゃ　さんぷる',
      postal_code: '１２３４５６７',
      address: '東京都千代田区丸の内１－２－３　Ｋビル５Ｆ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attributes).toMatchObject({
      name_kana: 'カブシキガイシャ サンプル',
      postal_code: '123-4567',
      address: '東京都千代田区丸の内1-2-3 Kビル5F',
    });
    const refused = await put(current.version + 1, { name_kana: '株式会社サンプル' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'body.attributes.name_kana', code: 'pattern', message: expect.stringMatching(/^フリガナはカタカナで/) },
    ]);
    // back as the seed has it (other files read this company)
    const restored = await put(current.version + 1, { name_kana, postal_code, address });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('refuses a company_code change (400): a company admin never edits its code', async () => {
    const res = await call('PUT', `/v1/company/companies/${ownId}`, DEMO.companyNew, {
      version: 1,
      company_code: 'Z9',
      attributes: { name1: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });

  it("answers 404 for another company of the chamber and for another chamber's company", async () => {
    for (const id of [neighbourId, otherChamberId]) {
      expect((await call('GET', `/v1/company/companies/${id}`, DEMO.companyNew)).statusCode).toBe(404);
      expect(
        (await call('PUT', `/v1/company/companies/${id}`, DEMO.companyNew, { version: 1, attributes: { name1: 'x' } }))
          .statusCode,
      ).toBe(404);
    }
  });

  it('refuses chamber users (403) and anonymous callers (401)', async () => {
    expect((await call('GET', `/v1/company/companies/${ownId}`, DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', `/v1/company/companies/${ownId}`, null)).statusCode).toBe(401);
  });
});
