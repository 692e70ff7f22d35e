import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, ensureOtherChamber, tokenOf } from '../../../helpers/fixtures.ts';
import { jstDayOf, jstDayStart } from '../../../../server/lib/conference-dates.ts';
import { daysFromNow, insertConference, inviteCompany, inviteMember } from './conference-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const BASE = '/v1/company/conferences';
const DECEMBER = 'event_date__gte=2031-12-01&event_date__lte=2031-12-31';
const c: Record<string, number> = {};
const m: Record<string, number> = {};
const ATTACHMENTS = [{ key: 'demo/agenda.pdf', name: '議案書.pdf', size: 2048 }];

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  await ensureOtherChamber(app.pool);
  const own = await companyIdOf(app.pool, 'C0001');
  const neighbour = await companyIdOf(app.pool, 'C0002');
  const future = daysFromNow(30);
  const at = (day: number, hh = 14) => `2031-12-${String(day).padStart(2, '0')}T${hh}:00:00+09:00`;

  // A: invited to the parent (nobody answered) and to a sub-conference (answered) → partial
  c.A = await insertConference(app.pool, { name: '総会', eventDate: at(10), answerDeadline: future, attachments: ATTACHMENTS });
  c.A1 = await insertConference(app.pool, { name: '懇親会', eventDate: at(10, 17), answerDeadline: future, parentId: c.A });
  c.A2 = await insertConference(app.pool, { name: '下書きの子', eventDate: at(10, 18), parentId: c.A, status: 'draft' });
  c.A3 = await insertConference(app.pool, { name: '中止の子', eventDate: at(10, 19), parentId: c.A, status: 'cancelled' });
  await inviteCompany(app.pool, c.A, own, null);
  await inviteCompany(app.pool, c.A1, own, 'answered');
  await inviteCompany(app.pool, c.A2, own, null);
  await inviteCompany(app.pool, c.A3, own, null);
  await inviteCompany(app.pool, c.A, neighbour, null);
  // B: a draft, with a published sub-conference
  c.B = await insertConference(app.pool, { name: '下書き', eventDate: at(11), status: 'draft' });
  c.B1 = await insertConference(app.pool, { name: '下書きの親を持つ子', eventDate: at(11, 17), parentId: c.B });
  await inviteCompany(app.pool, c.B, own, null);
  await inviteCompany(app.pool, c.B1, own, null);
  // C: the neighbour only
  c.C = await insertConference(app.pool, { name: '他社のみ', eventDate: at(11) });
  await inviteCompany(app.pool, c.C, neighbour, null);
  // E: deadline passed → closed even though answered
  c.E = await insertConference(app.pool, { name: '締切済', eventDate: at(12), answerDeadline: daysFromNow(-1) });
  await inviteCompany(app.pool, c.E, own, 'answered');
  // F: invited through its sub-conference only
  c.F = await insertConference(app.pool, { name: '子だけ招待', eventDate: at(14) });
  c.F1 = await insertConference(app.pool, { name: '分科会', eventDate: at(14, 16), parentId: c.F });
  await inviteCompany(app.pool, c.F1, own, null);
  // G: everything answered
  c.G = await insertConference(app.pool, { name: '回答済', eventDate: at(16), answerDeadline: null });
  await inviteCompany(app.pool, c.G, own, 'answered');
  // another chamber's conference
  c.X = await insertConference(app.pool, { cciCode: OTHER_CCI, eventDate: at(10) });

  const members = await app.pool.query<{ id: number; name: string }>(
    `select id, name from member where cci_code = 'demo' and company_code in ('C0001', 'C0002') order by id`,
  );
  for (const row of members.rows) m[row.name] = row.id;
  await inviteMember(app.pool, c.A, m['山田 花子'], 2);
  await inviteMember(app.pool, c.A, m['山田 太郎'], 1);
  await inviteMember(app.pool, c.A1, m['山田 太郎'], 1, 'attend');
  await inviteMember(app.pool, c.A2, m['山田 花子'], 1);
  await inviteMember(app.pool, c.A, m['桜井 美咲'], 3);
});
afterAll(() => app.close());

const list = async (query: string, email: string = DEMO.companyAdmin) => {
  const res = await call('GET', `${BASE}?page_size=100&${query}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const idsOf = (body: { data: Array<{ id: number }> }) => body.data.map((x) => x.id);

describe('GET /v1/company/conferences', () => {
  it('lists the top-level conferences the company is invited to (directly or through a sub-conference), never drafts, by event date', async () => {
    const body = await list(DECEMBER);
    expect(idsOf(body)).toEqual([c.A, c.E, c.F, c.G]);
    expect(body.meta.total).toBe(4);
    expect(idsOf(await list(DECEMBER, DEMO.companyNew))).toEqual([c.A, c.C]);
  });

  it('gives each its answer status and the company summary over the conference and its counted sub-conferences', async () => {
    const body = await list(DECEMBER);
    const statuses = Object.fromEntries(
      body.data.map((x: { id: number; answer_status: string; answer_content: string | null }) => [
        x.id,
        [x.answer_status, x.answer_content],
      ]),
    );
    expect(statuses).toEqual({
      [c.A]: ['partial', 'partial'],
      [c.E]: ['closed', 'answered'],
      [c.F]: ['unanswered', null],
      [c.G]: ['answered', 'answered'],
    });
    for (const status of ['partial', 'closed', 'unanswered', 'answered']) {
      const filtered = await list(`${DECEMBER}&answer_status=${status}`);
      expect(
        filtered.data.map((x: { answer_status: string }) => x.answer_status),
        status,
      ).toEqual([status]);
    }
  });

  it('nests the invited, non-draft sub-conferences with expand=sub_conferences; attachments only with expand=attachments', async () => {
    const plain = await list(DECEMBER);
    expect(plain.data[0].sub_conferences).toBeUndefined();
    expect(plain.data[0].attachments).toBeUndefined();
    const body = await list(`${DECEMBER}&expand=sub_conferences,attachments&sort=-event_date`);
    expect(idsOf(body)).toEqual([c.G, c.F, c.E, c.A]);
    const a = body.data[3];
    expect(a.attachments).toEqual(ATTACHMENTS);
    expect(a.sub_conferences.map((s: { id: number; answer_status: string }) => [s.id, s.answer_status])).toEqual([
      [c.A1, 'answered'],
      [c.A3, 'closed'],
    ]);
    expect(body.data[1].sub_conferences.map((s: { id: number }) => s.id)).toEqual([c.F1]);
    expect(body.data[0].sub_conferences).toEqual([]);
  });

  // issue 37: without a filter the list runs a statement kept per sort order and hidden_happened
  it('lists without a filter what an all-embracing filter lists, for each company in turn, each sort and page', async () => {
    for (const query of ['', 'sort=-event_date', 'hidden_happened=false', 'hidden_happened=false&sort=-event_date&page=2']) {
      for (const email of [DEMO.companyAdmin, DEMO.companyNew, DEMO.companyAdmin]) {
        const plain = await list(query, email);
        const filtered = await list(`${query}&event_date__gte=2000-01-01`, email);
        expect(plain, `${query} ${email}`).toEqual(filtered);
        expect(plain.meta.total, `${query} ${email}`).toBeGreaterThan(0);
      }
    }
    expect(idsOf(await list('', DEMO.companyNew))).toContain(c.C);
    expect(idsOf(await list('', DEMO.companyAdmin))).not.toContain(c.C);
  });

  it('hides conferences that already happened (held, or an earlier day) unless hidden_happened=false; today stays listed', async () => {
    const own = await companyIdOf(app.pool, 'C0001');
    const today = jstDayOf(new Date());
    const yesterday = jstDayOf(daysFromNow(-1));
    const held = await insertConference(app.pool, { name: '開催済', eventDate: daysFromNow(2), status: 'held' });
    const past = await insertConference(app.pool, { name: '昨日', eventDate: `${yesterday}T23:59:00+09:00` });
    const earlyToday = await insertConference(app.pool, {
      name: '今朝',
      eventDate: new Date(jstDayStart(today).getTime() + 1000),
    });
    for (const id of [held, past, earlyToday]) await inviteCompany(app.pool, id, own, null);
    const range = `event_date__gte=${yesterday}&event_date__lte=${jstDayOf(daysFromNow(2))}`;
    const shown = idsOf(await list(range));
    expect(shown).toContain(earlyToday);
    expect(shown).not.toContain(held);
    expect(shown).not.toContain(past);
    const all = idsOf(await list(`${range}&hidden_happened=false`));
    expect(all).toEqual(expect.arrayContaining([held, past, earlyToday]));
  });

  it.each([
    ['an unknown parameter', 'colour=red', 'colour'],
    ['an unknown answer status', 'answer_status=done', 'answer_status'],
    ['an expand the list does not offer', 'expand=members', 'expand'],
    ['a sort other than event_date', 'sort=name', 'sort'],
    ['a non-boolean hidden_happened', 'hidden_happened=maybe', 'hidden_happened'],
  ])('answers 400 naming the parameter for %s', async (_what, query, field) => {
    const res = await call('GET', `${BASE}?${query}`, DEMO.companyAdmin);
    expect(res.statusCode).toBe(400);
    expect(fieldsNamed(res)).toContain(field);
  });

  it('refuses chamber users (403), another chamber named in cci_code (404) and anonymous callers (401)', async () => {
    expect((await call('GET', BASE, DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', BASE, DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}?cci_code=${OTHER_CCI}`, DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});

describe('GET /v1/company/conferences/{id}', () => {
  it('shows an invited conference with its sub-conferences, the company’s invitees in order and the attachments', async () => {
    const res = await call('GET', `${BASE}/${c.A}?expand=sub_conferences,members,attachments`, DEMO.companyAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: c.A,
      name: '総会',
      answer_status: 'partial',
      answer_content: 'partial',
      attachments: ATTACHMENTS,
    });
    expect(body.sub_conferences.map((s: { id: number }) => s.id)).toEqual([c.A1, c.A3]);
    expect(body.members.map((x: { conference_id: number; member_id: number }) => [x.conference_id, x.member_id])).toEqual([
      [c.A, m['山田 太郎']],
      [c.A, m['山田 花子']],
      [c.A1, m['山田 太郎']],
    ]);
    expect(body.members[2]).toMatchObject({ answer_content: 'attend', category: 'principal', member: { name: '山田 太郎' } });
  });

  it('shows a sub-conference the company is invited to with its own status; nothing is expanded unless asked', async () => {
    const body = (await call('GET', `${BASE}/${c.A1}`, DEMO.companyAdmin)).json();
    expect(body).toMatchObject({ id: c.A1, parent_id: c.A, answer_status: 'answered' });
    expect(body.members).toBeUndefined();
    expect(body.sub_conferences).toBeUndefined();
    expect(body.attachments).toBeUndefined();
  });

  it('answers 404 for a draft, a sub-conference of a draft, a conference the company is not invited to and another chamber’s', async () => {
    for (const [what, id] of [
      ['draft', c.B],
      ['draft sub-conference', c.A2],
      ['sub-conference of a draft', c.B1],
      ['not invited', c.C],
      ['other chamber', c.X],
      ['unknown', 2_000_000_000],
    ] as const) {
      expect((await call('GET', `${BASE}/${id}`, DEMO.companyAdmin)).statusCode, what).toBe(404);
    }
    expect((await call('GET', `${BASE}/${c.F1}`, DEMO.companyNew)).statusCode).toBe(404);
  });

  it('validates expand and the id (400), refuses chamber users (403) and anonymous callers (401)', async () => {
    expect((await call('GET', `${BASE}/${c.A}?expand=company`, DEMO.companyAdmin)).statusCode).toBe(400);
    expect((await call('GET', `${BASE}/0`, DEMO.companyAdmin)).statusCode).toBe(400);
    expect((await call('GET', `${BASE}/${c.A}`, DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${c.A}`, null)).statusCode).toBe(401);
  });
});
