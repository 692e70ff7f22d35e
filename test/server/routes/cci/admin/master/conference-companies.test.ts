import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { insertConference, inviteCompany } from '../../../company/conference-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let conferenceId: number;
let otherConferenceId: number;
const ids: Record<string, number> = {};
const BASE = '/v1/cci/admin/master/conference_companies';

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  const { companyId: otherCompanyId } = await ensureOtherChamber(app.pool);
  for (const code of ['C0001', 'C0002', 'C0003']) ids[code] = await companyIdOf(app.pool, code);
  conferenceId = await insertConference(app.pool, { name: '招待テスト', eventDate: '2031-11-01T10:00:00+09:00' });
  await inviteCompany(app.pool, conferenceId, ids.C0002, null);
  await inviteCompany(app.pool, conferenceId, ids.C0001, 'answered');
  await inviteCompany(app.pool, conferenceId, ids.C0003, 'partial');
  otherConferenceId = await insertConference(app.pool, { cciCode: OTHER_CCI, eventDate: '2031-11-01T10:00:00+09:00' });
  await inviteCompany(app.pool, otherConferenceId, otherCompanyId, null, OTHER_CCI);
});
afterAll(() => app.close());

const list = async (query: string, email: string = DEMO.staff) => {
  const res = await call('GET', `${BASE}?conference_id=${conferenceId}&${query}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /v1/cci/admin/master/conference_companies', () => {
  it("lists a conference's companies by company_code with their summaries; expand=company adds name and kana", async () => {
    const body = await list('expand=company');
    expect(body.meta.total).toBe(3);
    expect(body.data.map((r: { company_id: number }) => r.company_id)).toEqual([ids.C0001, ids.C0002, ids.C0003]);
    expect(body.data.map((r: { answer_content: string | null }) => r.answer_content)).toEqual(['answered', null, 'partial']);
    expect(body.data[0]).toMatchObject({
      conference_id: conferenceId,
      cci_code: 'demo',
      company: { company_code: 'C0001', name1: expect.any(String), name_kana: expect.any(String) },
    });
    expect((await list('')).data[0].company).toBeUndefined();
  });

  it('filters by answer_content (none = nobody answered yet) and company_id, sorts by kana, picks fields', async () => {
    expect((await list('answer_content=none')).data.map((r: { company_id: number }) => r.company_id)).toEqual([ids.C0002]);
    expect((await list('answer_content=partial')).data.map((r: { company_id: number }) => r.company_id)).toEqual([ids.C0003]);
    expect((await list(`company_id__in=${ids.C0001},${ids.C0003}`)).meta.total).toBe(2);
    const byKana = await list('sort=-name_kana&expand=company');
    const kana = byKana.data.map((r: { company: { name_kana: string } }) => r.company.name_kana);
    expect(kana).toEqual([...kana].sort((a, b) => b.localeCompare(a, 'ja')));
    const picked = await list('fields=company_id,answer_content');
    expect(Object.keys(picked.data[0]).sort()).toEqual(['answer_content', 'company_id']);
  });

  it("never shows another chamber's rows", async () => {
    const res = await call('GET', `${BASE}?conference_id=${otherConferenceId}`, DEMO.admin);
    expect(res.json().meta.total).toBe(0);
  });

  it.each([
    ['an unknown parameter', 'colour=red', 'colour'],
    ['an unknown summary', 'answer_content=attend', 'answer_content'],
    ['an unknown expand', 'expand=conference', 'expand'],
    ['an unknown sort field', 'sort=answer_content', 'sort'],
    ['a non-numeric conference_id', 'conference_id=x', 'conference_id'],
  ])('answers 400 naming the parameter for %s', async (_what, query, field) => {
    const res = await call('GET', `${BASE}?${query}`, DEMO.staff);
    expect(res.statusCode).toBe(400);
    expect(fieldsNamed(res)).toContain(field);
  });

  it('refuses naming another chamber (403), company admins (403) and anonymous callers (401)', async () => {
    expect((await call('GET', `${BASE}?cci_code=${OTHER_CCI}`, DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', BASE, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});
