import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, tokenOf } from '../../../helpers/fixtures.ts';
import { createConference, memberIdsOf } from '../../../helpers/attendance-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const BASE = '/v1/company/conference_members';

let ownCompany: number;
let assembly: number;
let party: number;
let draft: number;
let ownMembers: number[];

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  ownCompany = await companyIdOf(app.pool, 'C0001');
  ownMembers = await memberIdsOf(app.pool, 'C0001');
  const neighbour = await memberIdsOf(app.pool, 'C0002');
  assembly = await createConference(app.pool, { name: '一覧テスト総会' });
  party = await createConference(app.pool, { name: '一覧テスト懇親会', parentId: assembly });
  draft = await createConference(app.pool, { name: '一覧テスト準備中', status: 'draft' });
  const invite = async (conference_id: number, member_ids: number[]) => {
    const res = await call('POST', '/v1/cci/admin/master/conference_members', DEMO.staff, {
      mode: 'many',
      conference_id,
      member_ids,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  };
  // the neighbour first, so the company's own rows are not the first sorts
  await invite(assembly, [neighbour[0], ownMembers[1], ownMembers[0]]);
  await invite(party, [ownMembers[0], ownMembers[1]]);
  await invite(draft, [ownMembers[0]]);
});
afterAll(() => app.close());

describe('GET /v1/company/conference_members (own company only, spec §7)', () => {
  it("lists only the company's own invitees of a conference, in sort order", async () => {
    const res = await call('GET', `${BASE}?conference_id=${assembly}&expand=member`, DEMO.companyAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    expect(meta.total).toBe(2);
    expect(data.map((r: { member_id: number }) => r.member_id)).toEqual([ownMembers[1], ownMembers[0]]);
    expect(data.every((r: { company_id: number }) => r.company_id === ownCompany)).toBe(true);
    expect(data[1].member).toMatchObject({ name: '山田 太郎' });
  });

  it('parent_conference_id returns the rows of a conference and of its sub-conferences', async () => {
    const res = await call('GET', `${BASE}?parent_conference_id=${assembly}&sort=conference_id,sort`, DEMO.companyAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { conference_id: number }) => r.conference_id)).toEqual([assembly, assembly, party, party]);
  });

  it('hides draft conferences (invitations are visible once published, DESIGN.md §4)', async () => {
    const res = await call('GET', `${BASE}?conference_id=${draft}`, DEMO.companyAdmin);
    expect(res.json().meta.total).toBe(0);
  });

  it('another company admin sees its own row only', async () => {
    const res = await call('GET', `${BASE}?conference_id=${assembly}`, DEMO.companyNew);
    expect(res.json().data.map((r: { company_id: number }) => r.company_id)).toEqual([await companyIdOf(app.pool, 'C0002')]);
  });

  it.each([
    ['an unknown parameter', '?colour=red', 'colour'],
    ['a company filter (the company is implied)', '?company_id=1', 'company_id'],
    ['a non-numeric parent', '?parent_conference_id=abc', 'parent_conference_id'],
  ])('answers 400 naming the parameter for %s', async (_what, query, field) => {
    const res = await call('GET', `${BASE}${query}`, DEMO.companyAdmin);
    expect(res.statusCode).toBe(400);
    expect(fieldsNamed(res)).toContain(field);
  });

  it('answers 404 for another chamber, 403 for chamber users and 401 for anonymous callers', async () => {
    expect((await call('GET', `${BASE}?cci_code=${OTHER_CCI}`, DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('GET', BASE, DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', BASE, DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});
