/**
 * The benchmark's scenarios (issue 3 "Scale", DESIGN.md §9), each with its raw-SQL floor: the SQL
 * statements the API sends for that request (texts copied from the repositories, same parameters,
 * same protocol — named prepared statements where the repository prepares them), run from a bare
 * node-postgres client with the same concurrency and nothing else. Keep them in step with
 * server/repositories/{companies,conferences-for-company,answers}.ts.
 */
import type pg from 'pg';
import { jstDayOf, jstDayStart } from '../server/lib/conference-dates.ts';
import { searchTerms } from '../server/db/normalize.ts';
import { LARGE_CCI_CODE, NATIONAL_USERS, TYPICAL_CCI_CODE } from '../scripts/seed/national.ts';
import type { FloorRun } from './sql-floor.ts';
import { fillPlaceholders } from 'drizzle-orm';
import { LOCK_CONFERENCES, LOCK_ROWS, RECORD_ANSWERS, UPDATE_SUMMARY } from '../server/repositories/answers.ts';
import { RECEIPT_INSERT, portalAnswerSource, receiptValues } from '../server/lib/mail/receipts.ts';

export const KEYWORD = '商事';
/** Companies answering the same conference at once in the answer scenario (one per connection). */
const ANSWERING_COMPANIES = 20;

export interface Scenario {
  name: string;
  /** DESIGN.md §9: p99 for lists and details; the floor ratio for lists only */
  kind: 'list' | 'detail' | 'answer';
  method: 'GET' | 'POST';
  path: string;
  /** the caller of each autocannon connection (connection i: users[i % users.length]) */
  users: string[];
  /** the bodies connection i sends in turn (answers alternate attend/absent: every request writes) */
  bodies?: (connection: number) => string[];
  floor: FloorRun;
  /**
   * Issue 16 "Past the floor": the naive statements the API no longer sends (page ‖ count(*)), and
   * how many times their req/s the API must reach (`past`: only where the issue sets a target).
   */
  naive?: { floor: FloorRun; past?: number };
  budgetP99Ms: number;
}

const user = (cci: string, role: 'admin' | 'company') =>
  NATIONAL_USERS.find((u) => u.cci_code === cci && u.user_type === (role === 'admin' ? 'CCI_ADMIN' : 'COMPANY_ADMIN'))!;

/** A named prepared statement, as drizzle's prepare() sends it. */
const prepared = (name: string, text: string, values: unknown[]) => ({ name: `bench_${name}`, text, values });
/** A repository's namedStatement (server/db/prepared.ts) with its values, as the API sends it. */
const named = (statement: { name: string; query: () => { sql: string; params: unknown[] } }, values: Record<string, unknown>) =>
  prepared(statement.name, statement.query().sql, fillPlaceholders(statement.query().params, values));

// --- companies (server/repositories/companies.ts → runList) ---------------------------------------
/** the columns of a listed company (server/repositories/company-list.ts LISTED_COMPANY) */
const COMPANY_COLUMNS = '"id", "cci_code", "company_code", "joined_on", "version", "attributes", "created_at", "updated_at"';
const KEYWORD_SQL = '(kaigi_bigrams("company"."search_text") @> kaigi_bigrams($2::text) and "company"."search_text" like $3)';

/**
 * DESIGN.md §9's floor: the API's page query ‖ a separate count, on two connections (the API sends
 * the count inside the page's statement, decision 0043); `counted`: count(*) even without a keyword
 */
function companyListFloor(pool: pg.Pool, cci: string, withKeyword: boolean, counted = withKeyword): FloorRun {
  const term = searchTerms(KEYWORD)[0]!;
  const where = withKeyword ? `("company"."cci_code" = $1 and ${KEYWORD_SQL})` : `"company"."cci_code" = $1`;
  const params = withKeyword ? [cci, term, `%${term}%`] : [cci];
  const page = `select ${COMPANY_COLUMNS} from "company" where ${where} order by "company"."company_code" asc, "company"."id" asc limit $${params.length + 1} offset $${params.length + 2}`;
  const count = `select count(*) from "company" where ${where}`;
  if (counted) return (c) => Promise.all([c.query(page, [...params, 10, 0]), pool.query(count, params)]);
  // unfiltered: the page prepared, as the API's (server/repositories/company-list.ts), beside the
  // total kept in company_count (migration 0010), a prepared primary-key lookup
  const namedPage = prepared('company_page', page, [...params, 10, 0]);
  const kept = prepared('company_count', 'select "n" from "company_count" where "company_count"."cci_code" = $1', [cci]);
  return (c) => Promise.all([c.query(namedPage), pool.query(kept)]);
}

// --- company portal (server/repositories/conferences-for-company.ts) ------------------------------
const CONFERENCE_COLUMNS = (t: string) =>
  [
    'id',
    'cci_code',
    'parent_id',
    'template_id',
    'name',
    'event_date',
    'end_at',
    'place',
    'answer_deadline',
    'status',
    'description',
    'attachments',
    'allow_delegate',
    'version',
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
  ]
    .map((c) => (t ? `"${t}"."${c}"` : `"${c}"`))
    .join(', ');
const SUMMARY_SQL = `(select case when count(*) = 0 then null
          when bool_and(coalesce(cc.answer_content = 'answered', false)) then 'answered'
          when bool_and(cc.answer_content is null) then null
          else 'partial' end
     from conference_company cc join conference c2 on c2.id = cc.conference_id
    where cc.company_id = $1
      and (c2.id = "conference"."id" or (c2.parent_id = "conference"."id" and c2.status in ('published', 'closed', 'held'))))`;
/** company id twice: at $p and $p+1 */
const INVITED_SQL = (p: number) =>
  `(exists (select 1 from conference_company cc where cc.conference_id = "conference"."id" and cc.company_id = $${p})
    or exists (select 1 from conference c2 join conference_company cc on cc.conference_id = c2.id and cc.company_id = $${p + 1}
                where c2.parent_id = "conference"."id" and c2.status <> 'draft'))`;

function companyConferenceListFloor(pool: pg.Pool, companyId: number): FloorRun {
  const where = (p: number) =>
    `("conference"."cci_code" = $${p} and "conference"."parent_id" is null and "conference"."status" <> $${p + 1} and ${INVITED_SQL(p + 2)} and ("conference"."status" <> $${p + 4} and "conference"."event_date" >= $${p + 5}))`;
  const page = `select ${CONFERENCE_COLUMNS('')}, ${SUMMARY_SQL} from "conference" where ${where(2)} order by "conference"."event_date" asc, "conference"."id" asc limit $8`;
  const count = `select count(*) from "conference" where ${where(1)}`;
  return (c) => {
    const today = jstDayStart(jstDayOf(new Date()));
    return Promise.all([
      c.query(page, [companyId, LARGE_CCI_CODE, 'draft', companyId, companyId, 'held', today, 10]),
      pool.query(count, [LARGE_CCI_CODE, 'draft', companyId, companyId, 'held', today]),
    ]);
  };
}

function companyConferenceGetFloor(companyId: number, conferenceId: number): FloorRun {
  const main = `select ${CONFERENCE_COLUMNS('conference')}, ${SUMMARY_SQL} from "conference" left join "conference" "parent" on "parent"."id" = "conference"."parent_id"
    where ("conference"."cci_code" = $2 and "conference"."id" = $3 and "conference"."status" <> $4 and ("conference"."parent_id" is null or "parent"."status" <> $5) and ${INVITED_SQL(6)}) limit $8`;
  const subs = `select ${CONFERENCE_COLUMNS('conference')}, "conference_company"."answer_content" from "conference"
    inner join "conference_company" on ("conference_company"."conference_id" = "conference"."id" and "conference_company"."company_id" = $1)
    where ("conference"."parent_id" = any($2::int[]) and "conference"."status" <> $3) order by "conference"."event_date" asc, "conference"."id" asc`;
  const invitees = `select "conference_member"."id", "conference_member"."cci_code", "conference_member"."conference_id", "conference_member"."company_id",
      "conference_member"."member_id", "conference_member"."category", "conference_member"."answer_content", "conference_member"."proxy_name",
      "conference_member"."proxy_title", "conference_member"."sort", "conference_member"."answered_at", "conference_member"."answered_by",
      "conference_member"."version", "conference_member"."created_at", "conference_member"."created_by", "conference_member"."updated_at",
      "conference_member"."updated_by", "member"."name", "member"."name_kana", "member"."title"
    from "conference_member" inner join "member" on "member"."id" = "conference_member"."member_id"
    where ("conference_member"."company_id" = $1 and "conference_member"."conference_id" = any($2::int[]))
    order by array_position($3::int[], "conference_member"."conference_id"), "conference_member"."sort" asc, "conference_member"."id" asc`;
  return async (c) => {
    await c.query(
      prepared('get_main', main, [companyId, LARGE_CCI_CODE, conferenceId, 'draft', 'draft', companyId, companyId, 1]),
    );
    const { rows } = await c.query<{ id: number }>(prepared('get_subs', subs, [companyId, [conferenceId], 'draft']));
    const ids = [conferenceId, ...rows.map((r) => r.id)];
    await c.query(prepared('get_invitees', invitees, [companyId, ids, ids]));
  };
}

// --- answers (server/repositories/answers.ts) -----------------------------------------------------
export interface Answerer {
  username: string;
  companyId: number;
  conferenceId: number;
  /** the company's conference_member ids in the conference */
  ids: number[];
}

/**
 * The statements of one answer that changes every row of `a` (the answer endpoint's transaction):
 * the same texts, the receipt's outbox row included (the API without pg-boss: no job insert).
 */
function answerFloor(answererOf: (connection: number) => Answerer): FloorRun {
  return async (c, n, connection) => {
    const a = answererOf(connection);
    const answer = n % 2 === 0 ? 'attend' : 'absent';
    const now = new Date();
    await c.query('begin');
    const own = { cci: LARGE_CCI_CODE, company: a.companyId, ids: a.ids };
    const { rows: conferences } = await c.query<{ name: string; event_date: Date }>(named(LOCK_CONFERENCES, own));
    const { rows } = await c.query<Record<string, unknown> & { id: number; version: number }>(named(LOCK_ROWS, own));
    const values = rows.map((row) => {
      const after = {
        ...row,
        answer_content: answer,
        proxy_name: null,
        proxy_title: null,
        answered_at: now,
        answered_by: a.username,
        answer_channel: 'portal',
        answer_received_at: now,
        answered_late: false,
        version: row.version + 1,
        updated_at: now,
        updated_by: a.username,
      };
      return { ...after, before: row, after };
    });
    await c.query(
      named(RECORD_ANSWERS, {
        changes: JSON.stringify(values),
        cci: LARGE_CCI_CODE,
        username: a.username,
        company: a.companyId,
        conferences: [a.conferenceId],
      }),
    );
    await c.query(named(UPDATE_SUMMARY, { conference: a.conferenceId, company: a.companyId, at: now, username: a.username }));
    const conference = { id: a.conferenceId, cci_code: LARGE_CCI_CODE, ...conferences[0]! };
    const source = portalAnswerSource(LARGE_CCI_CODE, a.companyId, a.username, [a.conferenceId], now);
    await c.query(named(RECEIPT_INSERT, receiptValues(conference, source)));
    await c.query('commit');
  };
}

/**
 * Company admins for the answer scenario: the first ANSWERING_COMPANIES companies of the largest
 * chamber invited to the open conference of the seed's company user, each with a bench user row
 * (`bench-company-<code>@example.com`, created once). They answer the same conference at once, as
 * companies do after an invitation goes out: one share lock on the conference row, many holders.
 */
export async function answerers(pool: pg.Pool, count = ANSWERING_COMPANIES): Promise<Answerer[]> {
  const seedUser = user(LARGE_CCI_CODE, 'company');
  const { rows: open } = await pool.query<{ conference_id: number }>(
    `select cm.conference_id from conference_member cm join conference c on c.id = cm.conference_id
       join company co on co.id = cm.company_id
      where co.cci_code = $1 and co.company_code = $2 and c.status = 'published' and c.parent_id is null
        and (c.answer_deadline is null or c.answer_deadline > now() + interval '1 day')
      order by cm.conference_id limit 1`,
    [LARGE_CCI_CODE, seedUser.company_code],
  );
  if (!open[0]) throw new Error('no open conference for the large company in the seed');
  const conferenceId = open[0].conference_id;
  const { rows } = await pool.query<{ company_id: number; company_code: string; ids: number[] }>(
    `select cm.company_id, co.company_code, array_agg(cm.id order by cm.id) as ids
       from conference_member cm join company co on co.id = cm.company_id
      where cm.conference_id = $1 group by cm.company_id, co.company_code order by cm.company_id limit $2`,
    [conferenceId, count],
  );
  const list = rows.map((r) => ({
    username: r.company_code === seedUser.company_code ? seedUser.username : `bench-company-${r.company_code}@example.com`,
    companyId: r.company_id,
    conferenceId,
    ids: r.ids,
  }));
  await pool.query(
    `insert into users (username, cci_code, user_type, company_id, email, display_name, created_by, updated_by)
     select u, $1, 'COMPANY_ADMIN', c, u, 'ベンチマーク 事業所', 'bench', 'bench' from unnest($2::text[], $3::int[]) as t(u, c)
     on conflict (username) do nothing`,
    [LARGE_CCI_CODE, list.map((a) => a.username), list.map((a) => a.companyId)],
  );
  return list;
}

export const answerBodies = (a: Answerer) =>
  ['attend', 'absent'].map((answer) => JSON.stringify({ answers: a.ids.map((id) => ({ id, answer_content: answer })) }));

export async function scenarios(pool: pg.Pool): Promise<Scenario[]> {
  const companies = await answerers(pool);
  const seed = companies.find((a) => a.username === user(LARGE_CCI_CODE, 'company').username) ?? companies[0]!;

  const list = (label: string, cci: string, withKeyword: boolean): Scenario => ({
    name: `companies list, ${label}${withKeyword ? ` + keyword ${KEYWORD}` : ''}`,
    kind: 'list',
    method: 'GET',
    path: `/v1/cci/admin/master/companies${withKeyword ? `?keyword=${encodeURIComponent(KEYWORD)}` : ''}`,
    users: [user(cci, 'admin').username],
    floor: companyListFloor(pool, cci, withKeyword),
    naive: withKeyword
      ? undefined
      : { floor: companyListFloor(pool, cci, false, true), past: cci === LARGE_CCI_CODE ? 2 : undefined },
    budgetP99Ms: cci === LARGE_CCI_CODE ? 150 : 50,
  });

  return [
    list('typical chamber', TYPICAL_CCI_CODE, false),
    list('typical chamber', TYPICAL_CCI_CODE, true),
    list('largest chamber', LARGE_CCI_CODE, false),
    list('largest chamber', LARGE_CCI_CODE, true),
    {
      name: 'company: conference get with expand',
      kind: 'detail',
      method: 'GET',
      path: `/v1/company/conferences/${seed.conferenceId}?expand=sub_conferences,members,attachments`,
      users: [seed.username],
      floor: companyConferenceGetFloor(seed.companyId, seed.conferenceId),
      budgetP99Ms: 150,
    },
    {
      name: 'company: conference list',
      kind: 'list',
      method: 'GET',
      path: '/v1/company/conferences',
      users: [seed.username],
      floor: companyConferenceListFloor(pool, seed.companyId),
      budgetP99Ms: 150,
    },
    {
      name: `answer submission, ${companies.length} companies at once (same conference)`,
      kind: 'answer',
      method: 'POST',
      path: '/v1/company/conference_members/answer',
      users: companies.map((a) => a.username),
      bodies: (connection) => answerBodies(companies[connection % companies.length]!),
      floor: answerFloor((connection) => companies[connection % companies.length]!),
      budgetP99Ms: 50,
    },
    {
      name: `answer submission, one company's ${seed.ids.length} people from every connection (row locks queue)`,
      kind: 'answer',
      method: 'POST',
      path: '/v1/company/conference_members/answer',
      users: [seed.username],
      bodies: () => answerBodies(seed),
      floor: answerFloor(() => seed),
      budgetP99Ms: 50,
    },
  ];
}
