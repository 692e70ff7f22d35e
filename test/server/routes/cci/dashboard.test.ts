/**
 * GET /v1/cci/{cci_code}/dashboard (issue 15 item 5): the staff home's 今後の会議 and 締切が近い未回答,
 * counted right, in the caller's chamber only. A chamber of its own ('dash') keeps the counts exact
 * whatever the other test files add to the demo chamber.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../helpers/fixtures.ts';
import { ensureLogin } from '../../../helpers/logins.ts';
import { createCompany, createConference, createMember, daysFromNow } from '../../../helpers/attendance-fixtures.ts';

const CCI = 'dash';
const ADMIN = 'dash-admin@example.com';
const STAFF = 'dash-staff@example.com';
const PATH = `/v1/cci/${CCI}/dashboard`;

interface Item {
  id: number;
  name: string;
  parent_name: string | null;
  invited: number;
  answered: number;
  answer_deadline: string | null;
}
interface Body {
  today: string;
  upcoming: { data: Item[]; total: number };
  deadline_soon: { days: number; data: Item[]; total: number };
}

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const ids: Record<string, number> = {};

/** Invites `members` of the chamber's company, the first `answered` of them answered 出席. */
async function invite(conferenceId: number, members: number[], companyId: number, answered: number) {
  for (const [i, memberId] of members.entries()) {
    await app.pool.query(
      `insert into conference_member (cci_code, conference_id, company_id, member_id, answer_content, sort)
       values ($1, $2, $3, $4, $5, $6)`,
      [CCI, conferenceId, companyId, memberId, i < answered ? 'attend' : null, i + 1],
    );
  }
}

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  await app.pool.query(`insert into chamber (cci_code, name) values ($1, 'ダッシュ商工会議所') on conflict do nothing`, [CCI]);
  await app.pool.query('delete from conference where cci_code = $1', [CCI]);
  await ensureLogin(app.pool, { email: ADMIN, cciCode: CCI, userType: 'CCI_ADMIN' });
  await ensureLogin(app.pool, { email: STAFF, cciCode: CCI, userType: 'CCI_CONFERENCE_USER' });
  await ensureOtherChamber(app.pool);

  const company = await createCompany(app.pool, 'D0001', 'ダッシュ商事', CCI);
  const members: number[] = [];
  for (const name of ['一郎', '二郎', '三郎', '四郎']) {
    members.push(await createMember(app.pool, { cciCode: CCI, companyId: company, name: `田中 ${name}`, kana: 'タナカ' }));
  }
  const at = (days: number) => daysFromNow(days);
  // 今後の会議: by event date; 未回答 near the deadline: by deadline
  ids.soonest = await createConference(app.pool, { cciCode: CCI, name: '三日後の部会', eventDate: at(5), answerDeadline: at(3) });
  await invite(ids.soonest, members, company, 1);
  ids.sub = await createConference(app.pool, {
    cciCode: CCI,
    name: '懇親会',
    eventDate: at(5.1),
    answerDeadline: at(1),
    parentId: ids.soonest,
  });
  await invite(ids.sub, members.slice(0, 2), company, 0);
  ids.allAnswered = await createConference(app.pool, {
    cciCode: CCI,
    name: '全員回答済',
    eventDate: at(6),
    answerDeadline: at(2),
  });
  await invite(ids.allAnswered, members.slice(0, 3), company, 3);
  ids.draft = await createConference(app.pool, {
    cciCode: CCI,
    name: '下書きの会議',
    status: 'draft',
    eventDate: at(8),
    answerDeadline: at(2),
  });
  await invite(ids.draft, members.slice(0, 1), company, 0);
  ids.later = await createConference(app.pool, { cciCode: CCI, name: '十日後締切', eventDate: at(12), answerDeadline: at(10) });
  await invite(ids.later, members, company, 2);
  ids.cancelled = await createConference(app.pool, { cciCode: CCI, name: '中止の会議', status: 'cancelled', eventDate: at(4) });
  ids.past = await createConference(app.pool, { cciCode: CCI, name: '昨日の会議', eventDate: at(-1), answerDeadline: at(-3) });
  ids.passedDeadline = await createConference(app.pool, {
    cciCode: CCI,
    name: '締切済',
    eventDate: at(9),
    answerDeadline: at(-0.5),
  });
  await invite(ids.passedDeadline, members, company, 0);
  for (let i = 0; i < 8; i += 1) {
    await createConference(app.pool, { cciCode: CCI, name: `来月の会議${i + 1}`, eventDate: at(30 + i), answerDeadline: null });
  }
  // another chamber's and the demo chamber's: never on this chamber's home
  ids.foreign = await createConference(app.pool, {
    cciCode: OTHER_CCI,
    name: 'よその会議',
    eventDate: at(2),
    answerDeadline: at(1),
  });
  ids.demo = await createConference(app.pool, { name: 'デモの会議', eventDate: at(2), answerDeadline: at(1) });
});

afterAll(async () => {
  await app.pool.query('delete from conference where id = any($1)', [[ids.foreign, ids.demo]]);
  await app.close();
});

describe('GET /v1/cci/{cci_code}/dashboard', () => {
  it('今後の会議: today on, not cancelled, soonest first, the first 10 with the total and answered / invited', async () => {
    const res = await call('GET', PATH, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const body: Body = res.json();
    expect(body.upcoming.total).toBe(14);
    expect(body.upcoming.data).toHaveLength(10);
    expect(body.upcoming.data.slice(0, 6).map((c) => c.name)).toEqual([
      '三日後の部会',
      '懇親会',
      '全員回答済',
      '下書きの会議',
      '締切済',
      '十日後締切',
    ]);
    expect(body.upcoming.data[0]).toMatchObject({ id: ids.soonest, invited: 4, answered: 1, parent_name: null });
    expect(body.upcoming.data[1]).toMatchObject({ id: ids.sub, invited: 2, answered: 0, parent_name: '三日後の部会' });
    expect(body.upcoming.data[2]).toMatchObject({ invited: 3, answered: 3 });
    expect(body.upcoming.data[6]).toMatchObject({ name: '来月の会議1', invited: 0, answered: 0, answer_deadline: null });
    const names = body.upcoming.data.map((c) => c.name);
    expect(names).not.toContain('中止の会議');
    expect(names).not.toContain('昨日の会議');
  });

  it('締切が近い未回答: open for answers, deadline within 7 days, some 未回答, most urgent first', async () => {
    const body: Body = (await call('GET', PATH, STAFF)).json();
    expect(body.deadline_soon.days).toBe(7);
    expect(body.deadline_soon.data.map((c) => [c.name, c.invited - c.answered])).toEqual([
      ['懇親会', 2],
      ['三日後の部会', 3],
    ]);
    expect(body.deadline_soon.total).toBe(2);
  });

  it("never shows another chamber's conferences", async () => {
    const body: Body = (await call('GET', PATH, ADMIN)).json();
    const all = [...body.upcoming.data, ...body.deadline_soon.data].map((c) => c.id);
    expect(all).not.toContain(ids.foreign);
    expect(all).not.toContain(ids.demo);
    const demo: Body = (await call('GET', '/v1/cci/demo/dashboard', DEMO.admin)).json();
    expect([...demo.upcoming.data, ...demo.deadline_soon.data].map((c) => c.id)).not.toContain(ids.soonest);
  });

  it("is refused for a company admin (403) and for another chamber's path (403)", async () => {
    expect((await call('GET', '/v1/cci/demo/dashboard', DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', '/v1/cci/demo/dashboard', ADMIN)).statusCode).toBe(403);
  });
});
