import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import {
  createCompany,
  createConference,
  createMember,
  daysFromNow,
  jstDay,
  summaryOf,
  usernameOf,
} from '../../../../../helpers/attendance-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const BASE = '/v1/cci/admin/master/conference_members';

/** A company of this file's own, with people in a committee only this file uses. */
const DEPT = '出欠テスト委員会';
let companyId: number;
let otherCompanyId: number;
let conferenceId: number;
let eventDate: Date;
const people: Record<string, number> = {};
let otherChamberMember: number;
let otherChamberConference: number;
let otherChamberInvitee: number;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  const pool = app.pool;
  companyId = await createCompany(pool, 'CMT-01', '出欠テスト株式会社');
  otherCompanyId = await createCompany(pool, 'CMT-02', '出欠テスト第二株式会社');
  eventDate = daysFromNow(40);
  conferenceId = await createConference(pool, { name: '招待テスト会議', eventDate });
  const day = jstDay(eventDate);
  const dayBefore = jstDay(daysFromNow(39));
  const dayAfter = jstDay(daysFromNow(41));
  const committee = (rank: number, start: string | null, end: string | null) => [
    { type: 'CCI_COMMITTEE', department: DEPT, rank, start, end },
  ];
  people.current = await createMember(pool, {
    companyId,
    name: '現任 一郎',
    kana: 'ゲンニン イチロウ',
    positions: committee(2, '2020-01-01', null),
  });
  people.endsOnDay = await createMember(pool, {
    companyId,
    name: '当日 満了',
    kana: 'トウジツ マンリョウ',
    positions: committee(1, '2020-01-01', day),
  });
  people.ended = await createMember(pool, {
    companyId,
    name: '退任 次郎',
    kana: 'タイニン ジロウ',
    positions: committee(1, '2020-01-01', dayBefore),
  });
  people.future = await createMember(pool, {
    companyId,
    name: '新任 三郎',
    kana: 'シンニン サブロウ',
    positions: committee(1, dayAfter, null),
  });
  people.leftChamber = await createMember(pool, {
    companyId,
    name: '退会 四郎',
    kana: 'タイカイ シロウ',
    end: dayBefore,
    positions: committee(1, null, null),
  });
  people.otherDept = await createMember(pool, {
    companyId,
    name: '別部会 五郎',
    kana: 'ベツブカイ ゴロウ',
    positions: [{ type: 'CCI_COMMITTEE', department: '別の委員会', start: null, end: null }],
  });
  people.plain = await createMember(pool, { companyId: otherCompanyId, name: '役職なし 花子', kana: 'ヤクショクナシ ハナコ' });
  people.plain2 = await createMember(pool, { companyId: otherCompanyId, name: '役職なし 葵', kana: 'ヤクショクナシ アオイ' });

  const { companyId: foreignCompany } = await ensureOtherChamber(pool);
  otherChamberMember = await createMember(pool, {
    companyId: foreignCompany,
    cciCode: OTHER_CCI,
    name: '他所 太郎',
    kana: 'ヨソ タロウ',
  });
  otherChamberConference = await createConference(pool, { cciCode: OTHER_CCI, name: 'よその会議' });
  const { rows } = await pool.query<{ id: number }>(
    `insert into conference_member (cci_code, conference_id, company_id, member_id) values ($1, $2, $3, $4) returning id`,
    [OTHER_CCI, otherChamberConference, foreignCompany, otherChamberMember],
  );
  otherChamberInvitee = rows[0].id;
});
afterAll(() => app.close());

const ids = (rows: Array<{ member_id: number }>) => rows.map((r) => r.member_id);

describe('POST /v1/cci/admin/master/conference_members', () => {
  it('invites by rule: only members holding a matching position on the event date, in rank order', async () => {
    const res = await call('POST', BASE, DEMO.staff, {
      mode: 'rule',
      conference_id: conferenceId,
      rule: { department_names: [DEPT] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { created, skipped } = res.json();
    // rank 1 (position ending on the event date still counts) before rank 2
    expect(ids(created)).toEqual([people.endsOnDay, people.current]);
    expect(created.map((r: { sort: number }) => r.sort)).toEqual([1, 2]);
    expect(created[0]).toMatchObject({ category: 'principal', answer_content: null, company_id: companyId, version: 1 });
    expect(skipped).toEqual([]);
    expect(await summaryOf(app.pool, conferenceId, companyId)).toMatchObject({ answer_content: null });
  });

  it('repeating a rule skips those already invited and reports them', async () => {
    const res = await call('POST', BASE, DEMO.admin, {
      mode: 'rule',
      conference_id: conferenceId,
      rule: { position_types: ['CCI_COMMITTEE'], department_names: [DEPT, '別の委員会'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(ids(res.json().created)).toEqual([people.otherDept]);
    expect(res.json().created[0].sort).toBe(3);
    expect(res.json().skipped.sort()).toEqual([people.current, people.endsOnDay].sort());
  });

  it('invites one and many after the current last sort, creating the company row', async () => {
    const one = await call('POST', BASE, DEMO.staff, {
      mode: 'one',
      conference_id: conferenceId,
      member_id: people.plain,
      category: 'companion',
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().created[0]).toMatchObject({
      member_id: people.plain,
      sort: 4,
      category: 'companion',
      company_id: otherCompanyId,
    });
    expect(await summaryOf(app.pool, conferenceId, otherCompanyId)).toMatchObject({ answer_content: null });
    const many = await call('POST', BASE, DEMO.staff, {
      mode: 'many',
      conference_id: conferenceId,
      member_ids: [people.plain2, people.ended],
    });
    expect(many.statusCode, many.body).toBe(201);
    expect(many.json().created.map((r: { member_id: number; sort: number }) => [r.member_id, r.sort])).toEqual([
      [people.plain2, 5],
      [people.ended, 6],
    ]);
  });

  it('refuses duplicates with 409 already_invited naming the members, writing nothing', async () => {
    const res = await call('POST', BASE, DEMO.staff, {
      mode: 'many',
      conference_id: conferenceId,
      member_ids: [people.future, people.plain, people.current],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'already_invited', member_ids: [people.plain, people.current] });
    const list = (await call('GET', `${BASE}?conference_id=${conferenceId}&member_id=${people.future}`, DEMO.staff)).json();
    expect(list.meta.total).toBe(0);
  });

  it("answers 404 for another chamber's member or conference", async () => {
    const foreignMember = await call('POST', BASE, DEMO.admin, {
      mode: 'one',
      conference_id: conferenceId,
      member_id: otherChamberMember,
    });
    expect(foreignMember.statusCode).toBe(404);
    expect(foreignMember.json().member_ids).toEqual([otherChamberMember]);
    const foreignConference = await call('POST', BASE, DEMO.admin, {
      mode: 'one',
      conference_id: otherChamberConference,
      member_id: people.future,
    });
    expect(foreignConference.statusCode).toBe(404);
  });

  it.each([
    ['no mode', { conference_id: 1, member_id: 1 }],
    ['an unknown mode', { mode: 'all', conference_id: 1 }],
    ['an empty member list', { mode: 'many', conference_id: 1, member_ids: [] }],
    ['a repeated member', { mode: 'many', conference_id: 1, member_ids: [3, 3] }],
    ['an empty rule', { mode: 'rule', conference_id: 1, rule: {} }],
    ['an unknown position type', { mode: 'rule', conference_id: 1, rule: { position_types: ['CEO'] } }],
    ['an unknown category', { mode: 'one', conference_id: 1, member_id: 1, category: 'guest' }],
    ['an extra field', { mode: 'one', conference_id: 1, member_id: 1, note: 'x' }],
  ])('answers 400 for %s', async (_what, body) => {
    const res = await call('POST', BASE, DEMO.admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('refuses company admins (403) and anonymous callers (401)', async () => {
    const body = { mode: 'one', conference_id: conferenceId, member_id: people.future };
    expect((await call('POST', BASE, DEMO.companyAdmin, body)).statusCode).toBe(403);
    expect((await call('POST', BASE, null, body)).statusCode).toBe(401);
  });
});

describe('GET /v1/cci/admin/master/conference_members', () => {
  it('lists a conference in sort order, with member and company names on expand', async () => {
    const res = await call('GET', `${BASE}?conference_id=${conferenceId}&expand=member,company`, DEMO.staff);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toMatchObject({ page: 1, page_size: 10, total: 6 });
    expect(data.map((r: { sort: number }) => r.sort)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(data[0].member).toEqual({ name: '当日 満了', name_kana: 'トウジツ マンリョウ', title: null });
    expect(data[3].company).toEqual({ company_code: 'CMT-02', name1: '出欠テスト第二株式会社' });
  });

  it('filters by company, category, unanswered (answer_content=none) and keyword on the member', async () => {
    const q = async (query: string) => (await call('GET', `${BASE}?conference_id=${conferenceId}&${query}`, DEMO.admin)).json();
    expect((await q(`company_id=${otherCompanyId}`)).meta.total).toBe(2);
    expect(ids((await q('category=companion')).data)).toEqual([people.plain]);
    expect((await q('answer_content=none')).meta.total).toBe(6);
    expect((await q('answer_content=attend')).meta.total).toBe(0);
    // hiragana and half-width katakana find the katakana kana
    expect(ids((await q(`keyword=${encodeURIComponent('げんにん')}`)).data)).toEqual([people.current]);
    expect(ids((await q(`keyword=${encodeURIComponent('ﾔｸｼｮｸﾅｼ')}&sort=-sort`)).data)).toEqual([people.plain2, people.plain]);
  });

  it('picks fields and sorts', async () => {
    const res = await call('GET', `${BASE}?conference_id=${conferenceId}&fields=id,member_id&sort=-sort&page_size=2`, DEMO.staff);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['id', 'member_id']);
    expect(ids(res.json().data)).toEqual([people.ended, people.plain2]);
  });

  it('never shows another chamber', async () => {
    const res = await call('GET', `${BASE}?conference_id=${otherChamberConference}`, DEMO.admin);
    expect(res.json().meta.total).toBe(0);
    expect((await call('GET', `${BASE}?cci_code=${OTHER_CCI}`, DEMO.admin)).statusCode).toBe(403);
  });

  it.each([
    ['an unknown parameter', '?colour=red', 'colour'],
    ['an unknown answer filter', '?answer_content=maybe', 'answer_content'],
    ['an unknown expansion', '?expand=conference', 'expand'],
    ['an unknown sort field', '?sort=name', 'sort'],
  ])('answers 400 naming the parameter for %s', async (_what, query, field) => {
    const res = await call('GET', `${BASE}${query}`, DEMO.admin);
    expect(res.statusCode).toBe(400);
    expect(fieldsNamed(res)).toContain(field);
  });

  it('refuses company admins (403) and anonymous callers (401)', async () => {
    expect((await call('GET', BASE, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});

describe('PUT /v1/cci/admin/master/conference_members/{id}', () => {
  const rowOf = async (memberId: number) =>
    (await call('GET', `${BASE}?conference_id=${conferenceId}&member_id=${memberId}`, DEMO.staff)).json().data[0];

  it('answers on behalf of the company (answered_by = the staff user) and updates the summary', async () => {
    const staff = await usernameOf(app.pool, DEMO.staff);
    const row = await rowOf(people.plain);
    const res = await call('PUT', `${BASE}/${row.id}`, DEMO.staff, {
      version: row.version,
      answer_content: 'proxy_attend',
      proxy_name: '  代理 太郎 ',
      proxy_title: '部長',
      answer_channel: 'fax',
      sort: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      version: row.version + 1,
      answer_content: 'proxy_attend',
      proxy_name: '代理 太郎',
      sort: 1,
      answered_by: staff,
    });
    expect(await summaryOf(app.pool, conferenceId, otherCompanyId)).toEqual({ answer_content: 'partial', answered_by: staff });

    const second = await rowOf(people.plain2);
    const done = await call('PUT', `${BASE}/${second.id}`, DEMO.admin, {
      version: second.version,
      answer_content: 'absent',
      answer_channel: 'phone',
    });
    expect(done.statusCode).toBe(200);
    expect((await summaryOf(app.pool, conferenceId, otherCompanyId)).answer_content).toBe('answered');

    // another answer drops the substitute
    const changed = await call('PUT', `${BASE}/${row.id}`, DEMO.staff, {
      version: row.version + 1,
      answer_content: 'attend',
      answer_channel: 'fax',
    });
    expect(changed.json()).toMatchObject({ answer_content: 'attend', proxy_name: null, proxy_title: null });
  });

  it('answers a stale version with 409 and the current one', async () => {
    const row = await rowOf(people.current);
    expect(
      (await call('PUT', `${BASE}/${row.id}`, DEMO.staff, { version: row.version, category: 'substitute' })).statusCode,
    ).toBe(200);
    const stale = await call('PUT', `${BASE}/${row.id}`, DEMO.staff, { version: row.version, category: 'principal' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: row.version + 1 });
  });

  it('applies the answer rules: substitute name and title required (400), delegate only where allowed (422)', async () => {
    const row = await rowOf(people.current);
    const noName = await call('PUT', `${BASE}/${row.id}`, DEMO.staff, { version: row.version, answer_content: 'proxy_attend' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'proxy_name_required', errors: [{ field: 'body.proxy_name' }] });
    const noTitle = await call('PUT', `${BASE}/${row.id}`, DEMO.staff, {
      version: row.version,
      answer_content: 'proxy_attend',
      proxy_name: '代理 太郎',
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ code: 'proxy_title_required', errors: [{ field: 'body.proxy_title' }] });
    const delegate = await call('PUT', `${BASE}/${row.id}`, DEMO.staff, {
      version: row.version,
      answer_content: 'delegate',
      answer_channel: 'paper',
    });
    expect(delegate.statusCode).toBe(422);
    expect(delegate.json().code).toBe('delegate_not_allowed');
  });

  it('validates the body, hides other chambers (404), refuses company admins (403) and anonymous callers (401)', async () => {
    const row = await rowOf(people.current);
    const bad = await call('PUT', `${BASE}/${row.id}`, DEMO.staff, {
      version: row.version,
      answer_content: 'maybe',
      proxy_name: 'x'.repeat(101),
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.answer_content', 'body.proxy_name']));
    expect((await call('PUT', `${BASE}/${row.id}`, DEMO.staff, { category: 'principal' })).statusCode).toBe(400);
    expect((await call('PUT', `${BASE}/abc`, DEMO.staff, { version: 1 })).statusCode).toBe(400);
    expect((await call('PUT', `${BASE}/${otherChamberInvitee}`, DEMO.admin, { version: 1 })).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/${row.id}`, DEMO.companyAdmin, { version: row.version })).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/${row.id}`, null, { version: row.version })).statusCode).toBe(401);
  });
});

describe('DELETE /v1/cci/admin/master/conference_members/delete and /{id}', () => {
  const listIds = async () =>
    (await call('GET', `${BASE}?conference_id=${conferenceId}&page_size=100`, DEMO.staff))
      .json()
      .data.map((r: { id: number; member_id: number }) => r);

  it('bulk delete is all or nothing: one id of another chamber → 404 and nothing removed', async () => {
    const before = await listIds();
    const res = await call('DELETE', `${BASE}/delete`, DEMO.staff, { ids: [before[0].id, otherChamberInvitee] });
    expect(res.statusCode).toBe(404);
    expect(await listIds()).toHaveLength(before.length);
  });

  it('bulk delete removes the rows, their audit entries are written and the company summary follows', async () => {
    const rows = await listIds();
    const ofOther = rows.filter((r: { member_id: number }) => [people.plain, people.plain2].includes(r.member_id));
    const res = await call('DELETE', `${BASE}/delete`, DEMO.staff, { ids: ofOther.map((r: { id: number }) => r.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deleted.sort()).toEqual(ofOther.map((r: { id: number }) => r.id).sort());
    expect(await listIds()).toHaveLength(rows.length - 2);
    // the company's last invitees went: its conference company row goes too
    expect(await summaryOf(app.pool, conferenceId, otherCompanyId)).toBeUndefined();
    const { rows: audits } = await app.pool.query(
      "select count(*)::int as n from audit_log where entity = 'conference_member' and action = 'delete' and entity_id = any($1)",
      [ofOther.map((r: { id: number }) => String(r.id))],
    );
    expect(audits[0].n).toBe(2);
  });

  it('deletes one (204); a second time or another chamber is a 404', async () => {
    const [first] = await listIds();
    const res = await call('DELETE', `${BASE}/${first.id}`, DEMO.admin);
    expect(res.statusCode).toBe(204);
    expect((await call('DELETE', `${BASE}/${first.id}`, DEMO.admin)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${otherChamberInvitee}`, DEMO.admin)).statusCode).toBe(404);
  });

  it('validates the body and refuses company admins (403) and anonymous callers (401)', async () => {
    expect((await call('DELETE', `${BASE}/delete`, DEMO.staff, { ids: [] })).statusCode).toBe(400);
    expect((await call('DELETE', `${BASE}/delete`, DEMO.staff, { ids: ['x'] })).statusCode).toBe(400);
    expect((await call('DELETE', `${BASE}/delete`, DEMO.staff, {})).statusCode).toBe(400);
    expect((await call('DELETE', `${BASE}/delete`, DEMO.companyAdmin, { ids: [1] })).statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}/delete`, null, { ids: [1] })).statusCode).toBe(401);
    expect((await call('DELETE', `${BASE}/1`, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}/1`, null)).statusCode).toBe(401);
  });
});
