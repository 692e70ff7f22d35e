/**
 * The national data set as a plan: chamber sizes, the members of each chamber with their groups
 * (役員, 部会, 委員会, 支部, 女性会, 青年部 — typed arrays, ~20 bytes a member), the conference
 * calendar, who is invited and how they answered. Everything is a pure function of the seed,
 * the scale, `today` and the id bases, so each table's rows can be generated on their own
 * (rows.ts) and two runs give identical rows.
 *
 * Sizes (scale 1): 515 chambers, 1.2 M companies — c001 80 000, c002 2 000, the other 513
 * Zipf-like (median ~1 150) —, ~0.25 members a company, 10 000 conferences shared
 * ∝ members^0.75 (c001 ~310, c002 ~19), a share of "all members" conferences (seminars,
 * 賀詞交歓会, 会員大会) chosen so that the expected conference members at full scale are 5 M.
 * `scale` multiplies companies (at least one a chamber), and so members, positions and
 * conference members; the chambers' group structure and calendar do not depend on it.
 */
import { type AnswerContent, type ConferenceStatus, type UserType } from '../../server/db/schema.ts';
import {
  BRANCHES,
  COMMITTEES,
  cityNames,
  companyName,
  type CompanyName,
  type PersonName,
  personName,
  PREFECTURES,
  representativeTitle,
  SECTIONS,
  SEMINAR_TOPICS,
  STAFF_TITLES,
  TOWNS,
  type Word,
} from './names.ts';
import { Rng, streamId } from './prng.ts';

// ---------------------------------------------------------------------------------------------
// Public constants (benchmarks import these)
// ---------------------------------------------------------------------------------------------
export const NATIONAL_CHAMBERS = 515;
export const LARGE_CCI_CODE = 'c001';
export const TYPICAL_CCI_CODE = 'c002';
export const DEFAULT_SEED = 20_260_401;

const FULL = {
  companies: 1_200_000,
  large: 80_000,
  typical: 2_000,
  conferences: 10_000,
  conferenceMembers: 5_000_000,
};

export interface NationalUser {
  username: string;
  cci_code: string;
  user_type: UserType;
  /** COMPANY_ADMIN: company_code of the company (the one of the chamber's 会頭, invited to most) */
  company_code?: string;
  display_name: string;
}

/**
 * Users rows written by the seed (no Cognito accounts: benchmarks mint their own tokens with
 * `cognito:username` = username). The COMPANY_ADMIN companies are C000001 of each chamber: the
 * company of the chamber's 会頭, with an e-mail and admin_changed_info_flag '0'.
 */
export const NATIONAL_USERS: readonly NationalUser[] = [
  {
    username: 'national-large-admin@example.com',
    cci_code: LARGE_CCI_CODE,
    user_type: 'CCI_ADMIN',
    display_name: '大規模 管理者',
  },
  {
    username: 'national-large-staff@example.com',
    cci_code: LARGE_CCI_CODE,
    user_type: 'CCI_CONFERENCE_USER',
    display_name: '大規模 担当者',
  },
  {
    username: 'national-large-company@example.com',
    cci_code: LARGE_CCI_CODE,
    user_type: 'COMPANY_ADMIN',
    company_code: 'C000001',
    display_name: '大規模 事業所',
  },
  {
    username: 'national-typical-admin@example.com',
    cci_code: TYPICAL_CCI_CODE,
    user_type: 'CCI_ADMIN',
    display_name: '標準 管理者',
  },
  {
    username: 'national-typical-staff@example.com',
    cci_code: TYPICAL_CCI_CODE,
    user_type: 'CCI_CONFERENCE_USER',
    display_name: '標準 担当者',
  },
  {
    username: 'national-typical-company@example.com',
    cci_code: TYPICAL_CCI_CODE,
    user_type: 'COMPANY_ADMIN',
    company_code: 'C000001',
    display_name: '標準 事業所',
  },
];

const S = {
  sizes: streamId('sizes'),
  cities: streamId('cities'),
  chamber: streamId('chamber'),
  company: streamId('company'),
  memberCount: streamId('member-count'),
  member: streamId('member'),
  groups: streamId('groups'),
  calendar: streamId('calendar'),
  conference: streamId('conference'),
  answer: streamId('answer'),
  companion: streamId('companion'),
};

type Kind = 'assembly' | 'party' | 'standing' | 'section' | 'committee' | 'branch' | 'women' | 'youth' | 'all';

export interface ConferencePlan {
  id: number;
  /** 0-based position in the plan: keys the answer streams, so rows do not depend on id offsets */
  seq: number;
  kind: Kind;
  /** section/committee/branch index */
  group: number;
  parentId: number | null;
  templateId: number | null;
  name: string;
  place: string;
  description: string;
  eventDate: number;
  endAt: number;
  deadline: number;
  status: ConferenceStatus;
  allowDelegate: boolean;
}

export interface ChamberPlan {
  index: number;
  cci_code: string;
  city: Word;
  prefecture: string;
  postalPrefix: string;
  areaCode: string;
  companies: number;
  /** companies at scale 1 (group structure and calendar are sized from it) */
  fullCompanies: number;
  /** global index of the first company */
  companyStart: number;
  members: number;
  memberStart: number;
  sections: number;
  committees: number;
  branches: number;
  templateIds: { assembly: number; section: number };
  conferences: ConferencePlan[];
}

/** Per-member facts kept in memory (typed arrays: 20 bytes a member). */
export interface MemberModel {
  count: number;
  company: Int32Array;
  /** first member of its company (the representative) */
  first: Uint8Array;
  /** 0 none, else OFFICER_LEVELS index + 1 */
  officer: Uint8Array;
  section: Int8Array;
  sectionLvl: Uint8Array;
  committee: Int8Array;
  committeeLvl: Uint8Array;
  branch: Int8Array;
  branchLvl: Uint8Array;
  womenLvl: Uint8Array;
  youthLvl: Uint8Array;
}

// [position_name, rank]
export const OFFICER_LEVELS = [
  ['会頭', 1],
  ['副会頭', 2],
  ['常議員', 10],
  ['議員', 20],
  ['監事', 30],
] as const;
export const SECTION_LEVELS = [
  ['部会長', 1],
  ['副部会長', 2],
  ['幹事', 5],
  ['委員', 10],
] as const;
export const COMMITTEE_LEVELS = [
  ['委員長', 1],
  ['副委員長', 2],
  ['委員', 10],
] as const;
export const BRANCH_LEVELS = [
  ['支部長', 1],
  ['副支部長', 2],
  ['会員', 10],
] as const;
export const CLUB_LEVELS = [
  ['会長', 1],
  ['副会長', 2],
  ['理事', 10],
  ['会員', 20],
] as const;

const DAY_MS = 86_400_000;
export const JST_MS = 9 * 3_600_000;
export const SEED_ACTOR = 'seed';

export class Plan {
  readonly chambers: ChamberPlan[] = [];
  readonly members: MemberModel;
  readonly companies: number;
  readonly conferences: number;
  /** midnight of `today` in JST, as epoch ms */
  readonly todayMs: number;
  readonly asOf: string;
  readonly termStarts: string[];
  readonly pAll: number;
  private readonly conferenceIdBase: number;

  constructor(
    readonly seed: number,
    readonly scale: number,
    today: string,
    ids: IdBases,
  ) {
    this.todayMs = Date.parse(`${today}T00:00:00+09:00`);
    if (!Number.isFinite(this.todayMs)) throw new Error(`invalid today: ${today}`);
    this.asOf = new Date(this.todayMs - 3 * DAY_MS).toISOString();
    const fy = new Date(this.todayMs + JST_MS);
    const fyYear = fy.getUTCMonth() >= 3 ? fy.getUTCFullYear() : fy.getUTCFullYear() - 1;
    this.termStarts = [0, 1, 2, 3].map((k) => `${fyYear - k}-04-01`);

    // chamber sizes at full scale, then scaled
    const full = fullSizes(seed);
    const cities = cityNames(Rng.of(seed, S.cities), NATIONAL_CHAMBERS);
    let companyStart = 0;
    for (let i = 0; i < NATIONAL_CHAMBERS; i++) {
      const rng = Rng.of(seed, S.chamber, i);
      const companies = Math.max(1, Math.round(full[i]! * scale));
      const expectedFullMembers = full[i]! * 0.25;
      this.chambers.push({
        index: i,
        cci_code: `c${String(i + 1).padStart(3, '0')}`,
        city: cities[i]!,
        prefecture: rng.pick(PREFECTURES),
        postalPrefix: String(rng.range(100, 999)),
        areaCode: `0${rng.range(11, 999)}`,
        companies,
        fullCompanies: full[i]!,
        companyStart,
        members: 0,
        memberStart: 0,
        sections: clamp(Math.round(3 + Math.log2(expectedFullMembers / 50)), 3, SECTIONS.length),
        committees: clamp(Math.round(2 + Math.log2(expectedFullMembers / 100)), 2, COMMITTEES.length),
        branches: expectedFullMembers < 200 ? 0 : clamp(Math.round(Math.log2(expectedFullMembers / 100)), 1, BRANCHES.length),
        templateIds: { assembly: ids.conference_template + 2 * i + 1, section: ids.conference_template + 2 * i + 2 },
        conferences: [],
      });
      companyStart += companies;
    }
    this.companies = companyStart;
    this.conferenceIdBase = ids.conference;
    this.members = this.buildMembers();
    this.pAll = this.allMemberShare(full);
    this.conferences = this.buildCalendar(full, ids.conference);
  }

  /** Members per company (1 for each chamber's first company, else 0/1/2) and their groups. */
  private buildMembers(): MemberModel {
    const counts = new Uint8Array(this.companies);
    let total = 0;
    for (const ch of this.chambers) {
      for (let k = 0; k < ch.companies; k++) {
        const g = ch.companyStart + k;
        const r = Rng.of(this.seed, S.memberCount, g).float();
        const n = k === 0 ? 1 : r < 0.2 ? 1 : r < 0.225 ? 2 : 0;
        counts[g] = n;
        total += n;
      }
    }
    const m: MemberModel = {
      count: total,
      company: new Int32Array(total),
      first: new Uint8Array(total),
      officer: new Uint8Array(total),
      section: new Int8Array(total).fill(-1),
      sectionLvl: new Uint8Array(total),
      committee: new Int8Array(total).fill(-1),
      committeeLvl: new Uint8Array(total),
      branch: new Int8Array(total).fill(-1),
      branchLvl: new Uint8Array(total),
      womenLvl: new Uint8Array(total),
      youthLvl: new Uint8Array(total),
    };
    let j = 0;
    for (const ch of this.chambers) {
      ch.memberStart = j;
      const nVice = ch.fullCompanies >= 2000 ? 4 : ch.fullCompanies >= 300 ? 2 : 1;
      let officers = 0;
      const sectionSeen = new Uint32Array(ch.sections);
      const committeeSeen = new Uint32Array(ch.committees);
      const branchSeen = new Uint32Array(Math.max(1, ch.branches));
      let women = 0;
      let youth = 0;
      const sectionWeights = Array.from({ length: ch.sections }, (_, i) => 1 / (1 + 0.15 * i));
      for (let k = 0; k < ch.companies; k++) {
        const g = ch.companyStart + k;
        for (let n = 0; n < counts[g]!; n++, j++) {
          m.company[j] = g;
          m.first[j] = n === 0 ? 1 : 0;
          const female = this.memberDraw(g, j, n === 0).person.female;
          const rng = Rng.of(this.seed, S.groups, j);
          // officers: the chamber's first member is 会頭; then 副会頭, 監事 ×2, 常議員/議員
          if (j === ch.memberStart || rng.chance(0.04)) {
            const o = officers++;
            m.officer[j] = o === 0 ? 1 : o <= nVice ? 2 : o <= nVice + 2 ? 5 : rng.chance(0.3) ? 3 : 4;
          }
          if (rng.chance(0.9)) {
            const s = rng.weighted(sectionWeights);
            const seen = sectionSeen[s]!++;
            m.section[j] = s;
            m.sectionLvl[j] = seen === 0 ? 1 : seen <= 2 ? 2 : seen <= 4 ? 3 : 4;
          }
          if (rng.chance(0.2)) {
            const c = rng.int(ch.committees);
            const seen = committeeSeen[c]!++;
            m.committee[j] = c;
            m.committeeLvl[j] = seen === 0 ? 1 : seen <= 2 ? 2 : 3;
          }
          if (ch.branches > 0 && rng.chance(0.15)) {
            const b = rng.int(ch.branches);
            const seen = branchSeen[b]!++;
            m.branch[j] = b;
            m.branchLvl[j] = seen === 0 ? 1 : seen === 1 ? 2 : 3;
          }
          if (rng.chance(female ? 0.15 : 0.01)) {
            const seen = women++;
            m.womenLvl[j] = seen === 0 ? 1 : seen <= 2 ? 2 : seen <= 6 ? 3 : 4;
          }
          if (rng.chance(0.06)) {
            const seen = youth++;
            m.youthLvl[j] = seen === 0 ? 1 : seen <= 2 ? 2 : seen <= 6 ? 3 : 4;
          }
        }
      }
      ch.members = j - ch.memberStart;
    }
    return m;
  }

  /** Person facts of member j of company g (the first one is the company's representative). */
  memberDraw(g: number, j: number, first: boolean): MemberFacts {
    const rng = Rng.of(this.seed, S.member, j);
    const c = this.company(g);
    const person = first ? c.representative : personName(rng, c.name.surname && rng.chance(0.4) ? c.name.surname : undefined);
    return {
      person,
      title: first ? c.representativeTitle : rng.pick(STAFF_TITLES),
      email: rng.chance(first ? 0.6 : 0.5),
      term: rng.int(this.termStarts.length),
      ended: rng.chance(0.03),
    };
  }

  /** Company facts from its own stream (pure function of seed and global index). */
  company(g: number): CompanyFacts {
    const rng = Rng.of(this.seed, S.company, g);
    const name = companyName(rng);
    const representative = personName(rng, name.surname && rng.chance(0.7) ? name.surname : undefined);
    return {
      name,
      representative,
      representativeTitle: representativeTitle(rng, name.form),
      email: rng.chance(0.75),
      flag: rng.chance(0.08) ? '1' : '0',
      town: rng.pick(TOWNS),
      chome: rng.range(1, 6),
      banchi: rng.range(1, 40),
      go: rng.range(1, 30),
      postal: rng.range(0, 9999),
      phone: rng.range(0, 99_999_999),
    };
  }

  /**
   * Share of "all members" conferences (seminars, 賀詞交歓会, 会員大会) that makes the expected
   * number of conference members at full scale equal FULL.conferenceMembers.
   */
  private allMemberShare(full: number[]): number {
    const counts = conferenceCounts(full);
    let base = 0;
    let extra = 0;
    this.chambers.forEach((ch, i) => {
      const M = full[i]! * 0.25;
      const g = expectedGroupInvitees(ch, M);
      base += counts[i]! * g;
      extra += counts[i]! * (M - g);
    });
    return clamp((FULL.conferenceMembers - base) / extra, 0, 0.9);
  }

  private buildCalendar(full: number[], idBase: number): number {
    const counts = conferenceCounts(full);
    let id = idBase;
    let carry = 0;
    for (const ch of this.chambers) {
      const n = counts[ch.index]!;
      const rng = Rng.of(this.seed, S.calendar, ch.index);
      const exact = this.pAll * n + carry;
      const nAll = Math.min(n, Math.round(exact));
      carry = exact - nAll;
      let rest = n - nAll;
      const pairs = rest >= 2 ? Math.max(rest >= 8 ? 1 : 0, Math.round(rest * 0.06)) : 0;
      rest -= 2 * pairs;
      const shares: Array<[Kind, number]> = [
        ['standing', 0.1],
        ['section', ch.branches > 0 ? 0.4 : 0.48],
        ['committee', 0.2],
        ['branch', ch.branches > 0 ? 0.08 : 0],
        ['women', 0.05],
        ['youth', 0.05],
      ];
      const kinds: Kind[] = [...Array<Kind>(nAll).fill('all'), ...Array<Kind>(pairs).fill('assembly')];
      for (const [kind, k] of largestRemainder(
        shares.map(([, w]) => w),
        rest,
      ).map((k, i) => [shares[i]![0], k] as const)) {
        for (let x = 0; x < k; x++) kinds.push(kind);
      }
      // one event per kind entry (an assembly is followed by its 懇親会), dated over
      // [today − 730 days, today + 180 days], in date order
      const events = rng.shuffle(kinds).map((kind) => ({ kind, day: rng.range(-730, 180), r: rng.next() }));
      events.sort((a, b) => a.day - b.day || a.r - b.r);
      const ordinals: Partial<Record<Kind, number>> = {};
      for (const e of events) {
        const crng = Rng.of(this.seed, S.conference, ch.index, e.r);
        const ord = (ordinals[e.kind] = (ordinals[e.kind] ?? 0) + 1);
        const conf = this.conference(ch, e.kind, e.day, ord, crng, ++id, null);
        ch.conferences.push(conf);
        if (e.kind === 'assembly') ch.conferences.push(this.conference(ch, 'party', e.day, ord, crng, ++id, conf));
      }
    }
    return id - idBase;
  }

  private conference(
    ch: ChamberPlan,
    kind: Kind,
    day: number,
    ord: number,
    rng: Rng,
    id: number,
    parent: ConferencePlan | null,
  ): ConferencePlan {
    // weekends move to Friday/Monday
    let d = day;
    const weekday = new Date(this.todayMs + JST_MS + d * DAY_MS).getUTCDay();
    if (weekday === 6) d -= 1;
    if (weekday === 0) d += 1;
    const at = (hh: number, mm = 0) => this.todayMs + d * DAY_MS + (hh * 60 + mm) * 60_000;
    const hall = `${ch.city[0]}商工会議所会館`;
    let group = 0;
    let name: string;
    let place: string;
    let description: string;
    let start: number;
    let end: number;
    let deadlineDays = 7;
    switch (kind) {
      case 'assembly':
        name = `第${70 + ord}回 通常議員総会`;
        place = `${hall} 5階 大ホール`;
        description =
          '通常議員総会を下記のとおり開催いたします。ご多用中誠に恐縮ですが、ご出席くださいますようお願い申し上げます。';
        [start, end] = [at(14), at(16)];
        break;
      case 'party':
        name = '懇親会';
        place = `ホテル${ch.city[0]}${rng.pick(['グランド', 'セントラル', 'プラザ'])} 2階 ${rng.pick(['鳳凰の間', '孔雀の間', '桜の間'])}`;
        description = '総会終了後、懇親会を開催いたします。会費 5,000円（当日受付にて申し受けます）。';
        [start, end] = [at(16, 30), at(18, 30)];
        break;
      case 'standing':
        name = `第${300 + ord}回 常議員会`;
        place = `${hall} 5階 中会議室`;
        description = '議題：事業の進捗状況について／新入会員の承認 ほか';
        [start, end] = [at(13, 30), at(15)];
        break;
      case 'section':
        group = rng.int(ch.sections);
        name = `${SECTIONS[group]} 定例会`;
        place = `${hall} 3階 第${rng.range(1, 3)}会議室`;
        description = `議題：${rng.pick(SEMINAR_TOPICS)}について（情報交換）`;
        [start, end] = [at(15), at(16, 30)];
        break;
      case 'committee':
        group = rng.int(ch.committees);
        name = `${COMMITTEES[group]} 第${rng.range(1, 12)}回会合`;
        place = `${hall} 4階 第${rng.range(1, 4)}会議室`;
        description = '議題：要望事項のとりまとめについて';
        [start, end] = [at(10), at(11, 30)];
        break;
      case 'branch':
        group = rng.int(ch.branches);
        name = `${BRANCHES[group]} 例会`;
        place = `${ch.city[0]}市${rng.pick(TOWNS)}公民館`;
        description = '支部会員の情報交換と地域行事の打合せを行います。';
        [start, end] = [at(18), at(19, 30)];
        break;
      case 'women':
      case 'youth':
        name = `${kind === 'women' ? '女性会' : '青年部'} ${rng.pick(['例会', '定例会', '研修会', '総会'])}`;
        place = `${hall} 2階 ${rng.pick(['研修室', '交流ラウンジ'])}`;
        description = '会員相互の親睦と研鑽を目的として開催いたします。';
        [start, end] = [at(18, 30), at(20, 30)];
        break;
      case 'all': {
        const month = new Date(this.todayMs + JST_MS + d * DAY_MS).getUTCMonth();
        const r = rng.float();
        if (month === 0 && r < 0.5) {
          name = '新春賀詞交歓会';
          place = `ホテル${ch.city[0]}グランド 3階 宴会場`;
          [start, end] = [at(11), at(13)];
        } else if (r < 0.15) {
          name = '会員大会';
          place = `${ch.city[0]}市民会館 大ホール`;
          [start, end] = [at(13, 30), at(16)];
        } else {
          name = `セミナー「${rng.pick(SEMINAR_TOPICS)}」`;
          place = `${hall} 5階 大ホール`;
          [start, end] = [at(14), at(16)];
          deadlineDays = 3;
        }
        description = '会員の皆さまを対象に開催いたします。お誘い合わせのうえご参加ください。';
        break;
      }
    }
    const deadline = parent ? parent.deadline : at(17) - deadlineDays * DAY_MS;
    const now = this.todayMs + 9 * 3_600_000; // 09:00 JST on `today`
    const r = rng.float();
    let status: ConferenceStatus;
    if (parent) status = parent.status;
    else if (end < now) status = r < 0.95 ? 'held' : 'cancelled';
    else if (deadline < now) status = r < 0.6 ? 'closed' : r < 0.97 ? 'published' : 'cancelled';
    else status = r < 0.85 ? 'published' : r < 0.97 ? 'draft' : 'cancelled';
    return {
      id,
      seq: id - this.conferenceIdBase - 1,
      kind,
      group,
      parentId: parent?.id ?? null,
      templateId:
        kind === 'assembly' || kind === 'party' ? ch.templateIds.assembly : kind === 'section' ? ch.templateIds.section : null,
      name,
      place,
      description,
      eventDate: start,
      endAt: end,
      deadline,
      status,
      allowDelegate: kind === 'assembly',
    };
  }

  /**
   * Invited members of a conference in protocol order (rank, then member order), with the
   * category; 懇親会 adds some companions (another member of an invited company).
   */
  invitees(ch: ChamberPlan, conf: ConferencePlan): { members: Int32Array; companions: number } {
    const m = this.members;
    const from = ch.memberStart;
    const to = ch.memberStart + ch.members;
    // rank key per member (0 = not invited), then a stable counting sort by key
    const keys = new Uint8Array(to - from);
    const buckets = new Uint32Array(256);
    let n = 0;
    for (let j = from; j < to; j++) {
      let key = 0;
      switch (conf.kind) {
        case 'assembly':
        case 'party':
          key = m.officer[j]!;
          break;
        case 'standing':
          key = m.officer[j]! > 0 && m.officer[j]! <= 3 ? m.officer[j]! : 0;
          break;
        case 'section':
          key = m.section[j] === conf.group ? m.sectionLvl[j]! : 0;
          break;
        case 'committee':
          key = m.committee[j] === conf.group ? m.committeeLvl[j]! : 0;
          break;
        case 'branch':
          key = m.branch[j] === conf.group ? m.branchLvl[j]! : 0;
          break;
        case 'women':
          key = m.womenLvl[j]!;
          break;
        case 'youth':
          key = m.youthLvl[j]!;
          break;
        case 'all':
          key = m.officer[j]! > 0 ? m.officer[j]! : 10 + (m.sectionLvl[j]! || 9);
          break;
      }
      if (key > 0) {
        keys[j - from] = key;
        buckets[key]!++;
        n++;
      }
    }
    let companions = 0;
    const extra: number[] = [];
    if (conf.kind === 'party') {
      for (let j = from; j < to; j++) {
        if (keys[j - from] === 0 || !Rng.of(this.seed, S.companion, conf.seq, j).chance(0.3)) continue;
        const g = m.company[j]!;
        const other = j + 1 < to && m.company[j + 1] === g ? j + 1 : j > from && m.company[j - 1] === g ? j - 1 : -1;
        if (other >= 0 && keys[other - from] === 0) extra.push(other);
      }
      companions = extra.length;
    }
    const out = new Int32Array(n + companions);
    const offsets = new Uint32Array(256);
    for (let k = 1, o = 0; k < 256; k++) {
      offsets[k] = o;
      o += buckets[k]!;
    }
    for (let j = from; j < to; j++) {
      const key = keys[j - from]!;
      if (key > 0) out[offsets[key]!++] = j;
    }
    extra.forEach((j, i) => (out[n + i] = j));
    return { members: out, companions };
  }

  /** The answer of member j to a conference (null = not answered), drawn from its own stream. */
  answer(conf: ConferencePlan, j: number): Answer | null {
    const rng = Rng.of(this.seed, S.answer, conf.seq, j);
    const now = this.todayMs + 9 * 3_600_000;
    const p =
      conf.status === 'held' || conf.status === 'closed'
        ? 0.92
        : conf.status === 'published'
          ? clamp(0.8 - (0.6 * (conf.deadline - now)) / (60 * DAY_MS), 0.15, 0.8)
          : conf.status === 'cancelled'
            ? 0.2
            : 0;
    if (!rng.chance(p)) return null;
    const r = rng.float();
    const content: AnswerContent =
      r < 0.62 ? 'attend' : r < 0.9 ? 'absent' : r < 0.96 ? 'proxy_attend' : conf.allowDelegate ? 'delegate' : 'attend';
    const latest = Math.min(conf.deadline, now);
    const at = latest - Math.floor(rng.float() * 20 * DAY_MS);
    return { content, at, proxy: content === 'proxy_attend' ? personName(rng) : null, proxyTitle: rng.pick(STAFF_TITLES) };
  }
}

export interface CompanyFacts {
  name: CompanyName;
  representative: PersonName;
  representativeTitle: string;
  email: boolean;
  flag: '0' | '1';
  town: string;
  chome: number;
  banchi: number;
  go: number;
  postal: number;
  phone: number;
}

export interface MemberFacts {
  person: PersonName;
  title: string;
  email: boolean;
  /** index into Plan.termStarts */
  term: number;
  ended: boolean;
}

export interface Answer {
  content: AnswerContent;
  at: number;
  proxy: PersonName | null;
  proxyTitle: string;
}

export type IdBases = Record<
  | 'company'
  | 'member'
  | 'position'
  | 'conference'
  | 'conference_member'
  | 'conference_company'
  | 'master_data'
  | 'conference_template',
  number
>;

/** Companies per chamber at full scale: large, typical, then 513 Zipf-like sizes (shuffled). */
function fullSizes(seed: number): number[] {
  const rest = NATIONAL_CHAMBERS - 2;
  const total = FULL.companies - FULL.large - FULL.typical;
  const weights = Array.from({ length: rest }, (_, i) => Math.pow(i + 8, -0.9));
  const sizes = largestRemainder(weights, total);
  return [FULL.large, FULL.typical, ...Rng.of(seed, S.sizes).shuffle(sizes)];
}

/** 10 000 conferences shared ∝ (full-scale members)^0.75: ~310 for the large chamber, ~19 typical. */
function conferenceCounts(full: number[]): number[] {
  return largestRemainder(
    full.map((c) => Math.pow(c * 0.25, 0.75)),
    FULL.conferences,
  );
}

/** Expected invitees of a non-"all" conference slot of a chamber with M members. */
function expectedGroupInvitees(ch: ChamberPlan, M: number): number {
  const officers = 0.04 * M + 1;
  const standing = Math.min(officers, 1 + 4 + 0.3 * Math.max(0, officers - 7));
  const branch = ch.branches > 0 ? (0.15 * M) / ch.branches : 0;
  return (
    0.06 * officers * 2 +
    0.1 * standing +
    (ch.branches > 0 ? 0.4 : 0.48) * ((0.9 * M) / ch.sections) +
    0.2 * ((0.2 * M) / ch.committees) +
    0.08 * branch +
    0.05 * (0.22 * 0.15 + 0.78 * 0.01) * M +
    0.05 * 0.06 * M
  );
}

/** Integers proportional to weights summing exactly to total (largest remainder method). */
function largestRemainder(weights: number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (w / sum) * total);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k++, left--) out[order[k % order.length]![1]]!++;
  return out;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
