/**
 * COPY text lines for each seeded table, generated from the plan (see plan.ts), with the
 * column lists they match. Generators yield one line per row and keep nothing: memory stays flat.
 */
import { buildSearchText } from '../../server/db/normalize.ts';
import {
  type CompanyAttributes,
  type ConferenceTemplateBody,
  MASTER_TYPE_CONFERENCE_TEMPLATE,
  MASTER_TYPE_POSITION_TYPE,
  type PositionType,
} from '../../server/db/schema.ts';
import { copyLine, copyText } from './copy.ts';
import { BRANCHES, COMMITTEES, SECTIONS } from './names.ts';
import {
  BRANCH_LEVELS,
  type ChamberPlan,
  CLUB_LEVELS,
  COMMITTEE_LEVELS,
  type CompanyFacts,
  type IdBases,
  type NationalUser,
  OFFICER_LEVELS,
  type Plan,
  SECTION_LEVELS,
  SEED_ACTOR,
} from './plan.ts';

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function* chamberRows(plan: Plan): Generator<string> {
  for (const ch of plan.chambers) {
    yield copyLine([
      ch.cci_code,
      `${ch.city[0]}商工会議所`,
      `${ch.city[1]}ショウコウカイギショ`,
      SEED_ACTOR,
      SEED_ACTOR,
      plan.asOf,
      plan.asOf,
    ]);
  }
}
export const CHAMBER_COLUMNS = 'cci_code, name, name_kana, created_by, updated_by, created_at, updated_at';

const POSITION_TYPE_MASTER: Array<[PositionType, string]> = [
  ['CCI_OFFICER', '役員'],
  ['CCI_SECTION', '部会'],
  ['CCI_BRANCH', '支部'],
  ['CCI_COMMITTEE', '委員会'],
  ['CCI_WOMEN_ASSOCIATION', '女性会'],
  ['CCI_YOUTH_DIVISION', '青年部'],
];

function templateBodies(ch: ChamberPlan): Array<[code: string, name: string, body: ConferenceTemplateBody]> {
  const hall = `${ch.city[0]}商工会議所会館`;
  return [
    [
      'GENERAL_ASSEMBLY',
      '通常議員総会',
      {
        place: `${hall} 5階 大ホール`,
        start_time: '14:00',
        end_time: '16:00',
        answer_deadline_days_before: 7,
        description: '通常議員総会を下記のとおり開催いたします。',
        answer_choices: ['attend', 'absent', 'proxy_attend', 'delegate'],
        allow_delegate: true,
        sub_conferences: [
          { name: '懇親会', place: `ホテル${ch.city[0]}グランド`, start_offset_minutes: 150, duration_minutes: 120 },
        ],
        invitee_rules: [{ position_type: 'CCI_OFFICER' }],
      },
    ],
    [
      'SECTION_MEETING',
      '部会 定例会',
      {
        place: `${hall} 3階 第1会議室`,
        start_time: '15:00',
        end_time: '16:30',
        answer_deadline_days_before: 7,
        answer_choices: ['attend', 'absent', 'proxy_attend'],
        allow_delegate: false,
        invitee_rules: [{ position_type: 'CCI_SECTION' }],
      },
    ],
  ];
}

export function* templateRows(plan: Plan): Generator<string> {
  for (const ch of plan.chambers) {
    const ids = [ch.templateIds.assembly, ch.templateIds.section];
    for (const [i, [code, name, body]] of templateBodies(ch).entries()) {
      yield copyLine([ids[i], ch.cci_code, code, name, JSON.stringify(body), SEED_ACTOR, SEED_ACTOR, plan.asOf, plan.asOf]);
    }
  }
}
export const TEMPLATE_COLUMNS =
  'id, cci_code, conference_template_code, name, default_body, created_by, updated_by, created_at, updated_at';

export function* masterDataRows(plan: Plan, idBase: number): Generator<string> {
  let id = idBase;
  for (const ch of plan.chambers) {
    for (const [i, [code, name]] of POSITION_TYPE_MASTER.entries()) {
      yield copyLine([
        ++id,
        ch.cci_code,
        MASTER_TYPE_POSITION_TYPE,
        code,
        name,
        i + 1,
        '{}',
        SEED_ACTOR,
        SEED_ACTOR,
        plan.asOf,
        plan.asOf,
      ]);
    }
    const ids = [ch.templateIds.assembly, ch.templateIds.section];
    for (const [i, [code, name, body]] of templateBodies(ch).entries()) {
      const attributes = JSON.stringify({ conference_template_id: ids[i], default_body: body });
      yield copyLine([
        ++id,
        ch.cci_code,
        MASTER_TYPE_CONFERENCE_TEMPLATE,
        code,
        name,
        i + 1,
        attributes,
        SEED_ACTOR,
        SEED_ACTOR,
        plan.asOf,
        plan.asOf,
      ]);
    }
  }
}
export const MASTER_DATA_COLUMNS =
  'id, cci_code, master_type_code, master_code, name, sort_order, attributes, created_by, updated_by, created_at, updated_at';

function companyCode(k: number): string {
  return `C${String(k + 1).padStart(6, '0')}`;
}

export function* companyRows(plan: Plan, idBase: number): Generator<string> {
  const stamp = `\t${SEED_ACTOR}\t${SEED_ACTOR}\t${plan.asOf}\t${plan.asOf}\n`;
  for (const ch of plan.chambers) {
    const city = `${ch.prefecture}${ch.city[0]}市`;
    for (let k = 0; k < ch.companies; k++) {
      const g = ch.companyStart + k;
      const c = plan.company(g);
      const code = companyCode(k);
      // each chamber's first company (the benchmark COMPANY_ADMIN's) has an e-mail and flag '0'
      const first = k === 0;
      const attributes: CompanyAttributes = {
        name1: c.name.name,
        name_kana: c.name.kana,
        email: c.email || first ? `info@${ch.cci_code}-${code.toLowerCase()}.example.jp` : null,
        admin_changed_info_flag: first ? '0' : c.flag,
        representative: c.representative.name,
        postal_code: `${ch.postalPrefix}-${String(c.postal).padStart(4, '0')}`,
        address: `${city}${c.town}${c.chome}丁目${c.banchi}-${c.go}`,
        phone: phoneNumber(ch.areaCode, c.phone),
      };
      yield `${idBase + g + 1}\t${ch.cci_code}\t${code}\t${copyText(JSON.stringify(attributes))}\t${copyText(
        buildSearchText(code, c.name.name, c.name.kana),
      )}${stamp}`;
    }
  }
}
export const COMPANY_COLUMNS =
  'id, cci_code, company_code, attributes, search_text, created_by, updated_by, created_at, updated_at';

/** Fixed-line number: 10 digits in all, `0AA-BBBB-CCCC` / `0AAA-BB-CCCC`. */
function phoneNumber(areaCode: string, n: number): string {
  const local = String(n % 10 ** (10 - areaCode.length)).padStart(10 - areaCode.length, '0');
  return `${areaCode}-${local.slice(0, -4)}-${local.slice(-4)}`;
}

export function* memberRows(plan: Plan, ids: IdBases): Generator<string> {
  const m = plan.members;
  const stamp = `\t${SEED_ACTOR}\t${SEED_ACTOR}\t${plan.asOf}\t${plan.asOf}\n`;
  for (const ch of plan.chambers) {
    let lastCompany = -1;
    let c: CompanyFacts | undefined;
    for (let j = ch.memberStart; j < ch.memberStart + ch.members; j++) {
      const g = m.company[j]!;
      if (g !== lastCompany) {
        c = plan.company(g);
        lastCompany = g;
      }
      const d = plan.memberDraw(g, j, m.first[j] === 1);
      const code = companyCode(g - ch.companyStart);
      const startAt = plan.termStarts[d.term]!;
      const endAt = d.ended ? `${Number(plan.termStarts[0]!.slice(0, 4))}-03-31` : null;
      yield (
        copyLine([
          ids.member + j + 1,
          ch.cci_code,
          ids.company + g + 1,
          code,
          d.person.name,
          d.person.kana,
          d.title,
          d.email ? `m${ids.member + j + 1}@${ch.cci_code}-${code.toLowerCase()}.example.jp` : null,
          startAt,
          endAt,
          buildSearchText(d.person.name, d.person.kana, code, c!.name.name),
        ]).slice(0, -1) + stamp
      );
    }
  }
}
export const MEMBER_COLUMNS =
  'id, cci_code, company_id, company_code, name, name_kana, title, email, start_at, end_at, search_text, created_by, updated_by, created_at, updated_at';

export function* positionRows(plan: Plan, ids: IdBases): Generator<string> {
  const m = plan.members;
  let id = ids.position;
  const start = plan.termStarts[0]!;
  const tail = `\t${start}\t\\N\t${SEED_ACTOR}\t${SEED_ACTOR}\t${plan.asOf}\t${plan.asOf}\n`;
  const row = (cci: string, memberId: number, type: PositionType, department: string, level: readonly [string, number]) =>
    `${++id}\t${cci}\t${memberId}\t${type}\t${department}\t${level[0]}\t${level[1]}${tail}`;
  for (const ch of plan.chambers) {
    for (let j = ch.memberStart; j < ch.memberStart + ch.members; j++) {
      const memberId = ids.member + j + 1;
      if (m.officer[j]! > 0) yield row(ch.cci_code, memberId, 'CCI_OFFICER', '役員', OFFICER_LEVELS[m.officer[j]! - 1]!);
      if (m.section[j]! >= 0)
        yield row(ch.cci_code, memberId, 'CCI_SECTION', SECTIONS[m.section[j]!]!, SECTION_LEVELS[m.sectionLvl[j]! - 1]!);
      if (m.committee[j]! >= 0) {
        yield row(
          ch.cci_code,
          memberId,
          'CCI_COMMITTEE',
          COMMITTEES[m.committee[j]!]!,
          COMMITTEE_LEVELS[m.committeeLvl[j]! - 1]!,
        );
      }
      if (m.branch[j]! >= 0)
        yield row(ch.cci_code, memberId, 'CCI_BRANCH', BRANCHES[m.branch[j]!]!, BRANCH_LEVELS[m.branchLvl[j]! - 1]!);
      if (m.womenLvl[j]! > 0)
        yield row(ch.cci_code, memberId, 'CCI_WOMEN_ASSOCIATION', '女性会', CLUB_LEVELS[m.womenLvl[j]! - 1]!);
      if (m.youthLvl[j]! > 0) yield row(ch.cci_code, memberId, 'CCI_YOUTH_DIVISION', '青年部', CLUB_LEVELS[m.youthLvl[j]! - 1]!);
    }
  }
}
export const POSITION_COLUMNS =
  'id, cci_code, member_id, position_type, department_name, position_name, rank, start_at, end_at, created_by, updated_by, created_at, updated_at';

export function* conferenceRows(plan: Plan): Generator<string> {
  for (const ch of plan.chambers) {
    for (const c of ch.conferences) {
      yield copyLine([
        c.id,
        ch.cci_code,
        c.parentId,
        c.templateId,
        c.name,
        iso(c.eventDate),
        iso(c.endAt),
        c.place,
        iso(c.deadline),
        c.status,
        c.description,
        c.allowDelegate,
        SEED_ACTOR,
        SEED_ACTOR,
        plan.asOf,
        plan.asOf,
      ]);
    }
  }
}
export const CONFERENCE_COLUMNS =
  'id, cci_code, parent_id, template_id, name, event_date, end_at, place, answer_deadline, status, description, allow_delegate, created_by, updated_by, created_at, updated_at';

export function* conferenceMemberRows(plan: Plan, ids: IdBases): Generator<string> {
  const m = plan.members;
  let id = ids.conference_member;
  for (const ch of plan.chambers) {
    for (const conf of ch.conferences) {
      const { members, companions } = plan.invitees(ch, conf);
      const principals = members.length - companions;
      const head = `\t${ch.cci_code}\t${conf.id}\t`;
      for (let i = 0; i < members.length; i++) {
        const j = members[i]!;
        const a = plan.answer(conf, j);
        const at = a ? iso(a.at) : null;
        yield `${++id}${head}${ids.company + m.company[j]! + 1}\t${ids.member + j + 1}\t${i < principals ? 'principal' : 'companion'}\t${copyLine(
          [
            a?.content ?? null,
            a?.proxy?.name ?? null,
            a?.proxy ? a.proxyTitle : null,
            i + 1,
            at,
            a ? SEED_ACTOR : null,
            SEED_ACTOR,
            SEED_ACTOR,
            plan.asOf,
            at ?? plan.asOf,
          ],
        )}`;
      }
    }
  }
}
export const CONFERENCE_MEMBER_COLUMNS =
  'id, cci_code, conference_id, company_id, member_id, category, answer_content, proxy_name, proxy_title, sort, answered_at, answered_by, created_by, updated_by, created_at, updated_at';

export function* conferenceCompanyRows(plan: Plan, ids: IdBases): Generator<string> {
  const m = plan.members;
  let id = ids.conference_company;
  for (const ch of plan.chambers) {
    for (const conf of ch.conferences) {
      const { members } = plan.invitees(ch, conf);
      // per company: [invited, answered, last answered_at]
      const agg = new Map<number, [number, number, number]>();
      for (const j of members) {
        const g = m.company[j]!;
        const a = plan.answer(conf, j);
        const e = agg.get(g) ?? [0, 0, 0];
        e[0]++;
        if (a) {
          e[1]++;
          e[2] = Math.max(e[2], a.at);
        }
        agg.set(g, e);
      }
      for (const g of [...agg.keys()].sort((x, y) => x - y)) {
        const [invited, answered, last] = agg.get(g)!;
        const at = answered > 0 ? iso(last) : null;
        yield copyLine([
          ++id,
          ch.cci_code,
          conf.id,
          ids.company + g + 1,
          answered === 0 ? null : answered === invited ? 'answered' : 'partial',
          at,
          at ? SEED_ACTOR : null,
          SEED_ACTOR,
          SEED_ACTOR,
          plan.asOf,
          at ?? plan.asOf,
        ]);
      }
    }
  }
}
export const CONFERENCE_COMPANY_COLUMNS =
  'id, cci_code, conference_id, company_id, answer_content, answered_at, answered_by, created_by, updated_by, created_at, updated_at';

export function* userRows(plan: Plan, ids: IdBases, users: readonly NationalUser[]): Generator<string> {
  for (const u of users) {
    const ch = plan.chambers.find((c) => c.cci_code === u.cci_code)!;
    const companyId = u.company_code ? ids.company + ch.companyStart + Number(u.company_code.slice(1)) : null;
    yield copyLine([
      u.username,
      u.cci_code,
      u.user_type,
      companyId,
      u.username,
      u.display_name,
      true,
      SEED_ACTOR,
      SEED_ACTOR,
      plan.asOf,
      plan.asOf,
    ]);
  }
}
export const USER_COLUMNS =
  'username, cci_code, user_type, company_id, email, display_name, enabled, created_by, updated_by, created_at, updated_at';
