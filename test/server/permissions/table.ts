/**
 * The permission table (issue 3, issue 11, DESIGN.md §6): every /v1 route the router holds × the
 * callers (fixtures.ts: both demo chamber roles, the demo COMPANY_ADMIN, the COMPANY_ADMIN whose
 * company must confirm its data (admin_changed_info_flag '1'), a second chamber's CCI_ADMIN and
 * COMPANY_ADMIN; a disabled login and anonymous callers always get 401), with the status expected
 * in each cell. A route missing from the table fails the coverage test (roles.test.ts), so a new
 * endpoint cannot ship without its row; HEAD rows are the GET rows, run with HEAD.
 *
 * Cells: requests use real demo ids and a body that fails validation (so nothing is written): an
 * allowed role therefore gets the status named in the row (200 for reads, 400 for writes, 404 for
 * ids that do not exist), a refused role 403. Callers of the other chamber get, with the same URL,
 * 403 where a path names the demo chamber, 404 for a demo id, their own (empty) list otherwise —
 * a company caller never learns that a row exists (404, DESIGN.md §6). `foreign` cells use ids
 * that exist elsewhere with a valid body, so only tenancy can refuse them.
 */
import { OTHER_CCI } from '../../helpers/fixtures.ts';
import type { Ids, Who } from './fixtures.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
export type Expect = Record<Who, number>;

export const MISSING = 2_000_000_000;

export interface Row {
  method: Method;
  /** the path as the router and the OpenAPI document name it */
  path: string;
  /** concrete own-chamber URL and body */
  own: (ids: Ids) => { url: string; body?: object };
  /** expected status per caller */
  expect: Expect;
  /** requests that must be refused by tenancy, per role that passes the role check */
  foreign?: Array<{ who: Who; url: (ids: Ids) => string; body?: (ids: Ids) => object; status: number }>;
  /**
   * An event stream (issue 12): an admitted caller's answer never ends, so the runner sends its
   * cells to a listening server and reads only the status line (inject would wait forever).
   */
  stream?: true;
}

// chamber routes: every company caller is refused by its role
const CHAMBER_ONLY = { company: 403, companyNew: 403, otherCompany: 403 };
const chamberRead = { ...CHAMBER_ONLY, admin: 200, staff: 200, otherAdmin: 200 };
/** a demo id: another chamber's admin finds nothing */
const chamberShow = { ...chamberRead, otherAdmin: 404 };
const adminWrite = { ...CHAMBER_ONLY, admin: 400, staff: 403, otherAdmin: 400 };
const chamberWrite = { ...CHAMBER_ONLY, admin: 400, staff: 400, otherAdmin: 400 };
const adminMissing = { ...CHAMBER_ONLY, admin: 404, staff: 403, otherAdmin: 404 };
const chamberMissing = { ...CHAMBER_ONLY, admin: 404, staff: 404, otherAdmin: 404 };
/** a path naming the demo chamber: another chamber's admin is refused by tenancy before anything else */
const inDemo = (e: Expect): Expect => ({ ...e, otherAdmin: 403 });

// company routes: every chamber caller is refused by its role
const COMPANY_ONLY = { admin: 403, staff: 403, otherAdmin: 403 };
const companyRead = { ...COMPANY_ONLY, company: 200, companyNew: 200, otherCompany: 200 };
/** C0001's own row: any other company finds nothing */
const companyShow = { ...companyRead, companyNew: 404, otherCompany: 404 };
const companyWrite = { ...COMPANY_ONLY, company: 400, companyNew: 400, otherCompany: 400 };

const bothChamber = (url: (ids: Ids) => string, status: number, body?: (ids: Ids) => object) =>
  (['admin', 'staff'] as const).map((who) => ({ who, url, body, status }));
const adminOnly = (url: (ids: Ids) => string, status: number, body?: (ids: Ids) => object) => [
  { who: 'admin' as const, url, body, status },
];

const M = '/v1/cci/admin/master';
const TPL = '/v1/cci/{cci_code}/master/CCI_CONFERENCE_TEMPLATE';
const tpl = (cci: string) => `/v1/cci/${cci}/master/CCI_CONFERENCE_TEMPLATE`;
const v1 = { version: 1 };

const ROOM = `${M}/conferences/{id}/room`;
const room = (conference: number, rest = '') => `${M}/conferences/${conference}/room${rest}`;
/** the demo conference's room: another chamber's admin finds no such conference */
const roomRead = chamberShow;
const roomCreated = { ...chamberShow, admin: 201, staff: 201 };

/** Staff paths: own = the demo conference; foreign = the other chamber's room and its rows. */
function staffRoomRows(): Row[] {
  const read = (rest: string, extra: Partial<Row> = {}): Row => ({
    method: 'GET',
    path: `${ROOM}${rest}`,
    own: (i) => ({ url: room(i.conference, rest) }),
    expect: roomRead,
    foreign: bothChamber((i) => room(i.other.conference, rest), 404),
    ...extra,
  });
  const write = (method: Method, rest: string, valid: (ids: Ids) => object): Row => ({
    method,
    path: `${ROOM}${rest}`,
    own: (i) => ({ url: room(i.conference, rest), body: {} }),
    expect: chamberWrite,
    foreign: bothChamber((i) => room(i.other.conference, rest), 404, valid),
  });
  return [
    read(''),
    write('PUT', '', () => v1),
    { ...read('/ticket'), method: 'POST', expect: roomCreated },
    read('/events', { stream: true }),
    read('/chat'),
    write('POST', '/chat', () => ({ body: 'よその会議へ' })),
    {
      method: 'DELETE',
      path: `${ROOM}/chat/{message_id}`,
      own: (i) => ({ url: room(i.conference, `/chat/${MISSING}`) }),
      expect: chamberMissing,
      foreign: [
        ...bothChamber((i) => room(i.other.conference, `/chat/${i.other.roomChat}`), 404),
        ...bothChamber((i) => room(i.conference, `/chat/${i.other.roomChat}`), 404),
      ],
    },
    read('/comments'),
    {
      method: 'PUT',
      path: `${ROOM}/comments/{comment_id}`,
      own: (i) => ({ url: room(i.conference, `/comments/${MISSING}`), body: {} }),
      expect: chamberWrite,
      foreign: [
        ...bothChamber(
          (i) => room(i.other.conference, `/comments/${i.other.roomComment}`),
          404,
          () => ({
            status: 'answered',
            version: 1,
          }),
        ),
        ...bothChamber(
          (i) => room(i.conference, `/comments/${i.other.roomComment}`),
          404,
          () => ({
            status: 'hidden',
            version: 1,
          }),
        ),
      ],
    },
    write('PUT', '/stopwatch', () => ({ action: 'reset' })),
    read('/links'),
    {
      ...write('POST', '/links', () => ({ kind: 'guest', name: 'よその来賓' })),
      // an invitee link names a member of THIS conference: another's is refused
      foreign: [
        ...bothChamber(
          (i) => room(i.other.conference, '/links'),
          404,
          () => ({ kind: 'guest', name: 'よその来賓' }),
        ),
        ...bothChamber(
          (i) => room(i.conference, '/links'),
          422,
          (i) => ({
            kind: 'user',
            conference_member_id: i.other.conferenceMember,
          }),
        ),
        ...bothChamber(
          (i) => room(i.conference, '/links'),
          422,
          (i) => ({
            kind: 'user',
            conference_member_id: i.neighbourConferenceMember,
          }),
        ),
      ],
    },
    {
      method: 'DELETE',
      path: `${ROOM}/links/{link_id}`,
      own: (i) => ({ url: room(i.conference, `/links/${MISSING}`) }),
      expect: chamberMissing,
      foreign: [
        ...bothChamber((i) => room(i.other.conference, `/links/${i.other.roomLink}`), 404),
        ...bothChamber((i) => room(i.conference, `/links/${i.other.roomLink}`), 404),
      ],
    },
  ];
}

const CROOM = '/v1/company/conferences/{id}/room';
const croom = (conference: number, rest = '') => `/v1/company/conferences/${conference}/room${rest}`;

/** Company paths: own = the demo conference (C0001 and C0002 invited); not invited = 404. */
function companyRoomRows(): Row[] {
  const notInvited = (rest: string, body?: () => object) => [
    { who: 'company' as const, url: (i: Ids) => croom(i.neighbourConference, rest), body, status: 404 },
    { who: 'company' as const, url: (i: Ids) => croom(i.other.conference, rest), body, status: 404 },
  ];
  const read = (rest: string, extra: Partial<Row> = {}): Row => ({
    method: 'GET',
    path: `${CROOM}${rest}`,
    own: (i) => ({ url: croom(i.conference, rest) }),
    expect: { ...companyShow, companyNew: 200 },
    foreign: notInvited(rest),
    ...extra,
  });
  const write = (rest: string): Row => ({
    method: 'POST',
    path: `${CROOM}${rest}`,
    own: (i) => ({ url: croom(i.conference, rest), body: {} }),
    expect: companyWrite,
    foreign: notInvited(rest, () => ({ body: '招待されていない会議へ' })),
  });
  return [
    read(''),
    { ...read('/ticket'), method: 'POST', expect: { ...companyShow, company: 201, companyNew: 201 } },
    read('/events', { stream: true }),
    read('/chat'),
    write('/chat'),
    read('/comments'),
    write('/comments'),
  ];
}

const MOTIONS = `${M}/conferences/{id}/motions`;
const motions = (conference: number, rest = '') => `${M}/conferences/${conference}/motions${rest}`;

/** 議案: own = the demo conference; foreign = the other chamber's conference and motion, or its motion under a demo conference. */
function motionRows(): Row[] {
  const foreignMotion = (body?: (ids: Ids) => object) => [
    ...bothChamber((i) => motions(i.other.conference, `/${i.other.motion}`), 404, body),
    ...bothChamber((i) => motions(i.conference, `/${i.other.motion}`), 404, body),
  ];
  return [
    {
      method: 'GET',
      path: MOTIONS,
      own: (i) => ({ url: motions(i.conference) }),
      expect: chamberShow,
      foreign: bothChamber((i) => motions(i.other.conference), 404),
    },
    {
      method: 'POST',
      path: MOTIONS,
      own: (i) => ({ url: motions(i.conference), body: {} }),
      expect: chamberWrite,
      foreign: bothChamber(
        (i) => motions(i.other.conference),
        404,
        () => ({ number: '第9号議案', title: 'よその議案' }),
      ),
    },
    {
      method: 'GET',
      path: `${MOTIONS}/{motion_id}`,
      own: (i) => ({ url: motions(i.conference, `/${MISSING}`) }),
      expect: chamberMissing,
      foreign: foreignMotion(),
    },
    {
      method: 'PUT',
      path: `${MOTIONS}/{motion_id}`,
      own: (i) => ({ url: motions(i.conference, `/${MISSING}`), body: {} }),
      expect: chamberWrite,
      foreign: foreignMotion(() => ({ version: 1, title: 'よそから' })),
    },
    {
      method: 'DELETE',
      path: `${MOTIONS}/{motion_id}`,
      own: (i) => ({ url: motions(i.conference, `/${MISSING}`) }),
      expect: chamberMissing,
      foreign: foreignMotion(),
    },
    {
      method: 'POST',
      path: `${MOTIONS}/{motion_id}/polls`,
      own: (i) => ({ url: motions(i.conference, `/${MISSING}/polls`), body: {} }),
      expect: chamberWrite,
      foreign: [
        ...bothChamber(
          (i) => motions(i.other.conference, `/${i.other.motion}/polls`),
          404,
          () => ({ method: 'show_of_hands' }),
        ),
        ...bothChamber(
          (i) => motions(i.conference, `/${i.other.motion}/polls`),
          404,
          () => ({ method: 'show_of_hands' }),
        ),
      ],
    },
    {
      method: 'GET',
      path: `${MOTIONS}/{motion_id}/polls/{poll_id}`,
      own: (i) => ({ url: motions(i.conference, `/${MISSING}/polls/${MISSING}`) }),
      expect: chamberMissing,
      foreign: [
        ...bothChamber((i) => motions(i.other.conference, `/${i.other.motion}/polls/${i.other.poll}`), 404),
        ...bothChamber((i) => motions(i.conference, `/${i.other.motion}/polls/${i.other.poll}`), 404),
      ],
    },
    {
      method: 'PUT',
      path: `${MOTIONS}/{motion_id}/polls/{poll_id}`,
      own: (i) => ({ url: motions(i.conference, `/${MISSING}/polls/${MISSING}`), body: {} }),
      expect: chamberWrite,
      foreign: bothChamber(
        (i) => motions(i.other.conference, `/${i.other.motion}/polls/${i.other.poll}`),
        404,
        () => ({ version: 1, status: 'closed' }),
      ),
    },
    {
      method: 'POST',
      path: `${MOTIONS}/{motion_id}/polls/{poll_id}/declare`,
      own: (i) => ({ url: motions(i.conference, `/${MISSING}/polls/${MISSING}/declare`), body: { chair: 1 } }),
      expect: chamberWrite,
      foreign: bothChamber(
        (i) => motions(i.other.conference, `/${i.other.motion}/polls/${i.other.poll}/declare`),
        404,
        () => ({}),
      ),
    },
    // 書面議決: staff for an invitee of their chamber, a company admin for its own invitees
    {
      method: 'GET',
      path: `${M}/conference_members/{id}/written_votes`,
      own: (i) => ({ url: `${M}/conference_members/${i.conferenceMember}/written_votes` }),
      expect: chamberShow,
      foreign: bothChamber((i) => `${M}/conference_members/${i.other.conferenceMember}/written_votes`, 404),
    },
    {
      method: 'PUT',
      path: `${M}/conference_members/{id}/written_votes`,
      own: (i) => ({ url: `${M}/conference_members/${i.conferenceMember}/written_votes`, body: {} }),
      expect: chamberWrite,
      foreign: bothChamber((i) => `${M}/conference_members/${i.other.conferenceMember}/written_votes`, 404, writtenVote),
    },
    {
      method: 'GET',
      path: '/v1/company/conference_members/{id}/written_votes',
      own: (i) => ({ url: `/v1/company/conference_members/${i.conferenceMember}/written_votes` }),
      expect: companyShow,
      foreign: [
        {
          who: 'company',
          url: (i) => `/v1/company/conference_members/${i.neighbourConferenceMember}/written_votes`,
          status: 404,
        },
        { who: 'company', url: (i) => `/v1/company/conference_members/${i.other.conferenceMember}/written_votes`, status: 404 },
      ],
    },
    {
      method: 'PUT',
      path: '/v1/company/conference_members/{id}/written_votes',
      own: (i) => ({ url: `/v1/company/conference_members/${i.conferenceMember}/written_votes`, body: {} }),
      expect: companyWrite,
      foreign: [
        {
          who: 'company',
          url: (i) => `/v1/company/conference_members/${i.neighbourConferenceMember}/written_votes`,
          body: writtenVote,
          status: 404,
        },
        {
          who: 'otherCompany',
          url: (i) => `/v1/company/conference_members/${i.conferenceMember}/written_votes`,
          body: writtenVote,
          status: 404,
        },
      ],
    },
  ];
}

const MINUTES = `${M}/conferences/{id}/minutes`;
const minutesUrl = (conference: number, rest = '') => `${M}/conferences/${conference}/minutes${rest}`;

/** 議事録 (issue 35, DESIGN.md §12.2): own = the demo conference; foreign = the other chamber's conference. */
function minutesRows(): Row[] {
  const read = (rest: string): Row => ({
    method: 'GET',
    path: `${MINUTES}${rest}`,
    own: (i) => ({ url: minutesUrl(i.conference, rest) }),
    expect: chamberShow,
    foreign: bothChamber((i) => minutesUrl(i.other.conference, rest), 404),
  });
  const write = (method: Method, rest: string, valid: object): Row => ({
    method,
    path: `${MINUTES}${rest}`,
    own: (i) => ({ url: minutesUrl(i.conference, rest), body: {} }),
    expect: chamberWrite,
    foreign: bothChamber(
      (i) => minutesUrl(i.other.conference, rest),
      404,
      () => valid,
    ),
  });
  return [
    read(''),
    write('PUT', '', { revision: 0 }),
    write('POST', '/finalise', { revision: 1 }),
    write('POST', '/publish', { version: 1 }),
    read('/versions'),
    {
      // nothing published for the demo conference: every company caller finds nothing (a published one: minutes.test.ts)
      method: 'GET',
      path: '/v1/company/conferences/{id}/minutes',
      own: (i) => ({ url: `/v1/company/conferences/${i.conference}/minutes` }),
      expect: { ...COMPANY_ONLY, company: 404, companyNew: 404, otherCompany: 404 },
    },
  ];
}

/** A valid 書面議決 body: only tenancy can refuse it. */
const writtenVote = (i: Ids) => ({ votes: [{ motion_id: i.other.motion, choice: 'yes' }] });

const ROWS: Row[] = [
  // session
  {
    method: 'GET',
    path: '/v1/cci/user_info',
    own: () => ({ url: '/v1/cci/user_info' }),
    expect: chamberRead,
    foreign: bothChamber(() => `/v1/cci/user_info?cci_code=${OTHER_CCI}`, 403),
  },
  {
    // the staff home's conference sections (issue 15 item 5)
    method: 'GET',
    path: '/v1/cci/{cci_code}/dashboard',
    own: () => ({ url: '/v1/cci/demo/dashboard' }),
    expect: inDemo(chamberRead),
    foreign: bothChamber(() => `/v1/cci/${OTHER_CCI}/dashboard`, 403),
  },
  { method: 'GET', path: '/v1/company/user_info', own: () => ({ url: '/v1/company/user_info' }), expect: companyRead },

  // master data and templates: CCI_ADMIN writes, CCI_CONFERENCE_USER reads
  {
    method: 'GET',
    path: '/v1/cci/{cci_code}/master/{master_type_code}',
    own: () => ({ url: '/v1/cci/demo/master/cci_position_type' }),
    expect: inDemo(chamberRead),
    foreign: bothChamber(() => `/v1/cci/${OTHER_CCI}/master/cci_position_type`, 403),
  },
  {
    method: 'GET',
    path: '/v1/company/{cci_code}/master/{master_type_code}',
    own: () => ({ url: '/v1/company/demo/master/cci_position_type' }),
    expect: { ...companyRead, otherCompany: 404 },
    foreign: [{ who: 'company', url: () => `/v1/company/${OTHER_CCI}/master/cci_position_type`, status: 404 }],
  },
  {
    method: 'GET',
    path: TPL,
    own: () => ({ url: tpl('demo') }),
    expect: inDemo(chamberRead),
    foreign: bothChamber(() => tpl(OTHER_CCI), 403),
  },
  {
    method: 'POST',
    path: TPL,
    own: () => ({ url: tpl('demo'), body: {} }),
    expect: inDemo(adminWrite),
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
    expect: inDemo(chamberRead),
    foreign: [
      ...bothChamber((i) => `${tpl(OTHER_CCI)}/${i.other.template}`, 403),
      ...bothChamber((i) => `${tpl('demo')}/${i.other.template}`, 404),
    ],
  },
  {
    method: 'PUT',
    path: `${TPL}/{id}`,
    own: (i) => ({ url: `${tpl('demo')}/${i.template}`, body: {} }),
    expect: inDemo(adminWrite),
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
    expect: inDemo(adminMissing),
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
  // the chamber as the sender of its mail (issue 33): CCI_ADMIN only, always the caller's own chamber
  {
    method: 'GET',
    path: `${M}/chamber_settings`,
    own: () => ({ url: `${M}/chamber_settings` }),
    expect: { ...chamberRead, staff: 403 },
  },
  { method: 'PUT', path: `${M}/chamber_settings`, own: () => ({ url: `${M}/chamber_settings`, body: {} }), expect: adminWrite },
  {
    method: 'GET',
    path: `${M}/companies/{id}`,
    own: (i) => ({ url: `${M}/companies/${i.company}` }),
    expect: chamberShow,
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
    expect: chamberShow,
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
    expect: chamberShow,
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
  // staff accounts (DESIGN.md §6): an empty body fails validation, so nothing is created
  { method: 'POST', path: `${M}/users`, own: () => ({ url: `${M}/users`, body: {} }), expect: adminWrite },
  {
    // a real user would get a new password (and lose its own): an unknown one, found by nobody
    method: 'POST',
    path: `${M}/users/{username}/temporary_password`,
    own: () => ({ url: `${M}/users/perm-missing-user/temporary_password` }),
    expect: adminMissing,
    foreign: adminOnly((i) => `${M}/users/${i.other.user}/temporary_password`, 404),
  },
  {
    method: 'GET',
    path: `${M}/users/{username}`,
    own: (i) => ({ url: `${M}/users/${i.user}` }),
    expect: chamberShow,
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
    expect: chamberShow,
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
  // what a save would mail (issue 33): both chamber roles, their own chamber's conferences
  {
    method: 'POST',
    path: `${M}/conferences/{id}/mail_preview`,
    own: () => ({ url: `${M}/conferences/${MISSING}/mail_preview`, body: {} }),
    expect: chamberMissing,
    foreign: bothChamber(
      (i) => `${M}/conferences/${i.other.conference}/mail_preview`,
      404,
      () => ({ status: 'cancelled' }),
    ),
  },
  // 定足数 (issue 14, DESIGN.md §11.3): both chamber roles, their own chamber's conferences
  {
    method: 'GET',
    path: `${M}/conferences/{id}/quorum`,
    own: (i) => ({ url: `${M}/conferences/${i.conference}/quorum` }),
    expect: chamberShow,
    foreign: bothChamber((i) => `${M}/conferences/${i.other.conference}/quorum`, 404),
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

  // mail (issue 13, DESIGN.md §11.2): 送信履歴, the staff-written message, resend
  { method: 'GET', path: `${M}/notifications`, own: () => ({ url: `${M}/notifications` }), expect: chamberRead },
  {
    method: 'GET',
    path: `${M}/conferences/{id}/notifications`,
    own: (i) => ({ url: `${M}/conferences/${i.conference}/notifications` }),
    expect: chamberShow,
    foreign: bothChamber((i) => `${M}/conferences/${i.other.conference}/notifications`, 404),
  },
  {
    method: 'POST',
    path: `${M}/conferences/{id}/notifications`,
    own: (i) => ({ url: `${M}/conferences/${i.conference}/notifications`, body: {} }),
    expect: chamberWrite,
    foreign: bothChamber(
      (i) => `${M}/conferences/${i.other.conference}/notifications`,
      404,
      () => ({ unanswered: true, subject: 'よその会議へ', body: '本文', preview: true }),
    ),
  },
  {
    method: 'POST',
    path: `${M}/notifications/{id}/resend`,
    own: () => ({ url: `${M}/notifications/${MISSING}/resend` }),
    expect: chamberMissing,
  },

  // reception (issue 14, DESIGN.md §11.3): check-ins, undo, walk-ins of a conference of the caller's chamber
  {
    method: 'GET',
    path: `${M}/conferences/{id}/check_ins`,
    own: (i) => ({ url: `${M}/conferences/${i.conference}/check_ins` }),
    expect: chamberShow,
    foreign: bothChamber((i) => `${M}/conferences/${i.other.conference}/check_ins`, 404),
  },
  {
    method: 'POST',
    path: `${M}/conferences/{id}/check_ins`,
    own: (i) => ({ url: `${M}/conferences/${i.conference}/check_ins`, body: {} }),
    expect: chamberWrite,
    foreign: [
      ...bothChamber(
        (i) => `${M}/conferences/${i.other.conference}/check_ins`,
        404,
        (i) => ({ conference_member_id: i.other.conferenceMember }),
      ),
      // another chamber's invitee named in the body is no invitee of this conference
      ...bothChamber(
        (i) => `${M}/conferences/${i.conference}/check_ins`,
        404,
        (i) => ({ conference_member_id: i.other.conferenceMember }),
      ),
    ],
  },
  {
    method: 'DELETE',
    path: `${M}/conferences/{id}/check_ins/{conference_member_id}`,
    own: (i) => ({ url: `${M}/conferences/${i.conference}/check_ins/${MISSING}` }),
    expect: chamberMissing,
    foreign: [
      ...bothChamber((i) => `${M}/conferences/${i.other.conference}/check_ins/${i.other.conferenceMember}`, 404),
      ...bothChamber((i) => `${M}/conferences/${i.conference}/check_ins/${i.other.conferenceMember}`, 404),
    ],
  },
  {
    method: 'POST',
    path: `${M}/conferences/{id}/walk_ins`,
    own: (i) => ({ url: `${M}/conferences/${i.conference}/walk_ins`, body: {} }),
    expect: chamberWrite,
    foreign: [
      ...bothChamber(
        (i) => `${M}/conferences/${i.other.conference}/walk_ins`,
        404,
        (i) => ({ company_id: i.other.company, name: 'よその 来場者' }),
      ),
      // another chamber's company is never invited here
      ...bothChamber(
        (i) => `${M}/conferences/${i.conference}/walk_ins`,
        422,
        (i) => ({ company_id: i.other.company, name: 'よその 来場者' }),
      ),
    ],
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
    expect: companyShow,
    foreign: [
      { who: 'company', url: (i) => `/v1/company/companies/${i.neighbourCompany}`, status: 404 },
      { who: 'company', url: (i) => `/v1/company/companies/${i.other.company}`, status: 404 },
    ],
  },
  {
    method: 'GET',
    path: '/v1/company/companies/{id}/chamber_changes',
    own: (i) => ({ url: `/v1/company/companies/${i.company}/chamber_changes` }),
    expect: companyShow,
    foreign: [
      { who: 'company', url: (i) => `/v1/company/companies/${i.neighbourCompany}/chamber_changes`, status: 404 },
      { who: 'company', url: (i) => `/v1/company/companies/${i.other.company}/chamber_changes`, status: 404 },
    ],
  },
  {
    method: 'PUT',
    path: '/v1/company/companies/{id}',
    own: (i) => ({ url: `/v1/company/companies/${i.company}`, body: {} }),
    expect: companyWrite,
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
    // the demo seed invites C0002 to it too
    expect: { ...companyShow, companyNew: 200 },
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
    expect: companyWrite,
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

  {
    // the 受付票 (issue 14): only the own company's invitees; the demo rows' answers vary, so own = a missing id
    method: 'GET',
    path: '/v1/company/conference_members/{id}/ticket',
    own: () => ({ url: `/v1/company/conference_members/${MISSING}/ticket` }),
    expect: { ...COMPANY_ONLY, company: 404, companyNew: 404, otherCompany: 404 },
    foreign: [
      { who: 'company', url: (i) => `/v1/company/conference_members/${i.neighbourConferenceMember}/ticket`, status: 404 },
      { who: 'company', url: (i) => `/v1/company/conference_members/${i.other.conferenceMember}/ticket`, status: 404 },
    ],
  },

  // the import template of a list (issue 17): CCI_ADMIN only, like the import itself
  {
    method: 'GET',
    path: '/v1/cci/{cci_code}/import/template',
    own: () => ({ url: '/v1/cci/demo/import/template?type=companies' }),
    expect: inDemo({ ...CHAMBER_ONLY, admin: 200, staff: 403, otherAdmin: 200 }),
    foreign: adminOnly(() => `/v1/cci/${OTHER_CCI}/import/template?type=companies`, 403),
  },

  // exports and files (issue 6)
  {
    method: 'POST',
    path: '/v1/cci/{cci_code}/export',
    own: () => ({ url: '/v1/cci/demo/export', body: {} }),
    expect: inDemo(chamberWrite),
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
    expect: inDemo(chamberRead),
    foreign: bothChamber(() => `/v1/cci/${OTHER_CCI}/export`, 403),
  },
  {
    method: 'GET',
    path: '/v1/cci/{cci_code}/export/{id}',
    own: () => ({ url: `/v1/cci/demo/export/${MISSING}` }),
    expect: inDemo(chamberMissing),
    foreign: bothChamber(() => `/v1/cci/${OTHER_CCI}/export/${MISSING}`, 403),
  },
  // imports (DESIGN.md §11.4): CCI_ADMIN only
  {
    method: 'POST',
    path: '/v1/cci/{cci_code}/import',
    own: () => ({ url: '/v1/cci/demo/import', body: {} }),
    expect: inDemo(adminWrite),
    foreign: adminOnly(
      () => `/v1/cci/${OTHER_CCI}/import`,
      403,
      () => ({ type: 'companies', key: `${OTHER_CCI}/imports/uploads/x/a.csv` }),
    ),
  },
  {
    method: 'GET',
    path: '/v1/cci/{cci_code}/import',
    own: () => ({ url: '/v1/cci/demo/import' }),
    expect: inDemo({ ...chamberRead, staff: 403 }),
    foreign: adminOnly(() => `/v1/cci/${OTHER_CCI}/import`, 403),
  },
  {
    method: 'GET',
    path: '/v1/cci/{cci_code}/import/{id}',
    own: () => ({ url: `/v1/cci/demo/import/${MISSING}` }),
    expect: inDemo(adminMissing),
    foreign: adminOnly(() => `/v1/cci/${OTHER_CCI}/import/${MISSING}`, 403),
  },
  {
    method: 'GET',
    path: '/v1/cci/{cci_code}/import/{id}/changes',
    own: () => ({ url: `/v1/cci/demo/import/${MISSING}/changes` }),
    expect: inDemo(adminMissing),
    foreign: adminOnly(() => `/v1/cci/${OTHER_CCI}/import/${MISSING}/changes`, 403),
  },
  {
    method: 'POST',
    path: '/v1/cci/{cci_code}/import/{id}/apply',
    own: () => ({ url: `/v1/cci/demo/import/${MISSING}/apply` }),
    expect: inDemo(adminMissing),
    foreign: adminOnly(() => `/v1/cci/${OTHER_CCI}/import/${MISSING}/apply`, 403),
  },
  {
    method: 'POST',
    path: '/v1/cci/{cci_code}/common/s3/put_object_url',
    own: () => ({ url: '/v1/cci/demo/common/s3/put_object_url', body: {} }),
    expect: inDemo(chamberWrite),
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
    expect: inDemo(chamberMissing),
    foreign: [
      ...bothChamber(() => `/v1/cci/${OTHER_CCI}/common/s3/get_object_url?path=${OTHER_CCI}/attachments/none/x.pdf`, 403),
      ...bothChamber(() => `/v1/cci/demo/common/s3/get_object_url?path=${OTHER_CCI}/attachments/none/x.pdf`, 404),
    ],
  },
  {
    method: 'GET',
    path: '/v1/company/{cci_code}/common/s3/get_object_url',
    own: () => ({ url: '/v1/company/demo/common/s3/get_object_url?path=demo/attachments/none/x.pdf' }),
    expect: { ...COMPANY_ONLY, company: 404, companyNew: 404, otherCompany: 404 },
    foreign: [
      {
        who: 'company',
        url: () => `/v1/company/${OTHER_CCI}/common/s3/get_object_url?path=${OTHER_CCI}/attachments/x/y.pdf`,
        status: 404,
      },
    ],
  },

  // the live room (issue 12, DESIGN.md §11.1): staff of the conference's chamber
  ...staffRoomRows(),
  // an invited company's admin: the demo seed invites C0002 to the demo conference too
  ...companyRoomRows(),
  // 議案 (issue 34, DESIGN.md §12.1): staff of the conference's chamber
  ...motionRows(),
  // 議事録 (issue 35, DESIGN.md §12.2)
  ...minutesRows(),
];

/** Fastify answers HEAD beside every GET with the GET's handler: the same cells, run with HEAD. */
export const TABLE: Row[] = [...ROWS, ...ROWS.filter((r) => r.method === 'GET').map((r) => ({ ...r, method: 'HEAD' as const }))];

/** Public routes: no token needed, so no role cells; an anonymous caller gets `status` (never 401). */
export interface PublicRow {
  method: Method;
  path: string;
  url: string;
  body?: object;
  status: number;
  /** why no token is needed */
  why: string;
  /** an event stream: only the status line is read (see Row.stream) */
  stream?: true;
  /** a link holder's path (issue 12): with a valid token, the status an anonymous caller gets */
  holder?: { url: (ids: Ids) => string; body?: object; status: number };
}

const objectUrl = (query: string) =>
  `/v1/storage/objects/demo/attachments/perm/a.pdf?exp=99999999999&sig=${'A'.repeat(43)}${query}`;
const signedUrl = 'the local-disk driver’s presigned URL: its signature is the permission, a forged one is a 403';

/**
 * Link holders (issue 12, DESIGN.md §11.1): no account, the signed token in the path is the
 * credential. A token that does not verify is a 404 (with a well-formed body, so only the token can
 * refuse it); a valid one is let in (reads 200, a body that fails validation 400). Expired, revoked
 * and tampered links: test/server/routes/room/access.test.ts.
 */
const BAD_TOKEN = `1.1.${'A'.repeat(43)}`;
const linkHolder = 'a room link: the signed token in the path is the credential';
const holderRead = (rest: string, extra: Partial<PublicRow> = {}): PublicRow => ({
  method: 'GET',
  path: `/v1/room/{token}${rest}`,
  url: `/v1/room/${BAD_TOKEN}${rest}`,
  status: 404,
  why: linkHolder,
  holder: { url: (i) => `/v1/room/${i.roomToken}${rest}`, status: 200 },
  ...extra,
});
const holderWrite = (rest: string, method: Method = 'POST', body: object = { body: '偽のリンクから' }): PublicRow => ({
  method,
  path: `/v1/room/{token}${rest.replace(/\/1\//, '/{poll_id}/')}`,
  url: `/v1/room/${BAD_TOKEN}${rest}`,
  body,
  status: 404,
  why: linkHolder,
  holder: { url: (i) => `/v1/room/${i.roomToken}${rest}`, body: {}, status: 400 },
});
const HOLDER_ROWS: PublicRow[] = [
  holderRead(''),
  holderRead('/events', { stream: true }),
  holderRead('/chat'),
  holderWrite('/chat'),
  holderRead('/comments'),
  holderWrite('/comments'),
  // 採決 (issue 34): the voter's poll and ballot; who may vote and when: test/server/routes/room/ballots.test.ts
  holderRead('/polls/current'),
  holderWrite('/polls/1/ballot', 'PUT', { choice: 'yes' }),
];

export const PUBLIC: PublicRow[] = [
  ...HOLDER_ROWS,
  ...HOLDER_ROWS.filter((r) => r.method === 'GET').map((r) => ({ ...r, method: 'HEAD' as const })),
  {
    method: 'POST',
    path: '/v1/company/common/users/forget_password',
    url: '/v1/company/common/users/forget_password',
    body: {},
    status: 400,
    why: 'the user is signed out',
  },
  {
    method: 'POST',
    path: '/v1/company/common/users/reset_password',
    url: '/v1/company/common/users/reset_password',
    body: {},
    status: 400,
    why: 'the user is signed out',
  },
  { method: 'PUT', path: '/v1/storage/objects/*', url: objectUrl('&ct=application/pdf&size=1'), status: 403, why: signedUrl },
  { method: 'GET', path: '/v1/storage/objects/*', url: objectUrl(''), status: 403, why: signedUrl },
  { method: 'HEAD', path: '/v1/storage/objects/*', url: objectUrl(''), status: 403, why: signedUrl },
];
