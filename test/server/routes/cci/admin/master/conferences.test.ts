import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { ensureCompany, insertConference, insertMember, inviteMember } from '../../../company/conference-fixtures.ts';
import { recordUpload } from '../../../../../helpers/uploads.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let templateId: number;
let otherChamberConferenceId: number;
const BASE = '/v1/cci/admin/master/conferences';

/** A template of our own (the demo one may be edited by the template tests). */
const TEMPLATE_BODY = {
  place: '会館 大ホール',
  start_time: '14:00',
  end_time: '16:00',
  answer_deadline_days_before: 7,
  description: '総会のご案内',
  allow_delegate: true,
  sub_conferences: [{ name: '懇親会', place: 'ホテル 鳳凰の間', start_offset_minutes: 150, duration_minutes: 120 }],
};

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  await ensureOtherChamber(app.pool);
  await recordUpload(app.pool, 'demo/attachments/0b1f6c1e-agenda/agenda.pdf');
  const { rows } = await app.pool.query<{ id: number }>(
    `insert into conference_template (cci_code, conference_template_code, name, default_body)
     values ('demo', 'CONF_TEST_ASSEMBLY', 'テスト総会', $1)
     on conflict (cci_code, conference_template_code) do update set default_body = excluded.default_body returning id`,
    [TEMPLATE_BODY],
  );
  templateId = rows[0].id;
  otherChamberConferenceId = await insertConference(app.pool, { cciCode: OTHER_CCI, eventDate: '2031-05-01T10:00:00+09:00' });
});
afterAll(() => app.close());

const create = async (body: object, email: string = DEMO.staff) => {
  const res = await call('POST', BASE, email, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('POST /v1/cci/admin/master/conferences', () => {
  it('creates a draft with the given fields, then reads it back with its (no) sub-conferences', async () => {
    const created = await create({
      name: '理事会',
      event_date: '2031-04-10T15:00:00+09:00',
      end_at: '2031-04-10T17:00:00+09:00',
      answer_deadline: '2031-04-03T17:00:00+09:00',
      place: '第1会議室',
      attachments: [{ key: 'demo/attachments/0b1f6c1e-agenda/agenda.pdf', name: '議案書.pdf', size: 12345 }],
    });
    expect(created).toMatchObject({
      cci_code: 'demo',
      name: '理事会',
      status: 'draft',
      event_date: '2031-04-10T06:00:00.000Z',
      answer_deadline: '2031-04-03T08:00:00.000Z',
      allow_delegate: false,
      parent_id: null,
      template_id: null,
      version: 1,
      attachments: [{ key: 'demo/attachments/0b1f6c1e-agenda/agenda.pdf', name: '議案書.pdf', size: 12345 }],
      sub_conferences: [],
      reminder_days: [3, 1],
      warnings: [],
    });
    const { warnings: _warnings, ...detail } = created;
    const read = await call('GET', `${BASE}/${created.id}`, DEMO.admin);
    expect(read.json()).toEqual(detail);
    const { rows } = await app.pool.query(`select actor from audit_log where entity = 'conference' and entity_id = $1`, [
      String(created.id),
    ]);
    expect(rows).toHaveLength(1);
  });

  it('fills absent fields from a template (times on the event day, deadline N days before) and creates its sub-conferences', async () => {
    const created = await create({ template_id: templateId, event_date: '2031-05-20', status: 'published' });
    expect(created).toMatchObject({
      name: 'テスト総会',
      template_id: templateId,
      status: 'published',
      event_date: '2031-05-20T05:00:00.000Z', // 14:00 JST
      end_at: '2031-05-20T07:00:00.000Z', // 16:00 JST
      answer_deadline: '2031-05-13T14:59:59.000Z', // end of 2031-05-13 JST
      place: '会館 大ホール',
      description: '総会のご案内',
      allow_delegate: true,
    });
    expect(created.sub_conferences).toHaveLength(1);
    expect(created.sub_conferences[0]).toMatchObject({
      name: '懇親会',
      parent_id: created.id,
      template_id: templateId,
      status: 'published',
      event_date: '2031-05-20T07:30:00.000Z', // 16:30 JST
      end_at: '2031-05-20T09:30:00.000Z',
      place: 'ホテル 鳳凰の間',
      answer_deadline: created.answer_deadline,
      allow_delegate: false,
    });
    expect((await call('GET', `${BASE}/${created.id}`, DEMO.staff)).json().sub_conferences).toEqual(created.sub_conferences);
  });

  it('lets explicit fields and sub_conferences win over the template', async () => {
    const created = await create({
      template_id: templateId,
      name: '第80回 総会',
      event_date: '2031-06-01T10:00:00+09:00',
      place: '別会場',
      allow_delegate: false,
      sub_conferences: [
        { name: '見学会', event_date: '2031-06-01T13:00:00+09:00' },
        { name: '講演会', event_date: '2031-06-01T11:00:00+09:00', answer_deadline: '2031-05-30T12:00:00+09:00' },
      ],
    });
    expect(created).toMatchObject({
      name: '第80回 総会',
      place: '別会場',
      allow_delegate: false,
      end_at: null,
      answer_deadline: '2031-05-25T14:59:59.000Z',
    });
    expect(created.sub_conferences.map((s: { name: string }) => s.name)).toEqual(['講演会', '見学会']);
    expect(created.sub_conferences[0].answer_deadline).toBe('2031-05-30T03:00:00.000Z');
    expect(created.sub_conferences[1].answer_deadline).toBe(created.answer_deadline);
  });

  it('creates a sub-conference under a parent of the chamber, and refuses bad parents and templates (400)', async () => {
    const parent = await create({ name: '親会議', event_date: '2031-07-01T10:00:00+09:00' });
    const sub = await create({ name: '子会議', event_date: '2031-07-01T12:00:00+09:00', parent_id: parent.id });
    expect(sub.parent_id).toBe(parent.id);
    expect(
      (await call('GET', `${BASE}/${parent.id}`, DEMO.staff)).json().sub_conferences.map((s: { id: number }) => s.id),
    ).toEqual([sub.id]);
    const cases: Array<[object, string]> = [
      [{ parent_id: sub.id }, 'parent_is_sub_conference'],
      [{ parent_id: otherChamberConferenceId }, 'parent_not_found'],
      [
        { parent_id: parent.id, sub_conferences: [{ name: '孫', event_date: '2031-07-01T13:00:00+09:00' }] },
        'nested_sub_conferences',
      ],
      [{ template_id: 2_000_000_000 }, 'template_not_found'],
    ];
    for (const [extra, code] of cases) {
      const res = await call('POST', BASE, DEMO.staff, { name: 'x', event_date: '2031-07-01T14:00:00+09:00', ...extra });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().code).toBe(code);
    }
  });

  it('refuses an answer deadline after the event and an end before it, naming the field (400)', async () => {
    const res = await call('POST', BASE, DEMO.staff, {
      name: '期限が逆',
      event_date: '2031-04-10T15:00:00+09:00',
      answer_deadline: '2031-04-11T17:00:00+09:00',
      sub_conferences: [{ name: '子', event_date: '2031-04-10T18:00:00+09:00', end_at: '2031-04-10T17:00:00+09:00' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_conference_times');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'body.answer_deadline',
      'body.sub_conferences.0.answer_deadline',
      'body.sub_conferences.0.end_at',
    ]);
  });

  it('validates the body: types, lengths, enums, unknown fields, a missing name (400)', async () => {
    const res = await call('POST', BASE, DEMO.staff, {
      name: 'x'.repeat(201),
      event_date: '2031-13-45',
      status: 'held',
      attachments: [{ key: 'k', name: 'n', size: -1 }],
      colour: 'red',
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .join(' ');
    for (const f of ['body.name', 'body.event_date', 'body.status', 'body.attachments.0.size', 'body.colour'])
      expect(fields).toContain(f);
    // what PostgreSQL cannot store is refused as input, never a 500
    for (const body of [
      { name: 'x\u0000y', event_date: '2031-04-10' },
      { name: 'x', event_date: '0000-01-01' },
      { name: 'x', event_date: '2031-04-10', answer_deadline: '0000-01-01T00:00:00Z' },
    ]) {
      expect((await call('POST', BASE, DEMO.staff, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const noName = await call('POST', BASE, DEMO.staff, { event_date: '2031-04-10' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors[0].field).toBe('body.name');
  });

  it('refuses company admins (403) and anonymous callers (401)', async () => {
    const body = { name: 'x', event_date: '2031-04-10T15:00:00+09:00' };
    expect((await call('POST', BASE, DEMO.companyAdmin, body)).statusCode).toBe(403);
    expect((await call('POST', BASE, null, body)).statusCode).toBe(401);
  });
});

describe('PUT /v1/cci/admin/master/conferences/{id}', () => {
  it('updates the given fields with the current version and answers a stale one with 409 and the current version', async () => {
    const created = await create({ name: '更新前', event_date: '2031-08-01T10:00:00+09:00', place: '会場A' });
    const ok = await call('PUT', `${BASE}/${created.id}`, DEMO.staff, { version: 1, name: '更新後' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: '更新後', place: '会場A', version: 2, sub_conferences: [] });
    const stale = await call('PUT', `${BASE}/${created.id}`, DEMO.admin, { version: 1, name: '古い版' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 2 });
  });

  it('gives one 200 and one 409 to two concurrent PUTs of the same version', async () => {
    const created = await create({ name: '同時更新', event_date: '2031-08-02T10:00:00+09:00' });
    const statuses = await Promise.all(
      ['A', 'B'].map(async (n) => (await call('PUT', `${BASE}/${created.id}`, DEMO.staff, { version: 1, name: n })).statusCode),
    );
    expect(statuses.sort()).toEqual([200, 409]);
  });

  it('walks the status flow, cascading a parent change to its sub-conferences, and refuses other changes (422)', async () => {
    const created = await create({ template_id: templateId, event_date: '2031-09-01' });
    const put = (id: number, version: number, status: string) => call('PUT', `${BASE}/${id}`, DEMO.staff, { version, status });
    const published = await put(created.id, 1, 'published');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().sub_conferences[0]).toMatchObject({ status: 'published', version: 2 });
    const back = await put(created.id, 2, 'draft');
    expect(back.statusCode).toBe(422);
    expect(back.json()).toMatchObject({ code: 'invalid_status_transition', from: 'published', to: 'draft' });
    expect((await put(created.id, 2, 'closed')).statusCode).toBe(200);
    expect((await put(created.id, 3, 'held')).statusCode).toBe(200);
    const afterHeld = await put(created.id, 4, 'cancelled');
    expect(afterHeld.statusCode).toBe(422);
    // the sub-conference followed its parent all the way
    const sub = (await call('GET', `${BASE}/${created.id}`, DEMO.staff)).json().sub_conferences[0];
    expect(sub.status).toBe('held');

    const other = await create({ name: '中止になる会議', event_date: '2031-09-02T10:00:00+09:00' });
    expect((await put(other.id, 1, 'cancelled')).json().status).toBe('cancelled');
    expect((await put(other.id, 2, 'published')).statusCode).toBe(422);
    // nothing answerable can appear under a cancelled conference afterwards
    const late = await call('POST', BASE, DEMO.staff, {
      name: '後から作る懇親会',
      event_date: '2031-09-02T12:00:00+09:00',
      parent_id: other.id,
      status: 'published',
    });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'parent_cancelled', errors: [{ field: 'body.parent_id' }] });
    const subs = await app.pool.query('select 1 from conference where parent_id = $1', [other.id]);
    expect(subs.rowCount).toBe(0);
  });

  it('checks the time rules on the merged conference (400), validates the body and answers 404 for an unknown id', async () => {
    const created = await create({ name: '期限', event_date: '2031-08-03T10:00:00+09:00' });
    const late = await call('PUT', `${BASE}/${created.id}`, DEMO.staff, {
      version: 1,
      answer_deadline: '2031-08-04T10:00:00+09:00',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors[0].field).toBe('body.answer_deadline');
    const bad = await call('PUT', `${BASE}/${created.id}`, DEMO.staff, { name: 'no version', parent_id: 1 });
    expect(bad.statusCode).toBe(400);
    expect((await call('PUT', `${BASE}/2000000000`, DEMO.staff, { version: 1 })).statusCode).toBe(404);
  });
});

describe('GET /v1/cci/admin/master/conferences (spec §3 filters)', () => {
  let julyEarly: number;
  let julyLate: number;
  let sub: number;
  let memberId: number;

  beforeAll(async () => {
    // 2032-07-01 00:30 JST is still 2032-06-30 in UTC: day bounds must be Asia/Tokyo ones.
    julyEarly = await insertConference(app.pool, {
      name: 'カイギ フィルタ 商業部会',
      eventDate: '2032-07-01T00:30:00+09:00',
      status: 'published',
    });
    julyLate = await insertConference(app.pool, {
      name: 'フィルタ 工業部会',
      eventDate: '2032-07-31T23:30:00+09:00',
      status: 'draft',
    });
    sub = await insertConference(app.pool, {
      name: 'フィルタ 懇親会',
      eventDate: '2032-07-31T23:45:00+09:00',
      parentId: julyLate,
      status: 'draft',
    });
    const companyId = await ensureCompany(app.pool, 'CONF-F1', 'フィルタ商店', 'フィルタショウテン');
    memberId = await insertMember(app.pool, companyId, 'フィルタ 太郎', 'フィルタ タロウ');
    await inviteMember(app.pool, julyLate, memberId, 1);
  });

  const ids = async (query: string) => {
    const res = await call(
      'GET',
      `${BASE}?event_date__gte=2032-07-01&event_date__lte=2032-07-31&page_size=100&${query}`,
      DEMO.staff,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((c: { id: number }) => c.id);
  };

  it('bounds event_date by Asia/Tokyo days, both inclusive, newest first by default', async () => {
    expect(await ids('')).toEqual([sub, julyLate, julyEarly]);
    const june = await call('GET', `${BASE}?event_date__lte=2032-06-30&event_date__gte=2032-06-30`, DEMO.staff);
    expect(june.json().meta.total).toBe(0);
  });

  it('filters by member_id, only_sub_conferences, parent_id, status and status__in', async () => {
    expect(await ids(`member_id=${memberId}`)).toEqual([julyLate]);
    expect(await ids('only_sub_conferences=true')).toEqual([sub]);
    expect(await ids(`parent_id=${julyLate}`)).toEqual([sub]);
    expect(await ids('status=published')).toEqual([julyEarly]);
    expect(await ids('status__in=draft,cancelled')).toEqual([sub, julyLate]);
  });

  it('matches the keyword in the name regardless of width and hiragana/katakana, every term', async () => {
    expect(await ids(`keyword=${encodeURIComponent('かいぎ')}`)).toEqual([julyEarly]);
    expect(await ids(`keyword=${encodeURIComponent('ｶｲｷﾞ 商業')}`)).toEqual([julyEarly]);
    expect(await ids(`keyword=${encodeURIComponent('ふぃるた 部会')}`)).toEqual([julyLate, julyEarly]);
    expect(await ids(`keyword=${encodeURIComponent('100%_')}`)).toEqual([]);
  });

  it('sorts by name and picks fields', async () => {
    const res = await call(
      'GET',
      `${BASE}?event_date__gte=2032-07-01&event_date__lte=2032-07-31&sort=name&fields=id,name`,
      DEMO.admin,
    );
    const data = res.json().data;
    expect(Object.keys(data[0]).sort()).toEqual(['id', 'name']);
    expect(data.map((c: { name: string }) => c.name)).toEqual(data.map((c: { name: string }) => c.name).sort());
  });

  it.each([
    ['an unknown parameter', '?colour=red', 'colour'],
    ['an unknown sort field', '?sort=place', 'sort'],
    ['a status outside the flow', '?status=done', 'status'],
    ['a bad status__in item', '?status__in=draft,done', 'status__in'],
    ['a malformed day', '?event_date__gte=2032-7-1', 'event_date__gte'],
    ['year 0000', '?event_date__lte=0000-01-01', 'event_date__lte'],
    ['a NUL in the keyword', '?keyword=a%00b', 'keyword'],
    ['a non-boolean flag', '?only_sub_conferences=maybe', 'only_sub_conferences'],
  ])('answers 400 naming the parameter for %s', async (_what, query, field) => {
    const res = await call('GET', `${BASE}${query}`, DEMO.staff);
    expect(res.statusCode).toBe(400);
    expect(fieldsNamed(res)).toContain(field);
  });

  it("never lists another chamber's conferences, refuses naming it (403), company admins (403) and anonymous callers (401)", async () => {
    const all = (await call('GET', `${BASE}?page_size=1000`, DEMO.admin)).json();
    expect(all.data.every((c: { cci_code: string }) => c.cci_code === 'demo')).toBe(true);
    expect((await call('GET', `${BASE}?cci_code=${OTHER_CCI}`, DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', BASE, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});

describe('GET and PUT of another chamber’s conference', () => {
  it('answers 404 (the tenant scopes every look-up), 403 to company admins and 401 anonymously', async () => {
    const url = `${BASE}/${otherChamberConferenceId}`;
    expect((await call('GET', url, DEMO.admin)).statusCode).toBe(404);
    expect((await call('PUT', url, DEMO.admin, { version: 1, name: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `${url}/reset_sort_members`, DEMO.admin)).statusCode).toBe(404);
    expect((await call('GET', url, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', `${BASE}/abc`, DEMO.admin)).statusCode).toBe(400);
  });
});

describe('PUT /v1/cci/admin/master/conferences/{id}/reset_sort_members', () => {
  it('orders by the best position (type, then rank) held on the event day, then kana (五十音順), then id; repeating changes nothing', async () => {
    const companyId = await ensureCompany(app.pool, 'CONF-S1', '並び順商事', 'ナラビジュンショウジ');
    const eventDay = '2031-10-15';
    const conferenceId = await insertConference(app.pool, { name: '席次テスト', eventDate: `${eventDay}T14:00:00+09:00` });
    const m = {
      // rank 2 twice: kana decides (すずき before たなか)
      tanaka: await insertMember(app.pool, companyId, '田中 誠', 'タナカ マコト', [{ rank: 2 }]),
      suzuki: await insertMember(app.pool, companyId, '鈴木 一郎', 'スズキ イチロウ', [{ rank: 2 }, { rank: 30 }]),
      // best rank 1 wins over rank 5
      yamada: await insertMember(app.pool, companyId, '山田 太郎', 'ヤマダ タロウ', [{ rank: 5 }, { rank: 1 }]),
      // rank 1 ended before the event day, rank 1 from after it: neither counts → no position
      watanabe: await insertMember(app.pool, companyId, '渡辺 恵', 'ワタナベ メグミ', [
        { rank: 1, end: '2031-10-14' },
        { rank: 1, start: '2031-10-16' },
      ]),
      aoki: await insertMember(app.pool, companyId, '青木 修', 'アオキ オサム'),
      // rank 3 valid on exactly the event day
      ito: await insertMember(app.pool, companyId, '伊藤 博', 'イトウ ヒロシ', [{ rank: 3, start: eventDay, end: eventDay }]),
      // rank 1 of a 部会 comes after every 役員 (types first), before those without a position
      takagi: await insertMember(app.pool, companyId, '高木 正雄', 'タカギ マサオ', [{ rank: 1, type: 'CCI_SECTION' }]),
    };
    const order = [m.watanabe, m.takagi, m.aoki, m.yamada, m.ito, m.tanaka, m.suzuki];
    for (const [i, memberId] of order.entries()) await inviteMember(app.pool, conferenceId, memberId, i + 1);

    const res = await call('PUT', `${BASE}/${conferenceId}/reset_sort_members`, DEMO.staff);
    expect(res.statusCode, res.body).toBe(200);
    const expected = [m.yamada, m.suzuki, m.tanaka, m.ito, m.takagi, m.aoki, m.watanabe];
    expect(res.json().data.map((r: { member_id: number }) => r.member_id)).toEqual(expected);
    expect(res.json().data.map((r: { sort: number }) => r.sort)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(res.json().updated).toBe(7);
    const { rows } = await app.pool.query<{ member_id: number; version: number }>(
      'select member_id, version from conference_member where conference_id = $1 order by sort',
      [conferenceId],
    );
    expect(rows.map((r) => r.member_id)).toEqual(expected);
    expect(rows.every((r) => r.version === 2)).toBe(true);

    const again = await call('PUT', `${BASE}/${conferenceId}/reset_sort_members`, DEMO.admin, {});
    expect(again.json().updated).toBe(0);
    const audits = await app.pool.query(`select 1 from audit_log where action = 'reset_sort_members' and entity_id = $1`, [
      String(conferenceId),
    ]);
    expect(audits.rowCount).toBe(1);
  });

  it('takes no body fields (400), and refuses company admins (403) and anonymous callers (401)', async () => {
    const conferenceId = await insertConference(app.pool, { eventDate: '2031-10-16T10:00:00+09:00' });
    const url = `${BASE}/${conferenceId}/reset_sort_members`;
    expect((await call('PUT', url, DEMO.staff, { sort: 'kana' })).statusCode).toBe(400);
    expect((await call('PUT', url, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('PUT', url, null)).statusCode).toBe(401);
  });
});
