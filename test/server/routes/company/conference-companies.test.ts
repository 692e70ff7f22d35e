import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, tokenOf } from '../../../helpers/fixtures.ts';
import { daysFromNow, insertConference, inviteCompany } from './conference-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let own: number;
const c: Record<string, number> = {};
const BASE = '/v1/company/conference_companies';

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  own = await companyIdOf(app.pool, 'C0001');
  const neighbour = await companyIdOf(app.pool, 'C0002');
  c.open = await insertConference(app.pool, {
    name: '受付中',
    eventDate: '2033-01-10T10:00:00+09:00',
    answerDeadline: daysFromNow(30),
  });
  c.closed = await insertConference(app.pool, { name: '締切', eventDate: '2033-01-11T10:00:00+09:00', status: 'closed' });
  c.draft = await insertConference(app.pool, { name: '下書き', eventDate: '2033-01-12T10:00:00+09:00', status: 'draft' });
  c.neighbours = await insertConference(app.pool, { name: '他社', eventDate: '2033-01-13T10:00:00+09:00' });
  await inviteCompany(app.pool, c.open, own, 'partial');
  await inviteCompany(app.pool, c.closed, own, null);
  await inviteCompany(app.pool, c.draft, own, null);
  await inviteCompany(app.pool, c.open, neighbour, 'answered');
  await inviteCompany(app.pool, c.neighbours, neighbour, null);
});
afterAll(() => app.close());

describe('GET /v1/company/conference_companies (own rows only)', () => {
  it("lists the company's own rows with the answer status, never a draft's or another company's", async () => {
    const ids = [c.open, c.closed, c.draft, c.neighbours].join(',');
    const res = await call('GET', `${BASE}?conference_id__in=${ids}`, DEMO.companyAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta.total).toBe(2);
    expect(
      body.data.map((r: { conference_id: number; company_id: number; answer_content: string | null; answer_status: string }) => [
        r.conference_id,
        r.company_id,
        r.answer_content,
        r.answer_status,
      ]),
    ).toEqual([
      [c.open, own, 'partial', 'partial'],
      [c.closed, own, null, 'closed'],
    ]);
  });

  it('filters by conference_id and picks fields', async () => {
    const res = await call('GET', `${BASE}?conference_id=${c.neighbours}`, DEMO.companyAdmin);
    expect(res.json().meta.total).toBe(0);
    const picked = await call('GET', `${BASE}?conference_id=${c.open}&fields=conference_id,answer_status`, DEMO.companyNew);
    expect(picked.json().data).toEqual([{ conference_id: c.open, answer_status: 'answered' }]);
  });

  it.each([
    ['an unknown parameter', 'company_id=1', 'company_id'],
    ['a non-numeric conference_id', 'conference_id=x', 'conference_id'],
    ['an unknown sort field', 'sort=name', 'sort'],
  ])('answers 400 naming the parameter for %s', async (_what, query, field) => {
    const res = await call('GET', `${BASE}?${query}`, DEMO.companyAdmin);
    expect(res.statusCode).toBe(400);
    expect(fieldsNamed(res)).toContain(field);
  });

  it('refuses chamber users (403), another chamber named in cci_code (404) and anonymous callers (401)', async () => {
    expect((await call('GET', BASE, DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}?cci_code=${OTHER_CCI}`, DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});
