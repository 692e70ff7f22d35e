/**
 * Issue 18 item 1: a conference created from a template invites the members its rules select on
 * the event date, in the creating transaction and in protocol order; a sub-conference uses its own
 * template row's rules, else the parent's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../../helpers/fixtures.ts';
import { createCompany, createMember } from '../../../../../helpers/attendance-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const BASE = '/v1/cci/admin/master/conferences';
const DEPT = 'テンプレ招待テスト部会';
const members: Record<string, number> = {};

async function template(code: string, body: object): Promise<number> {
  const { rows } = await app.pool.query<{ id: number }>(
    `insert into conference_template (cci_code, conference_template_code, name, default_body)
     values ('demo', $1, 'テンプレ招待', $2)
     on conflict (cci_code, conference_template_code) do update set default_body = excluded.default_body returning id`,
    [code, body],
  );
  return rows[0].id;
}

async function invitees(conferenceId: number): Promise<number[]> {
  const { rows } = await app.pool.query<{ member_id: number }>(
    'select member_id from conference_member where conference_id = $1 order by sort',
    [conferenceId],
  );
  return rows.map((r) => r.member_id);
}

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  const a = await createCompany(app.pool, 'TPLINV01', 'テンプレ招待商事');
  const b = await createCompany(app.pool, 'TPLINV02', 'テンプレ招待工業');
  const section = (name: string, rank: number, start: string | null = null, end: string | null = null) => ({
    type: 'CCI_SECTION',
    department: DEPT,
    name,
    rank,
    start,
    end,
  });
  members.chair = await createMember(app.pool, {
    companyId: b,
    name: '部会長 一郎',
    kana: 'ブカイチョウ イチロウ',
    positions: [section('部会長', 1)],
  });
  members.viceA = await createMember(app.pool, {
    companyId: a,
    name: '副部会長 花子',
    kana: 'フクブカイチョウ ハナコ',
    positions: [section('副部会長', 2)],
  });
  members.viceB = await createMember(app.pool, {
    companyId: b,
    name: '相川 次郎',
    kana: 'アイカワ ジロウ',
    positions: [section('副部会長', 2)],
  });
  // 部会長 until 2031-03-31 only: not on the event date below
  members.former = await createMember(app.pool, {
    companyId: a,
    name: '前任 三郎',
    kana: 'ゼンニン サブロウ',
    positions: [section('部会長', 1, '2020-04-01', '2031-03-31')],
  });
  members.committee = await createMember(app.pool, {
    companyId: a,
    name: '委員 四郎',
    kana: 'イイン シロウ',
    positions: [section('委員', 5)],
  });
});
afterAll(() => app.close());

describe('POST /v1/cci/admin/master/conferences from a template with invitee rules', () => {
  it('invites the members the rules select on the event date, in protocol order, and says how many', async () => {
    const templateId = await template('TPL_INVITE_RULES', {
      start_time: '14:00',
      invitee_rules: [{ position_type: 'CCI_SECTION', department_name: DEPT, position_names: ['部会長', '副部会長'] }],
      sub_conferences: [
        // its own rule: the committee only
        {
          name: '部会見学会',
          start_offset_minutes: 180,
          invitee_rules: [{ position_type: 'CCI_SECTION', department_name: DEPT, position_names: ['委員'] }],
        },
        // no rule of its own: the parent's
        { name: '懇親会', start_offset_minutes: 120 },
      ],
    });
    const res = await call('POST', BASE, DEMO.admin, { template_id: templateId, event_date: '2031-05-20' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    // rank first (部会長 1, 副部会長 2), then kana (アイカワ before フクブカイチョウ); the former chair is out
    expect(await invitees(created.id)).toEqual([members.chair, members.viceB, members.viceA]);
    const byName = Object.fromEntries(created.sub_conferences.map((s: { name: string; id: number }) => [s.name, s.id]));
    expect(await invitees(byName['部会見学会'])).toEqual([members.committee]);
    expect(await invitees(byName['懇親会'])).toEqual([members.chair, members.viceB, members.viceA]);
    expect(created.invited).toEqual(
      expect.arrayContaining([
        { conference_id: created.id, count: 3 },
        { conference_id: byName['部会見学会'], count: 1 },
        { conference_id: byName['懇親会'], count: 3 },
      ]),
    );
    // the invitees are on the conference's list as staff read it
    const list = await call('GET', `/v1/cci/admin/master/conference_members?conference_id=${created.id}`, DEMO.staff);
    expect(list.json().data.map((r: { member_id: number }) => r.member_id)).toEqual([
      members.chair,
      members.viceB,
      members.viceA,
    ]);
  });

  it('selects on the event date: before the former chair left, the former chair is invited too', async () => {
    const templateId = await template('TPL_INVITE_RULES_2030', {
      invitee_rules: [{ position_type: 'CCI_SECTION', department_name: DEPT, position_names: ['部会長'] }],
    });
    const res = await call('POST', BASE, DEMO.admin, { template_id: templateId, event_date: '2030-06-01T10:00:00+09:00' });
    expect(res.statusCode).toBe(201);
    // both rank 1 on 2030-06-01, then by kana: ゼンニン before ブカイチョウ
    expect(await invitees(res.json().id)).toEqual([members.former, members.chair]);
  });

  it('matches sub-conferences sent with the request to the template rows by name', async () => {
    const templateId = await template('TPL_INVITE_RULES_EXPLICIT', {
      invitee_rules: [{ position_type: 'CCI_SECTION', department_name: DEPT, position_names: ['部会長'] }],
      sub_conferences: [
        {
          name: '部会見学会',
          invitee_rules: [{ position_type: 'CCI_SECTION', department_name: DEPT, position_names: ['委員'] }],
        },
      ],
    });
    const res = await call('POST', BASE, DEMO.admin, {
      template_id: templateId,
      event_date: '2031-06-01T10:00:00+09:00',
      sub_conferences: [
        { name: '二次会', event_date: '2031-06-01T18:00:00+09:00' },
        { name: '部会見学会', event_date: '2031-06-01T13:00:00+09:00' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const byName = Object.fromEntries(res.json().sub_conferences.map((s: { name: string; id: number }) => [s.name, s.id]));
    expect(await invitees(byName['部会見学会'])).toEqual([members.committee]);
    expect(await invitees(byName['二次会'])).toEqual([members.chair]);
  });

  it('invites nobody and says nothing of invitations without a template', async () => {
    const res = await call('POST', BASE, DEMO.admin, { name: '臨時会議', event_date: '2031-07-01T10:00:00+09:00' });
    expect(res.statusCode).toBe(201);
    expect(res.json().invited).toBeUndefined();
    expect(await invitees(res.json().id)).toEqual([]);
  });
});
