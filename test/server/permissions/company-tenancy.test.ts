/**
 * Ids of another company (same chamber: the neighbour; or the demo chamber's C0001) in the bodies
 * and filters of every company-side route (DESIGN.md §6): a path or body naming one is a 404 that
 * writes nothing — the same answer as for an id that does not exist — and a list filter naming one
 * finds nothing. Each cell beside a control on the caller's own rows. Caller: the other chamber's
 * COMPANY_ADMIN (fixtures.ts), whose rows are this folder's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../helpers/app.ts';
import { OTHER_CCI, tokenOf } from '../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { EMAIL, storePdf, tenancyRows, type TenancyRows } from './fixtures.ts';
import { MISSING } from './table.ts';

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
let t: TenancyRows;
const as = (method: 'GET' | 'PUT' | 'POST', url: string, body?: object) => call(method, url, EMAIL.otherCompany, body);

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  t = await tenancyRows(env.app);
  await storePdf(env.storage, t.own.attachment);
  await storePdf(env.storage, t.neighbour.attachment);
});
afterAll(() => env.close());

const idsOf = (res: { json(): unknown }, field: string) =>
  (res.json() as { data: Array<Record<string, number>> }).data.map((r) => r[field]);
const snapshot = async (table: 'company' | 'conference_member', id: number) =>
  (await env.app.pool.query(`select * from ${table} where id = $1`, [id])).rows[0];

describe('GET /v1/company/companies?id=', () => {
  it("finds the caller's own company, nothing of another's", async () => {
    expect(idsOf(await as('GET', `/v1/company/companies?id=${t.own.company}`), 'id')).toEqual([t.own.company]);
    for (const id of [t.neighbour.company, t.demo.company, MISSING]) {
      const res = await as('GET', `/v1/company/companies?id=${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
    }
  });
});

describe('PUT /v1/company/companies/{id}', () => {
  it.each([
    ['a neighbour of its chamber', () => t.neighbour.company],
    ["the demo chamber's C0001", () => t.demo.company],
    ['one that does not exist', () => MISSING],
  ])('is a 404 for %s, with a valid body, writing nothing', async (_what, id) => {
    const before = await snapshot('company', id());
    const res = await as('PUT', `/v1/company/companies/${id()}`, {
      version: before?.version ?? 1,
      attributes: { name1: '乗っ取り商事' },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await snapshot('company', id())).toEqual(before);
  });
});

describe('GET /v1/company/conference_members', () => {
  it.each([
    ['conference_id of a neighbour’s conference', () => `conference_id=${t.neighbour.conference}`],
    ['conference_id of a demo conference', () => `conference_id=${t.demo.conference}`],
    ['parent_conference_id of a neighbour’s conference', () => `parent_conference_id=${t.neighbour.conference}`],
    ['member_id of a neighbour’s member', () => `member_id=${t.neighbour.member}`],
    ['member_id of a demo member', () => `member_id=${t.demo.member}`],
  ])('finds nothing for %s', async (_what, query) => {
    const res = await as('GET', `/v1/company/conference_members?${query()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(0);
  });

  it('lists only its own invitee of a mixed conference_id__in (the control)', async () => {
    const res = await as('GET', `/v1/company/conference_members?conference_id__in=${t.own.conference},${t.neighbour.conference}`);
    expect(idsOf(res, 'id')).toEqual([t.own.invitee]);
  });

  it('refuses company_id: not a filter of the company list (400, DESIGN.md §5)', async () => {
    expect((await as('GET', `/v1/company/conference_members?company_id=${t.neighbour.company}`)).statusCode).toBe(400);
  });
});

describe('GET /v1/company/conference_companies', () => {
  it.each([
    ['a neighbour’s conference', () => t.neighbour.conference],
    ['a demo conference', () => t.demo.conference],
  ])('finds nothing for conference_id of %s', async (_what, id) => {
    const res = await as('GET', `/v1/company/conference_companies?conference_id=${id()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(0);
  });

  it('lists only its own row of a mixed conference_id__in (the control)', async () => {
    const res = await as(
      'GET',
      `/v1/company/conference_companies?conference_id__in=${t.own.conference},${t.neighbour.conference}`,
    );
    expect(idsOf(res, 'conference_id')).toEqual([t.own.conference]);
  });

  it('refuses company_id (400)', async () => {
    expect((await as('GET', `/v1/company/conference_companies?company_id=${t.neighbour.company}`)).statusCode).toBe(400);
  });
});

describe('POST /v1/company/conference_members/answer', () => {
  it.each([
    ['a neighbour’s invitee', () => [t.neighbour.invitee]],
    ['a demo invitee', () => [t.demo.invitee]],
    ['its own invitee beside a neighbour’s', () => [t.own.invitee, t.neighbour.invitee]],
    ['an invitee that does not exist', () => [MISSING]],
  ])('is a 404 for %s, writing nothing', async (_what, ids) => {
    const before = await Promise.all(ids().map((id) => snapshot('conference_member', id)));
    const res = await as('POST', '/v1/company/conference_members/answer', {
      answers: ids().map((id) => ({ id, answer_content: 'absent' })),
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await Promise.all(ids().map((id) => snapshot('conference_member', id)))).toEqual(before);
  });
});

describe('GET /v1/company/{cci_code}/common/s3/get_object_url', () => {
  const url = (key: string) => `/v1/company/${OTHER_CCI}/common/s3/get_object_url?path=${encodeURIComponent(key)}`;

  it('gives its own conference’s attachment (the control)', async () => {
    expect((await as('GET', url(t.own.attachment))).statusCode).toBe(200);
  });

  it('is a 404 for the attachment of a conference the company is not invited to', async () => {
    const res = await as('GET', url(t.neighbour.attachment));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('/v1/storage/objects/');
  });
});
