/**
 * The permission table (issue 3, DESIGN.md §6): every /v1 endpoint × the three roles × own/other
 * chamber × own/other company, with the status expected in each cell. A route missing from the table
 * fails the coverage test, so a new endpoint cannot ship without its row.
 *
 * Cells: own-chamber requests use real ids and a body that fails validation (so nothing is written):
 * an allowed role therefore gets the status named in the row (200 for reads, 400 for writes, 404
 * for ids that do not exist), a refused role 403. Other-chamber and other-company cells use ids that
 * exist elsewhere with a valid body, so only tenancy can refuse them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, ensureOtherChamber, tokenOf } from '../helpers/fixtures.ts';
import { createCompany, createConference, createMember, usernameOf } from '../helpers/attendance-fixtures.ts';

type Who = 'admin' | 'staff' | 'company';
const EMAIL: Record<Who, string> = { admin: DEMO.admin, staff: DEMO.staff, company: DEMO.companyAdmin };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Ids in the demo chamber (own) and in the other chamber / another company (foreign). */
interface Ids {
  company: number;
  neighbourCompany: number;
  member: number;
  position: number;
  conference: number;
  template: number;
  conferenceMember: number;
  user: string;
  neighbourConference: number;
  neighbourConferenceMember: number;
  other: {
    company: number;
    member: number;
    position: number;
    conference: number;
    template: number;
    conferenceMember: number;
    user: string;
  };
}

const MISSING = 2_000_000_000;

interface Row {
  method: Method;
  /** the spec §7 path, as the OpenAPI document names it */
  path: string;
  /** concrete own-chamber URL and body */
  own: (ids: Ids) => { url: string; body?: object };
  /** expected status per role in the own chamber/company */
  expect: Record<Who, number>;
  /** requests that must be refused by tenancy, per role that passes the role check */
  foreign?: Array<{ who: Who; url: (ids: Ids) => string; body?: (ids: Ids) => object; status: number }>;
}

const chamberRead = { admin: 200, staff: 200, company: 403 };
const adminWrite = { admin: 400, staff: 403, company: 403 };
const chamberWrite = { admin: 400, staff: 400, company: 403 };
const adminMissing = { admin: 404, staff: 403, company: 403 };
const chamberMissing = { admin: 404, staff: 404, company: 403 };
const companyRead = { admin: 403, staff: 403, company: 200 };
const bothChamber = (url: (ids: Ids) => string, status: number, body?: (ids: Ids) => object) =>
  (['admin', 'staff'] as const).map((who) => ({ who, url, body, status }));
const adminOnly = (url: (ids: Ids) => string, status: number, body?: (ids: Ids) => object) => [
  { who: 'admin' as const, url, body, status },
];

const M = '/v1/cci/admin/master';
const TPL = '/v1/cci/{cci_code}/master/CCI_CONFERENCE_TEMPLATE';
const tpl = (cci: string) => `/v1/cci/${cci}/master/CCI_CONFERENCE_TEMPLATE`;
const v1 = { version: 1 };

const TABLE: Row[] = [
  // session
  {
    method: 'GET',
    path: '/v1/cci/user_info',
    own: () => ({ url: '/v1/cci/user_info' }),
    expect: chamberRead,
    foreign: bothChamber(() => `/v1/cci/user_info?cci_code=${OTHER_CCI}`, 403),
  },
  { method: 'GET', path: '/v1/company/user_info', own: () => ({ url: '/v1/company/user_info' }), expect: companyRead },

  // master data and templates: CCI_ADMIN writes, CCI_CONFERENCE_USER reads
  {
    method: 'GET',
    path: '/v1/cci/{cci_code}/master/{master_type_code}',
    own: () => ({ url: '/v1/cci/demo/master/cci_position_type' }),
    expect: chamberRead,
    foreign: bothChamber(() => `/v1/cci/${OTHER_CCI}/master/cci_position_type`, 403),
  },
  {
    method: 'GET',
    path: '/v1/company/{cci_code}/master/{master_type_code}',
    own: () => ({ url: '/v1/company/demo/master/cci_position_type' }),
    expect: companyRead,
    foreign: [{ who: 'company', url: () => `/v1/company/${OTHER_CCI}/master/cci_position_type`, status: 404 }],
  },
  {
    method: 'GET',
    path: TPL,
    own: () => ({ url: tpl('demo') }),
    expect: chamberRead,
    foreign: bothChamber(() => tpl(OTHER_CCI), 403),
  },
  {
    method: 'POST',
    path: TPL,
    own: () => ({ url: tpl('demo'), body: {} }),
    expect: adminWrite,
    foreign: adminOnly(
      () => tpl(OTHER_CCI),
      403,
      () => ({ conference_template_code: 'X1', name: 'よそ', body: {} }),
    ),
  },
  {
    method: 'GET',
    path: `${TPL}/{id}`,
    own: (i) => ({ url: `${tpl('demo')}/${i.template}` }),
    expect: chamberRead,
    foreign: [
      ...bothChamber((i) => `${tpl(OTHER_CCI)}/${i.other.template}`, 403),
      ...bothChamber((i) => `${tpl('demo')}/${i.other.template}`, 404),
    ],
  },
  {
    method: 'PUT',
    path: `${TPL}/{id}`,
    own: (i) => ({ url: `${tpl('demo')}/${i.template}`, body: {} }),
    expect: adminWrite,
    foreign: adminOnly(
      (i) => `${tpl('demo')}/${i.other.template}`,
      404,
      () => v1,
    ),
  },
  {
    method: 'DELETE',
    path: `${TPL}/{id}`,
    own: () => ({ url: `${tpl('demo')}/${MISSING}` }),
    expect: adminMissing,
    foreign: adminOnly((i) => `${tpl('demo')}/${i.other.template}`, 404),
  },

  // companies
  {
    method: 'GET',
    path: `${M}/companies`,
    own: () => ({ url: `${M}/companies` }),
    expect: chamberRead,
    foreign: bothChamber(() => `${M}/companies?cci_code=${OTHER_CCI}`, 403),
  },
  { method: 'POST', path: `${M}/companies`, own: () => ({ url: `${M}/companies`, body: {} }), expect: adminWrite },
  {
    method: 'GET',
    path: `${M}/companies/{id}`,
    own: (i) => ({ url: `${M}/companies/${i.company}` }),
    expect: chamberRead,
    foreign: bothChamber((i) => `${M}/companies/${i.other.company}`, 404),
  },
  {
    method: 'PUT',
    path: `${M}/companies/{id}`,
    own: (i) => ({ url: `${M}/companies/${i.company}`, body: {} }),
    expect: adminWrite,
    foreign: adminOnly(
      (i) => `${M}/companies/${i.other.company}`,
      404,
      () => ({ version: 1, attributes: { name1: 'x' } }),
    ),
  },

  // members
  {
    method: 'GET',
    path: `${M}/members`,
    own: () => ({ url: `${M}/members` }),
    expect: chamberRead,
    foreign: bothChamber(() => `${M}/members?cci_code=${OTHER_CCI}`, 403),
  },
  { method: 'POST', path: `${M}/members`, own: () => ({ url: `${M}/members`, body: {} }), expect: adminWrite },
  {
    method: 'GET',
    path: `${M}/members/{id}`,
    own: (i) => ({ url: `${M}/members/${i.member}` }),
    expect: chamberRead,
    foreign: bothChamber((i) => `${M}/members/${i.other.member}`, 404),
  },
  {
    method: 'PUT',
    path: `${M}/members/{id}`,
    own: (i) => ({ url: `${M}/members/${i.member}`, body: {} }),
    expect: adminWrite,
    foreign: adminOnly(
      (i) => `${M}/members/${i.other.member}`,
      404,
      () => v1,
    ),
  },
  {
    method: 'POST',
    path: `${M}/members/{id}/user`,
    own: () => ({ url: `${M}/members/${MISSING}/user` }),
    expect: adminMissing,
    foreign: adminOnly((i) => `${M}/members/${i.other.member}/user`, 404),
  },

  // positions
  {
    method: 'GET',
    path: `${M}/positions`,
    own: () => ({ url: `${M}/positions` }),
    expect: chamberRead,
    foreign: bothChamber(() => `${M}/positions?cci_code=${OTHER_CCI}`, 403),
  },
  { method: 'POST', path: `${M}/positions`, own: () => ({ url: `${M}/positions`, body: {} }), expect: adminWrite },
  {
    method: 'GET',
    path: `${M}/positions/{id}`,
    own: (i) => ({ url: `${M}/positions/${i.position}` }),
    expect: chamberRead,
    foreign: bothChamber((i) => `${M}/positions/${i.other.position}`, 404),
  },
  {
    method: 'PUT',
    path: `${M}/positions/{id}`,
    own: (i) => ({ url: `${M}/positions/${i.position}`, body: {} }),
    expect: adminWrite,
    foreign: adminOnly(
      (i) => `${M}/positions/${i.other.position}`,
      404,
      () => v1,
    ),
  },
  {
    method: 'DELETE',
    path: `${M}/positions/{id}`,
    own: () => ({ url: `${M}/positions/${MISSING}` }),
    expect: adminMissing,
    foreign: adminOnly((i) => `${M}/positions/${i.other.position}`, 404),
  },
  {
    method: 'PUT',
    path: `${M}/positions/update_positions`,
    own: () => ({ url: `${M}/positions/update_positions`, body: {} }),
    expect: adminWrite,
    foreign: adminOnly(
      () => `${M}/positions/update_positions`,
      422,
      (i) => ({ items: [{ action: 'delete', id: i.other.position }] }),
    ),
  },

  // users
  {
    method: 'GET',
    path: `${M}/users`,
    own: () => ({ url: `${M}/users` }),
    expect: chamberRead,
    foreign: bothChamber(() => `${M}/users?cci_code=${OTHER_CCI}`, 403),
  },
  {
    method: 'GET',
    path: `${M}/users/{username}`,
    own: (i) => ({ url: `${M}/users/${i.user}` }),
    expect: chamberRead,
    foreign: bothChamber((i) => `${M}/users/${i.other.user}`, 404),
  },
  {
    method: 'PUT',
    path: `${M}/users/{username}`,
    own: (i) => ({ url: `${M}/users/${i.user}`, body: {} }),
    expect: adminWrite,
    foreign: adminOnly(
      (i) => `${M}/users/${i.other.user}`,
      404,
      () => v1,
    ),
  },

  // conferences and their companies and members: both chamber roles write
  {
    method: 'GET',
    path: `${M}/conferences`,
    own: () => ({ url: `${M}/conferences` }),
    expect: chamberRead,
    foreign: bothChamber(() => `${M}/conferences?cci_code=${OTHER_CCI}`, 403),
  },
  { method: 'POST', path: `${M}/conferences`, own: () => ({ url: `${M}/conferences`, body: {} }), expect: chamberWrite },
  {
    method: 'GET',
    path: `${M}/conferences/{id}`,
    own: (i) => ({ url: `${M}/conferences/${i.conference}` }),
    expect: chamberRead,
    foreign: bothChamber((i) => `${M}/conferences/${i.other.conference}`, 404),
  },
  {
    method: 'PUT',
    path: `${M}/conferences/{id}`,
    own: (i) => ({ url: `${M}/conferences/${i.conference}`, body: {} }),
    expect: chamberWrite,
    foreign: bothChamber(
      (i) => `${M}/conferences/${i.other.conference}`,
      404,
      () => v1,
    ),
  },
  {
    method: 'PUT',
    path: `${M}/conferences/{id}/reset_sort_members`,
    own: () => ({ url: `${M}/conferences/${MISSING}/reset_sort_members` }),
    expect: chamberMissing,
    foreign: bothChamber((i) => `${M}/conferences/${i.other.conference}/reset_sort_members`, 404),
  },
  {
    method: 'GET',
    path: `${M}/conference_companies`,
    own: (i) => ({ url: `${M}/conference_companies?conference_id=${i.conference}` }),
    expect: chamberRead,
    foreign: bothChamber(() => `${M}/conference_companies?cci_code=${OTHER_CCI}`, 403),
  },
  {
    method: 'GET',
    path: `${M}/conference_members`,
    own: () => ({ url: `${M}/conference_members` }),
    expect: chamberRead,
    foreign: bothChamber(() => `${M}/conference_members?cci_code=${OTHER_CCI}`, 403),
  },
  {
    method: 'POST',
    path: `${M}/conference_members`,
    own: () => ({ url: `${M}/conference_members`, body: {} }),
    expect: chamberWrite,
    foreign: bothChamber(
      () => `${M}/conference_members`,
      404,
      (i) => ({ mode: 'one', conference_id: i.other.conference, member_id: i.member }),
    ),
  },
  {
    method: 'DELETE',
    path: `${M}/conference_members/delete`,
    own: () => ({ url: `${M}/conference_members/delete`, body: {} }),
    expect: chamberWrite,
    foreign: bothChamber(
      () => `${M}/conference_members/delete`,
      404,
      (i) => ({ ids: [i.other.conferenceMember] }),
    ),
  },
  {
    method: 'PUT',
    path: `${M}/conference_members/{id}`,
    own: (i) => ({ url: `${M}/conference_members/${i.conferenceMember}`, body: {} }),
    expect: chamberWrite,
    foreign: bothChamber(
      (i) => `${M}/conference_members/${i.other.conferenceMember}`,
      404,
      () => v1,
    ),
  },
  {
    method: 'DELETE',
    path: `${M}/conference_members/{id}`,
    own: () => ({ url: `${M}/conference_members/${MISSING}` }),
    expect: chamberMissing,
    foreign: bothChamber((i) => `${M}/conference_members/${i.other.conferenceMember}`, 404),
  },

  // company audience: its own company and the conferences it is invited to
  {
    method: 'GET',
    path: '/v1/company/companies',
    own: (i) => ({ url: `/v1/company/companies?id=${i.company}` }),
    expect: companyRead,
  },
  {
    method: 'GET',
    path: '/v1/company/companies/{id}',
    own: (i) => ({ url: `/v1/company/companies/${i.company}` }),
    expect: companyRead,
    foreign: [
      { who: 'company', url: (i) => `/v1/company/companies/${i.neighbourCompany}`, status: 404 },
      { who: 'company', url: (i) => `/v1/company/companies/${i.other.company}`, status: 404 },
    ],
  },
  {
    method: 'PUT',
    path: '/v1/company/companies/{id}',
    own: (i) => ({ url: `/v1/company/companies/${i.company}`, body: {} }),
    expect: { admin: 403, staff: 403, company: 400 },
    foreign: [
      {
        who: 'company',
        url: (i) => `/v1/company/companies/${i.neighbourCompany}`,
        body: () => ({ version: 1, attributes: { name1: 'x' } }),
        status: 404,
      },
    ],
  },
  { method: 'GET', path: '/v1/company/conferences', own: () => ({ url: '/v1/company/conferences' }), expect: companyRead },
  {
    method: 'GET',
    path: '/v1/company/conferences/{id}',
    own: (i) => ({ url: `/v1/company/conferences/${i.conference}` }),
    expect: companyRead,
    foreign: [
      { who: 'company', url: (i) => `/v1/company/conferences/${i.neighbourConference}`, status: 404 },
      { who: 'company', url: (i) => `/v1/company/conferences/${i.other.conference}`, status: 404 },
    ],
  },
  {
    method: 'GET',
    path: '/v1/company/conference_companies',
    own: () => ({ url: '/v1/company/conference_companies' }),
    expect: companyRead,
  },
  {
    method: 'GET',
    path: '/v1/company/conference_members',
    own: () => ({ url: '/v1/company/conference_members' }),
    expect: companyRead,
  },
  {
    method: 'POST',
    path: '/v1/company/conference_members/answer',
    own: () => ({ url: '/v1/company/conference_members/answer', body: {} }),
    expect: { admin: 403, staff: 403, company: 400 },
    foreign: [
      {
        who: 'company',
        url: () => '/v1/company/conference_members/answer',
        body: (i) => ({ answers: [{ id: i.neighbourConferenceMember, answer_content: 'attend' }] }),
        status: 404,
      },
      {
        who: 'company',
        url: () => '/v1/company/conference_members/answer',
        body: (i) => ({ answers: [{ id: i.other.conferenceMember, answer_content: 'attend' }] }),
        status: 404,
      },
    ],
  },

  // exports and files (issue 6)
  {
    method: 'POST',
    path: '/v1/cci/{cci_code}/export',
    own: () => ({ url: '/v1/cci/demo/export', body: {} }),
    expect: chamberWrite,
    foreign: bothChamber(
      () => `/v1/cci/${OTHER_CCI}/export`,
      403,
      () => ({ type: 'companies', format: 'xlsx' }),
    ),
  },
  {
    method: 'GET',
    path: '/v1/cci/{cci_code}/export',
    own: () => ({ url: '/v1/cci/demo/export' }),
    expect: chamberRead,
    foreign: bothChamber(() => `/v1/cci/${OTHER_CCI}/export`, 403),
  },
  {
    method: 'GET',
    path: '/v1/cci/{cci_code}/export/{id}',
    own: () => ({ url: `/v1/cci/demo/export/${MISSING}` }),
    expect: chamberMissing,
    foreign: bothChamber(() => `/v1/cci/${OTHER_CCI}/export/${MISSING}`, 403),
  },
  {
    method: 'POST',
    path: '/v1/cci/{cci_code}/common/s3/put_object_url',
    own: () => ({ url: '/v1/cci/demo/common/s3/put_object_url', body: {} }),
    expect: chamberWrite,
    foreign: bothChamber(
      () => `/v1/cci/${OTHER_CCI}/common/s3/put_object_url`,
      403,
      () => ({ file_name: 'a.pdf', content_type: 'application/pdf', size: 1, purpose: 'conference_attachment' }),
    ),
  },
  {
    method: 'GET',
    path: '/v1/cci/{cci_code}/common/s3/get_object_url',
    own: () => ({ url: '/v1/cci/demo/common/s3/get_object_url?path=demo/attachments/none/x.pdf' }),
    expect: chamberMissing,
    foreign: [
      ...bothChamber(() => `/v1/cci/${OTHER_CCI}/common/s3/get_object_url?path=${OTHER_CCI}/attachments/none/x.pdf`, 403),
      ...bothChamber(() => `/v1/cci/demo/common/s3/get_object_url?path=${OTHER_CCI}/attachments/none/x.pdf`, 404),
    ],
  },
  {
    method: 'GET',
    path: '/v1/company/{cci_code}/common/s3/get_object_url',
    own: () => ({ url: '/v1/company/demo/common/s3/get_object_url?path=demo/attachments/none/x.pdf' }),
    expect: { admin: 403, staff: 403, company: 404 },
    foreign: [
      {
        who: 'company',
        url: () => `/v1/company/${OTHER_CCI}/common/s3/get_object_url?path=${OTHER_CCI}/attachments/x/y.pdf`,
        status: 404,
      },
    ],
  },
];

/** Public endpoints: no token needed (the user is signed out), so no role cells. */
const PUBLIC = ['POST /v1/company/common/users/forget_password', 'POST /v1/company/common/users/reset_password'];

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let ids: Ids;

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await app.pool.query(sql, params);
  if (!rows[0]) throw new Error(`fixture query found nothing: ${sql}`);
  return Object.values(rows[0])[0] as T;
}

/** A conference with one invitee of the given company (conference_member + conference_company). */
async function invitedConference(
  cciCode: string,
  companyId: number,
  memberId: number,
): Promise<{ conference: number; conferenceMember: number }> {
  const conference = await createConference(app.pool, { cciCode, name: '権限テスト会議' });
  const conferenceMember = await one<number>(
    `insert into conference_member (cci_code, conference_id, company_id, member_id, category, sort) values ($1, $2, $3, $4, 'principal', 1) returning id`,
    [cciCode, conference, companyId, memberId],
  );
  await app.pool.query('insert into conference_company (cci_code, conference_id, company_id) values ($1, $2, $3)', [
    cciCode,
    conference,
    companyId,
  ]);
  return { conference, conferenceMember };
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  call = caller(app, tokenOf);
  const { companyId: otherCompany } = await ensureOtherChamber(app.pool);
  // Own rows are read, never written (bodies fail validation), so demo rows other files count on
  // are used as they are; the neighbour company is this file's own, so no demo company changes.
  const company = await companyIdOf(app.pool, 'C0001');
  const invite = await app.pool.query<{ id: number; conference_id: number; member_id: number }>(
    `select cm.id, cm.conference_id, cm.member_id from conference_member cm join conference c on c.id = cm.conference_id
      where cm.company_id = $1 and c.status = 'published' and c.parent_id is null order by cm.id limit 1`,
    [company],
  );
  if (!invite.rows[0]) throw new Error('the demo seed invites company C0001 to a published conference');
  const own = { conference: invite.rows[0].conference_id, conferenceMember: invite.rows[0].id };
  const member = invite.rows[0].member_id;
  const neighbourCompany = await createCompany(app.pool, `PERM-N-${Date.now()}`, '権限テスト隣社');
  const neighbourMember = await createMember(app.pool, {
    companyId: neighbourCompany,
    name: '権限 次郎',
    kana: 'ケンゲン ジロウ',
  });
  const otherMember = await createMember(app.pool, {
    cciCode: OTHER_CCI,
    companyId: otherCompany,
    name: '他所 三郎',
    kana: 'ヨソ サブロウ',
    positions: [{ type: 'CCI_OFFICER', department: '役員' }],
  });
  const neighbour = await invitedConference('demo', neighbourCompany, neighbourMember);
  const other = await invitedConference(OTHER_CCI, otherCompany, otherMember);
  const otherUser = `perm-other-${Date.now()}`;
  await app.pool.query(`insert into users (username, cci_code, user_type, email) values ($1, $2, 'CCI_ADMIN', $3)`, [
    otherUser,
    OTHER_CCI,
    `${otherUser}@other.example.jp`,
  ]);
  ids = {
    company,
    neighbourCompany,
    member,
    position: await one<number>("select id from position where cci_code = 'demo' order by id limit 1"),
    conference: own.conference,
    template: await one<number>("select id from conference_template where cci_code = 'demo' order by id limit 1"),
    conferenceMember: own.conferenceMember,
    user: await usernameOf(app.pool, DEMO.staff),
    neighbourConference: neighbour.conference,
    neighbourConferenceMember: neighbour.conferenceMember,
    other: {
      company: otherCompany,
      member: otherMember,
      position: await one<number>('select id from position where member_id = $1', [otherMember]),
      conference: other.conference,
      template: await one<number>(
        `insert into conference_template (cci_code, conference_template_code, name) values ($1, $2, 'よその会議') returning id`,
        [OTHER_CCI, `PERM-${Date.now()}`],
      ),
      conferenceMember: other.conferenceMember,
      user: otherUser,
    },
  };
});
afterAll(() => app.close());

describe('permission table (DESIGN.md §6)', () => {
  it('has a row for every /v1 endpoint of the OpenAPI document', () => {
    const documented = Object.entries((app.swagger() as { paths: Record<string, object> }).paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const inTable = [...TABLE.map((r) => `${r.method} ${r.path}`), ...PUBLIC];
    expect(documented.filter((e) => e.includes(' /v1/')).sort()).toEqual([...inTable].sort());
  });

  it.each(TABLE.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: every role in its own chamber, and anonymous',
    async (_name, row) => {
      const { url, body } = row.own(ids);
      const got: Record<string, number> = {};
      for (const who of ['admin', 'staff', 'company'] as const)
        got[who] = (await call(row.method, url, EMAIL[who], body)).statusCode;
      got.anonymous = (await call(row.method, url, null, body)).statusCode;
      expect(got).toEqual({ ...row.expect, anonymous: 401 });
    },
  );

  const foreignCells = TABLE.flatMap((row) =>
    (row.foreign ?? []).map((cell, n) => [`${row.method} ${row.path} [${cell.who} #${n + 1}]`, row, cell] as const),
  );
  it.each(foreignCells)('%s: another chamber or company is refused', async (_name, row, cell) => {
    const res = await call(row.method, cell.url(ids), EMAIL[cell.who], cell.body?.(ids));
    expect(res.statusCode, res.body).toBe(cell.status);
  });

  it.each(PUBLIC)('%s needs no token (public)', async (route) => {
    const [method, url] = route.split(' ') as [Method, string];
    expect((await call(method, url, null, {})).statusCode).toBe(400);
  });
});
