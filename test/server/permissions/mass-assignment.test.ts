/**
 * Mass assignment (DESIGN.md §5, §6): a valid body carrying one foreign or read-only field (the
 * tenant, an id, the row's owner, audit columns, the confirm-account flag, a role) is refused with a
 * 400 naming exactly that field, and the row in the database is unchanged. The same body without
 * the field is accepted (the controls, run last). Callers: the other chamber's admin and company
 * admin (fixtures.ts), on that chamber's rows, which are this folder's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../helpers/app.ts';
import { tokenOf } from '../../helpers/fixtures.ts';
import { usernameOf } from '../../helpers/attendance-fixtures.ts';
import { EMAIL, LOGINS, tenancyRows, type TenancyRows } from './fixtures.ts';

type Who = 'otherAdmin' | 'otherCompany';
interface Write {
  who: Who;
  method: 'PUT' | 'POST';
  url: (t: TenancyRows) => string;
  /** a body the route accepts, from the row as it is */
  body: (t: TenancyRows, row: Record<string, unknown>) => Record<string, unknown>;
  /** the row the write would change: table and id, or a query that finds what a create would add */
  row: (t: TenancyRows) => { sql: string; params: unknown[] };
  status: number;
}

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let t: TenancyRows;
let otherCompanyUser: string;
const TAG = `MA${Date.now()}`;

const byId = (table: string) => (id: number) => ({ sql: `select * from ${table} where id = $1`, params: [id] });
const company = byId('company');
const conference = byId('conference');
const invitee = byId('conference_member');

const WRITES: Record<string, Write> = {
  'PUT /v1/company/companies/{id}': {
    who: 'otherCompany',
    method: 'PUT',
    url: (t) => `/v1/company/companies/${t.own.company}`,
    body: (_t, row) => ({ version: row.version, attributes: { name1: (row.attributes as { name1: string }).name1 } }),
    row: (t) => company(t.own.company),
    status: 200,
  },
  'POST /v1/company/conference_members/answer': {
    who: 'otherCompany',
    method: 'POST',
    url: () => '/v1/company/conference_members/answer',
    body: (t) => ({ answers: [{ id: t.own.invitee, answer_content: 'attend' }] }),
    row: (t) => invitee(t.own.invitee),
    status: 200,
  },
  'PUT /v1/cci/admin/master/companies/{id}': {
    who: 'otherAdmin',
    method: 'PUT',
    url: (t) => `/v1/cci/admin/master/companies/${t.neighbour.company}`,
    body: (_t, row) => ({ version: row.version, attributes: { name1: (row.attributes as { name1: string }).name1 } }),
    row: (t) => company(t.neighbour.company),
    status: 200,
  },
  'PUT /v1/cci/admin/master/conferences/{id}': {
    who: 'otherAdmin',
    method: 'PUT',
    url: (t) => `/v1/cci/admin/master/conferences/${t.neighbour.conference}`,
    body: (_t, row) => ({ version: row.version, name: '改名した会議' }),
    row: (t) => conference(t.neighbour.conference),
    status: 200,
  },
  'PUT /v1/cci/admin/master/conference_members/{id}': {
    who: 'otherAdmin',
    method: 'PUT',
    url: (t) => `/v1/cci/admin/master/conference_members/${t.neighbour.invitee}`,
    body: (_t, row) => ({ version: row.version, category: 'substitute' }),
    row: (t) => invitee(t.neighbour.invitee),
    status: 200,
  },
  'POST /v1/cci/admin/master/members': {
    who: 'otherAdmin',
    method: 'POST',
    url: () => '/v1/cci/admin/master/members',
    body: (t) => ({ company_id: t.neighbour.company, name: `${TAG} 七郎` }),
    row: () => ({ sql: 'select count(*)::int as n from member where name = $1', params: [`${TAG} 七郎`] }),
    status: 201,
  },
  'PUT /v1/cci/admin/master/users/{username}': {
    who: 'otherAdmin',
    method: 'PUT',
    url: () => `/v1/cci/admin/master/users/${otherCompanyUser}`,
    body: (_t, row) => ({ version: row.version, display_name: row.display_name }),
    row: () => ({ sql: 'select * from users where username = $1', params: [otherCompanyUser] }),
    status: 200,
  },
};

/** [route, path of the extra field in the body, value] */
const EXTRAS: Array<[string, Array<string | number>, (t: TenancyRows) => unknown]> = [
  ['PUT /v1/company/companies/{id}', ['company_code'], () => 'HACK'],
  ['PUT /v1/company/companies/{id}', ['cci_code'], () => 'demo'],
  ['PUT /v1/company/companies/{id}', ['id'], (t) => t.neighbour.company],
  ['PUT /v1/company/companies/{id}', ['user_type'], () => 'CCI_ADMIN'],
  ['PUT /v1/company/companies/{id}', ['created_by'], () => 'someone'],
  ['PUT /v1/company/companies/{id}', ['attributes', 'admin_changed_info_flag'], () => '1'],
  ['POST /v1/company/conference_members/answer', ['company_id'], (t) => t.neighbour.company],
  ['POST /v1/company/conference_members/answer', ['answers', 0, 'company_id'], (t) => t.demo.company],
  ['POST /v1/company/conference_members/answer', ['answers', 0, 'conference_id'], (t) => t.neighbour.conference],
  ['POST /v1/company/conference_members/answer', ['answers', 0, 'member_id'], (t) => t.neighbour.member],
  ['POST /v1/company/conference_members/answer', ['answers', 0, 'answered_by'], () => 'someone'],
  // the portal's answers are `portal`, received when sent and never late (DESIGN.md §11.2)
  ['POST /v1/company/conference_members/answer', ['answers', 0, 'answer_channel'], () => 'fax'],
  ['POST /v1/company/conference_members/answer', ['answers', 0, 'answer_received_at'], () => '2020-01-01T00:00:00Z'],
  ['POST /v1/company/conference_members/answer', ['answers', 0, 'answered_late'], () => true],
  ['PUT /v1/cci/admin/master/companies/{id}', ['cci_code'], () => 'demo'],
  ['PUT /v1/cci/admin/master/companies/{id}', ['id'], (t) => t.demo.company],
  ['PUT /v1/cci/admin/master/companies/{id}', ['updated_by'], () => 'someone'],
  ['PUT /v1/cci/admin/master/companies/{id}', ['attributes', 'admin_changed_info_flag'], () => '0'],
  ['PUT /v1/cci/admin/master/conferences/{id}', ['cci_code'], () => 'demo'],
  ['PUT /v1/cci/admin/master/conferences/{id}', ['parent_id'], (t) => t.demo.conference],
  ['PUT /v1/cci/admin/master/conferences/{id}', ['template_id'], (t) => t.demo.template],
  ['PUT /v1/cci/admin/master/conferences/{id}', ['created_by'], () => 'someone'],
  ['PUT /v1/cci/admin/master/conference_members/{id}', ['company_id'], (t) => t.demo.company],
  ['PUT /v1/cci/admin/master/conference_members/{id}', ['conference_id'], (t) => t.own.conference],
  ['PUT /v1/cci/admin/master/conference_members/{id}', ['member_id'], (t) => t.own.member],
  ['PUT /v1/cci/admin/master/conference_members/{id}', ['answered_by'], () => 'someone'],
  ['PUT /v1/cci/admin/master/conference_members/{id}', ['answered_late'], () => false],
  ['PUT /v1/cci/admin/master/conference_members/{id}', ['answered_at'], () => '2020-01-01T00:00:00Z'],
  ['PUT /v1/cci/admin/master/conferences/{id}', ['warnings'], () => []],
  ['POST /v1/cci/admin/master/members', ['cci_code'], () => 'demo'],
  ['POST /v1/cci/admin/master/members', ['id'], (t) => t.demo.member],
  ['POST /v1/cci/admin/master/members', ['version'], () => 7],
  ['POST /v1/cci/admin/master/members', ['created_by'], () => 'someone'],
  ['PUT /v1/cci/admin/master/users/{username}', ['username'], () => 'someone-else'],
  ['PUT /v1/cci/admin/master/users/{username}', ['cci_code'], () => 'demo'],
  ['PUT /v1/cci/admin/master/users/{username}', ['email'], () => 'hijack@example.com'],
];

function withField(body: Record<string, unknown>, at: Array<string | number>, value: unknown) {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, unknown>;
  for (const step of at.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[at.at(-1)!] = value;
  return copy;
}

async function rowOf(write: Write) {
  const { sql, params } = write.row(t);
  return (await app.pool.query(sql, params)).rows[0];
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  call = caller(app, tokenOf);
  t = await tenancyRows(app);
  otherCompanyUser = await usernameOf(app.pool, LOGINS.otherCompany);
});
afterAll(() => app.close());

describe('a valid body with one foreign or read-only field', () => {
  it.each(EXTRAS.map(([route, at, value]) => [route, at.join('.'), at, value] as const))(
    '%s + %s: 400 naming it, nothing written',
    async (route, _field, at, value) => {
      const write = WRITES[route];
      const before = await rowOf(write);
      const res = await call(write.method, write.url(t), EMAIL[write.who], withField(write.body(t, before), at, value(t)));
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsNamed(res)).toBe(`body.${at.join('.')}`);
      expect(await rowOf(write)).toEqual(before);
    },
  );

  it.each(Object.keys(WRITES))('%s: the same body without it is accepted (the control)', async (route) => {
    const write = WRITES[route];
    const res = await call(write.method, write.url(t), EMAIL[write.who], write.body(t, await rowOf(write)));
    expect(res.statusCode, res.body).toBe(write.status);
  });
});
