/**
 * Another chamber's ids in the bodies of chamber writes (DESIGN.md §6): refused exactly as an id
 * that does not exist is (same status and code, so nothing about the other chamber is revealed), and
 * nothing written. Caller: the other chamber's admin (fixtures.ts); the foreign ids are the demo
 * chamber's. Run on the export env so POST …/export queues for real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../helpers/app.ts';
import { tokenOf } from '../../helpers/fixtures.ts';
import { usernameOf } from '../../helpers/attendance-fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { EMAIL, LOGINS, tenancyRows, type TenancyRows } from './fixtures.ts';
import { MISSING } from './table.ts';

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
let t: TenancyRows;
let otherCompanyUser: string;
const TAG = `CB${Date.now()}`;

interface Case {
  method: 'POST' | 'PUT' | 'DELETE';
  url: (t: TenancyRows) => string;
  /** the body naming `id` (a demo chamber id, or MISSING); `row`: the first row of `written` */
  body: (id: number, t: TenancyRows, row: Record<string, unknown>) => object;
  foreign: (t: TenancyRows) => number;
  /** what a write would have changed */
  written: (t: TenancyRows) => { sql: string; params: unknown[] };
}

const M = '/v1/cci/admin/master';
const CASES: Record<string, Case> = {
  'POST members: company_id': {
    method: 'POST',
    url: () => `${M}/members`,
    body: (id) => ({ company_id: id, name: `${TAG} 八郎` }),
    foreign: (t) => t.demo.company,
    written: () => ({ sql: 'select count(*)::int from member where name = $1', params: [`${TAG} 八郎`] }),
  },
  'PUT members/{id}: company_id': {
    method: 'PUT',
    url: (t) => `${M}/members/${t.own.member}`,
    body: (id, _t, row) => ({ version: row.version, company_id: id }),
    foreign: (t) => t.demo.company,
    written: (t) => ({ sql: 'select * from member where id = $1', params: [t.own.member] }),
  },
  'PUT users/{username}: company_id of its company admin': {
    method: 'PUT',
    url: () => `${M}/users/${otherCompanyUser}`,
    body: (id, _t, row) => ({ version: row.version, company_id: id }),
    foreign: (t) => t.demo.company,
    written: () => ({ sql: 'select * from users where username = $1', params: [otherCompanyUser] }),
  },
  'POST positions: member_id': {
    method: 'POST',
    url: () => `${M}/positions`,
    body: (id) => ({ member_id: id, position_type: 'CCI_OFFICER', department_name: `${TAG} 役員` }),
    foreign: (t) => t.demo.member,
    written: () => ({ sql: 'select count(*)::int from position where department_name = $1', params: [`${TAG} 役員`] }),
  },
  'POST conferences: parent_id': {
    method: 'POST',
    url: () => `${M}/conferences`,
    body: (id) => ({ name: `${TAG} 子会議`, event_date: '2031-05-20', parent_id: id }),
    foreign: (t) => t.demo.conference,
    written: () => ({ sql: 'select count(*)::int from conference where name = $1', params: [`${TAG} 子会議`] }),
  },
  'POST conferences: template_id': {
    method: 'POST',
    url: () => `${M}/conferences`,
    body: (id) => ({ name: `${TAG} 雛形会議`, event_date: '2031-05-20', template_id: id }),
    foreign: (t) => t.demo.template,
    written: () => ({ sql: 'select count(*)::int from conference where name = $1', params: [`${TAG} 雛形会議`] }),
  },
  'POST conference_members: member_id': {
    method: 'POST',
    url: () => `${M}/conference_members`,
    body: (id, t) => ({ mode: 'one', conference_id: t.own.conference, member_id: id }),
    foreign: (t) => t.demo.member,
    written: (t) => ({ sql: 'select count(*)::int from conference_member where conference_id = $1', params: [t.own.conference] }),
  },
  'POST conference_members (parent form): conference_id': {
    method: 'POST',
    url: () => `${M}/conference_members`,
    body: (id) => ({ mode: 'parent', conference_id: id }),
    foreign: (t) => t.demo.conference,
    written: (t) => ({
      sql: 'select count(*)::int from conference_member where conference_id = $1',
      params: [t.demo.conference],
    }),
  },
  'DELETE conference_members/delete: ids': {
    method: 'DELETE',
    url: () => `${M}/conference_members/delete`,
    body: (id) => ({ ids: [id] }),
    foreign: (t) => t.demo.invitee,
    written: (t) => ({ sql: 'select * from conference_member where id = $1', params: [t.demo.invitee] }),
  },
  'POST export: params.conference_id': {
    method: 'POST',
    url: () => '/v1/cci/other/export',
    body: (id) => ({ type: 'attendance', format: 'csv_utf8', params: { conference_id: id } }),
    foreign: (t) => t.demo.conference,
    written: () => ({ sql: "select count(*)::int from export_job where cci_code = 'other' and type = 'attendance'", params: [] }),
  },
};

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  t = await tenancyRows(env.app);
  otherCompanyUser = await usernameOf(env.app.pool, LOGINS.otherCompany);
});
afterAll(() => env.close());

const stateOf = async (c: Case) => {
  const { sql, params } = c.written(t);
  return (await env.app.pool.query(sql, params)).rows;
};

describe("another chamber's id in a chamber write", () => {
  it.each(Object.entries(CASES))('%s: refused as an id that does not exist, nothing written', async (_name, c) => {
    const before = await stateOf(c);
    const foreign = await call(c.method, c.url(t), EMAIL.otherAdmin, c.body(c.foreign(t), t, before[0]));
    const missing = await call(c.method, c.url(t), EMAIL.otherAdmin, c.body(MISSING, t, before[0]));
    expect(foreign.statusCode, foreign.body).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode, foreign.body).toBeLessThan(500);
    // refused for the id, not for the rest of the body
    expect(foreign.json().code).not.toBe('validation_failed');
    expect({ status: foreign.statusCode, code: foreign.json().code }).toEqual({
      status: missing.statusCode,
      code: missing.json().code,
    });
    expect(await stateOf(c)).toEqual(before);
  });
});
