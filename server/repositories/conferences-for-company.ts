/**
 * Conferences as a company admin sees them (DESIGN.md §4, §6): only those its company is invited
 * to, never drafts, with the company's answer status (server/lib/conference-rules.ts).
 *
 * A company is invited to a conference when a conference_company row exists for it. The list shows
 * top-level conferences the company is invited to directly or through one of their (non-draft)
 * sub-conferences; sub-conferences appear nested (`expand=sub_conferences`), never as list items.
 * The list holds top-level conferences only, so its draft check needs no walk up the ancestors
 * (company-visibility.ts); the detail route, which also opens sub-conferences, does.
 */
import fp from 'fastify-plugin';
import { and, asc, count, eq, gte, isNull, ne, not, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { conference, conference_company, conference_member, member } from '../db/schema.ts';
import { PARAM } from '../db/prepared.ts';
import type { CompanyConference, CompanyInvitee, CompanySubConference } from '../schemas/conference.ts';
import { AnswerStatusSchema, CompanyConferenceSchema, Day, expandsOf } from '../schemas/conference.ts';
import {
  LIST_TOTAL,
  listQuerySchema,
  pageWithTotal,
  pick,
  planList,
  totalOf,
  type ListPlan,
  type ListResult,
  type ListSpec,
} from '../lib/list-query.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { answerStatusOf, type AnswerStatus } from '../lib/conference-rules.ts';
import { jstDayOf, jstDayStart } from '../lib/conference-dates.ts';
import { conferenceKeyword, eventDayConditions, toConference } from './conferences.ts';
import { summaryOf } from './conference-companies.ts';
import { visibleToCompany } from './company-visibility.ts';

type ConferenceRow = typeof conference.$inferSelect;
type Summary = 'answered' | 'partial' | null;

/**
 * `hidden_happened` (DESIGN.md §4): true (default) hides conferences that already happened — status
 * held, or an event day (Asia/Tokyo) before today; a conference of today stays listed all day.
 * false lists them too. `answer_status`: as computed for each item (answerStatusCondition).
 */
export const COMPANY_CONFERENCE_LIST: ListSpec = {
  id: conference.id,
  sortable: { event_date: conference.event_date },
  defaultSort: ['event_date'],
  // the name or place, as the chamber's conference list
  keyword: (keyword) => conferenceKeyword(keyword),
  fields: Object.keys(CompanyConferenceSchema.properties).filter((field) => field !== 'members'),
  expand: ['sub_conferences', 'attachments'],
  extra: {
    answer_status: AnswerStatusSchema,
    hidden_happened: Type.Boolean({ default: true }),
    event_date__gte: Day,
    event_date__lte: Day,
  },
};
export const CompanyConferenceListQuery = listQuerySchema(COMPANY_CONFERENCE_LIST);

/** Sub-conferences whose answers count towards their parent's summary (not draft, not cancelled). */
const COUNTED_STATUSES = sql.raw(`'published', 'closed', 'held'`);
/**
 * The outer query's conference row. Written out because drizzle leaves the columns of a
 * single-table select unqualified, which inside these subqueries would bind to the inner tables.
 */
const OUTER_ID = sql.raw('"conference"."id"');

/**
 * The company's invitation to the conference row in scope, directly or through a visible
 * sub-conference: two index probes a row. (One `exists (… c2.id = id or c2.parent_id = id)` joined
 * every invitation of the company with every candidate row: 0.9 ms for the largest chamber's count
 * instead of 0.6 ms, DESIGN.md §9.) The row itself is never a draft: callers filter on its status.
 */
const invitedCondition = (companyId: number | Placeholder): SQL =>
  sql`(exists (select 1 from conference_company cc where cc.conference_id = ${OUTER_ID} and cc.company_id = ${companyId})
       or exists (select 1 from conference c2 join conference_company cc on cc.conference_id = c2.id and cc.company_id = ${companyId}
                   where c2.parent_id = ${OUTER_ID} and c2.status <> 'draft'))`;

/**
 * Top-level conferences of the chamber the company is invited to, never drafts; with `today` (the
 * JST day's start), only those that have not happened (hidden_happened, DESIGN.md §4).
 */
const invitedTopLevel = (
  cci: string | Placeholder,
  companyId: number | Placeholder,
  today: Date | Placeholder | null,
): Array<SQL | undefined> => [
  eq(conference.cci_code, cci),
  isNull(conference.parent_id),
  ne(conference.status, 'draft'),
  invitedCondition(companyId),
  today === null ? undefined : and(ne(conference.status, 'held'), gte(conference.event_date, today)),
];

/**
 * The company's summary for a conference and its counted sub-conferences, from the
 * conference_company rows the answer endpoint keeps: all answered → 'answered', none → null,
 * otherwise 'partial'. For a sub-conference (no children) it is its own row's summary.
 */
const summarySql = (companyId: number | Placeholder): SQL<string | null> =>
  sql<string | null>`(select case when count(*) = 0 then null
                                  when bool_and(coalesce(cc.answer_content = 'answered', false)) then 'answered'
                                  when bool_and(cc.answer_content is null) then null
                                  else 'partial' end
                        from conference_company cc join conference c2 on c2.id = cc.conference_id
                       where cc.company_id = ${companyId}
                         and (c2.id = ${OUTER_ID} or (c2.parent_id = ${OUTER_ID} and c2.status in (${COUNTED_STATUSES}))))`;

/** SQL twin of conference-rules.ts isAnsweringOpen, negated: the list filters on it. */
const closedSql = (now: Date): SQL =>
  sql`(${conference.status} <> 'published' or (${conference.answer_deadline} is not null and ${conference.answer_deadline} < ${now}))`;

function answerStatusCondition(status: AnswerStatus, companyId: number, now: Date): SQL {
  if (status === 'closed') return closedSql(now);
  const summary = summarySql(companyId);
  const bySummary = status === 'unanswered' ? sql`${summary} is null` : sql`${summary} = ${status}`;
  return and(not(closedSql(now)), bySummary)!;
}

function visible(row: ConferenceRow, summary: Summary, now: Date, withAttachments: boolean): CompanySubConference {
  // the 定足数 settings are the chamber's (issue 14)
  const { attachments, quorum: _chamberOnly, ...rest } = toConference(row);
  return {
    ...rest,
    ...(withAttachments ? { attachments } : {}),
    answer_status: answerStatusOf(row, summary, now),
    answer_content: summary,
  };
}

export interface ConferencesForCompanyRepository {
  list(cciCode: string, companyId: number, query: Record<string, unknown>): Promise<ListResult<Partial<CompanyConference>>>;
  /** null when the company may not see it: another chamber's, a draft, or not invited (→ 404). */
  find(cciCode: string, companyId: number, id: number, expand: Set<string>): Promise<CompanyConference | null>;
  /** Whether `key` is a file of a conference (or of its 議案) of the chamber the company may see (the rule of `find`). */
  hasAttachment(cciCode: string, companyId: number, key: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    conferencesForCompany: ConferencesForCompanyRepository;
  }
}

export default fp(
  async (app) => {
    const db = app.db;
    // Built once, run with parameters (server/db/prepared.ts): these run on every page of the portal.
    const findStatement = db
      .select({ row: conference, summary: summarySql(PARAM.company) })
      .from(conference)
      // a sub-conference under a draft is as hidden as the draft itself (company-visibility.ts)
      .where(and(eq(conference.cci_code, PARAM.cci), eq(conference.id, PARAM.id), visibleToCompany('conference', PARAM.company)))
      .limit(1)
      .prepare('company_conference_find');
    const subConferencesStatement = db
      .select({ row: conference, summary: conference_company.answer_content })
      .from(conference)
      .innerJoin(
        conference_company,
        and(eq(conference_company.conference_id, conference.id), eq(conference_company.company_id, PARAM.company)),
      )
      .where(and(sql`${conference.parent_id} = any(${PARAM.ids}::int[])`, ne(conference.status, 'draft')))
      .orderBy(asc(conference.event_date), asc(conference.id))
      .prepare('company_conference_subs');
    const inviteesStatement = db
      .select({ cm: conference_member, name: member.name, name_kana: member.name_kana, title: member.title })
      .from(conference_member)
      .innerJoin(member, eq(member.id, conference_member.member_id))
      .where(
        and(eq(conference_member.company_id, PARAM.company), sql`${conference_member.conference_id} = any(${PARAM.ids}::int[])`),
      )
      .orderBy(
        sql`array_position(${PARAM.ids}::int[], ${conference_member.conference_id})`,
        asc(conference_member.sort),
        asc(conference_member.id),
      )
      .prepare('company_conference_invitees');

    /** The company's sub-conferences of these parents: invited and not draft, in event order. */
    async function subConferences(companyId: number, parentIds: number[]) {
      if (parentIds.length === 0) return [];
      return subConferencesStatement.execute({ company: companyId, ids: parentIds });
    }

    /** The company's invitees of these conferences with their answers: conference by conference, in `sort` order. */
    async function invitees(companyId: number, conferenceIds: number[]): Promise<CompanyInvitee[]> {
      const rows = await inviteesStatement.execute({ company: companyId, ids: conferenceIds });
      return rows.map(({ cm, name, name_kana, title }) => ({
        id: cm.id,
        conference_id: cm.conference_id,
        company_id: cm.company_id,
        member_id: cm.member_id,
        category: cm.category,
        answer_content: cm.answer_content,
        proxy_name: cm.proxy_name,
        proxy_title: cm.proxy_title,
        // 委任先 only with a 委任状 (decision 0028: a stale one stays behind another answer)
        delegate_to: cm.answer_content === 'delegate' ? cm.delegate_to : null,
        sort: cm.sort,
        answered_at: cm.answered_at ? cm.answered_at.toISOString() : null,
        answer_channel: cm.answer_channel,
        answer_received_at: cm.answer_received_at ? cm.answer_received_at.toISOString() : null,
        answered_late: cm.answered_late,
        version: cm.version,
        member: { name, name_kana, title },
      }));
    }

    /**
     * The list as the portal asks for it (no keyword, filter, answer_status nor event days): its
     * statement built once per sort order and hidden_happened, sent unnamed so PostgreSQL plans each
     * call for its chamber and company. Building it cost drizzle ~0.3 ms of CPU per request, a third
     * of the API's own (issue 37, bench/results/profiles/company-conference-list.md).
     */
    const plainPages = new TtlCache<ReturnType<typeof buildPlainPage>>(Number.POSITIVE_INFINITY, 8);
    function buildPlainPage(plan: ListPlan, hideHappened: boolean) {
      const where = and(...invitedTopLevel(PARAM.cci, PARAM.company, hideHappened ? sql.placeholder('today') : null));
      return db
        .select({
          row: conference,
          summary: summarySql(PARAM.company),
          [LIST_TOTAL]: totalOf(db.select({ n: count() }).from(conference).where(where)),
        })
        .from(conference)
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('');
    }
    function plainPage(
      plan: ListPlan,
      total: SQL<number>,
      values: { cci: string; company: number; today: Date | null },
      sort: string,
    ) {
      const key = `${sort} ${values.today !== null}`;
      let statement = plainPages.get(key);
      if (!statement) plainPages.set(key, (statement = buildPlainPage(plan, values.today !== null)));
      const limits = { limit: plan.pageSize, offset: (plan.page - 1) * plan.pageSize };
      return pageWithTotal(db, plan, total, () => statement.execute({ ...values, ...limits }));
    }

    const repository: ConferencesForCompanyRepository = {
      async hasAttachment(cciCode, companyId, key) {
        // a file of the conference or of one of its 議案 (issue 34)
        const file = JSON.stringify([{ key }]);
        const { rows } = await db.execute(sql`
          select 1 from conference c
           where c.cci_code = ${cciCode}
             and (c.attachments @> ${file}::jsonb
                  or exists (select 1 from motion m where m.conference_id = c.id and m.attachments @> ${file}::jsonb))
             and ${visibleToCompany('c', companyId)}
           limit 1`);
        return rows.length > 0;
      },
      async list(cciCode, companyId, query) {
        const now = new Date();
        const expand = expandsOf(query.expand);
        const today = query.hidden_happened === false ? null : jstDayStart(jstDayOf(now));
        const base = [
          ...invitedTopLevel(cciCode, companyId, today),
          typeof query.answer_status === 'string'
            ? answerStatusCondition(query.answer_status as AnswerStatus, companyId, now)
            : undefined,
          ...eventDayConditions(query),
        ];
        const plan = planList(COMPANY_CONFERENCE_LIST, query, base);
        const plain = !plan.filtered && query.answer_status === undefined && eventDayConditions(query).length === 0;
        const counted = totalOf(db.select({ n: count() }).from(conference).where(plan.where));
        const { rows, total } = plain
          ? await plainPage(
              plan,
              counted,
              { cci: cciCode, company: companyId, today },
              typeof query.sort === 'string' ? query.sort : '',
            )
          : await pageWithTotal(db, plan, counted, (listTotal) =>
              db
                .select({ row: conference, summary: summarySql(companyId), [LIST_TOTAL]: listTotal })
                .from(conference)
                .where(plan.where)
                .orderBy(...plan.orderBy)
                .limit(plan.pageSize)
                .offset((plan.page - 1) * plan.pageSize),
            );
        const subs = expand.has('sub_conferences')
          ? await subConferences(
              companyId,
              rows.map((r) => r.row.id),
            )
          : [];
        const withAttachments = expand.has('attachments');
        const data = rows.map(({ row, summary }): CompanyConference => {
          const item: CompanyConference = visible(row, summaryOf(summary), now, withAttachments);
          if (expand.has('sub_conferences')) {
            item.sub_conferences = subs
              .filter((s) => s.row.parent_id === row.id)
              .map((s) => visible(s.row, summaryOf(s.summary), now, withAttachments));
          }
          return item;
        });
        const picked = plan.fields ? data.map((item) => pick(item, plan.fields!)) : data;
        return { data: picked, meta: { page: plan.page, page_size: plan.pageSize, total } };
      },

      async find(cciCode, companyId, id, expand) {
        const now = new Date();
        const [found] = await findStatement.execute({ cci: cciCode, id, company: companyId });
        if (!found) return null;
        const withAttachments = expand.has('attachments');
        const result: CompanyConference = visible(found.row, summaryOf(found.summary), now, withAttachments);
        if (!expand.has('sub_conferences') && !expand.has('members')) return result;
        const subs = await subConferences(companyId, [id]);
        if (expand.has('sub_conferences')) {
          result.sub_conferences = subs.map((s) => visible(s.row, summaryOf(s.summary), now, withAttachments));
        }
        if (expand.has('members')) result.members = await invitees(companyId, [id, ...subs.map((s) => s.row.id)]);
        return result;
      },
    };
    app.decorate('conferencesForCompany', repository);
  },
  { name: 'conferences-for-company-repository', dependencies: ['database'] },
);
