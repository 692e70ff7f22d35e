/**
 * Conference companies (DESIGN.md §4): read-only here. The rows are created when members are
 * invited and their answer_content summary is kept by the answer endpoint (conference members).
 */
import fp from 'fastify-plugin';
import { count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { company, conference, conference_company, keywordCondition } from '../db/schema.ts';
import type { ConferenceCompany, OwnConferenceCompany } from '../schemas/conference-company.ts';
import { SummaryFilter } from '../schemas/conference-company.ts';
import { expandsOf } from '../schemas/conference.ts';
import { conferenceKeyword } from './conferences.ts';
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
import { answerStatusOf } from '../lib/conference-rules.ts';
import type { Db } from '../db/client.ts';
import { notUnderDraft } from './company-visibility.ts';

type ConferenceCompanyRow = typeof conference_company.$inferSelect;
type Summary = 'answered' | 'partial' | null;

/** The stored summary, read defensively: anything but the two known values counts as unanswered. */
export const summaryOf = (value: string | null): Summary => (value === 'answered' || value === 'partial' ? value : null);

const FIELDS = [
  'id',
  'cci_code',
  'conference_id',
  'company_id',
  'answer_content',
  'answered_at',
  'answered_by',
  'version',
  'created_at',
  'updated_at',
] as const;

/** The row's company matches `keyword` (a subquery: the count does not join the company). */
function companyMatches(keyword: string): SQL | undefined {
  const matches = keywordCondition(company.search_text, keyword);
  return matches && sql`exists (select 1 from ${company} where ${company.id} = ${conference_company.company_id} and ${matches})`;
}

/** Chamber list: filters conference_id, company_id, answer_content (`none` = null); sort by the company's code or kana. */
export const CONFERENCE_COMPANY_LIST: ListSpec = {
  id: conference_company.id,
  sortable: {
    company_code: company.company_code,
    name_kana: company.name_kana,
    conference_id: conference_company.conference_id,
    answered_at: conference_company.answered_at,
  },
  defaultSort: ['company_code'],
  filters: {
    conference_id: { column: conference_company.conference_id, type: 'integer', ops: ['eq', 'in'] },
    company_id: { column: conference_company.company_id, type: 'integer', ops: ['eq', 'in'] },
  },
  fields: [...FIELDS, 'company'],
  // the invited company: code, name, kana (its search_text)
  keyword: (keyword) => companyMatches(keyword),
  expand: ['company'],
  extra: { answer_content: SummaryFilter },
};
export const ConferenceCompanyListQuery = listQuerySchema(CONFERENCE_COMPANY_LIST);

/** The company's own rows: filter conference_id; rows of a draft or of one under a draft are not shown. */
export const OWN_CONFERENCE_COMPANY_LIST: ListSpec = {
  id: conference_company.id,
  sortable: { event_date: conference.event_date, conference_id: conference_company.conference_id },
  defaultSort: ['event_date'],
  filters: { conference_id: { column: conference_company.conference_id, type: 'integer', ops: ['eq', 'in'] } },
  fields: [...FIELDS, 'answer_status'],
  // the conference: its name or place (as the chamber's conference list)
  keyword: (keyword) => conferenceKeyword(keyword),
};
export const OwnConferenceCompanyListQuery = listQuerySchema(OWN_CONFERENCE_COMPANY_LIST);

function toConferenceCompany(row: ConferenceCompanyRow): ConferenceCompany {
  return {
    id: row.id,
    cci_code: row.cci_code,
    conference_id: row.conference_id,
    company_id: row.company_id,
    answer_content: summaryOf(row.answer_content),
    answered_at: row.answered_at ? row.answered_at.toISOString() : null,
    answered_by: row.answered_by,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function summaryCondition(filter: unknown): SQL | undefined {
  if (filter === 'none') return isNull(conference_company.answer_content);
  return typeof filter === 'string' ? eq(conference_company.answer_content, filter) : undefined;
}

const page = <T>(plan: ListPlan, items: T[]): Array<Partial<T>> =>
  plan.fields ? items.map((item) => pick(item, plan.fields!)) : items;

export interface ConferenceCompaniesRepository {
  list(cciCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<ConferenceCompany>>>;
  listOwn(cciCode: string, companyId: number, query: Record<string, unknown>): Promise<ListResult<Partial<OwnConferenceCompany>>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    conferenceCompanies: ConferenceCompaniesRepository;
  }
}

function repositoryOf(db: Db): ConferenceCompaniesRepository {
  return {
    async list(cciCode, query) {
      const plan = planList(CONFERENCE_COMPANY_LIST, query, [
        eq(conference_company.cci_code, cciCode),
        summaryCondition(query.answer_content),
      ]);
      const withCompany = expandsOf(query.expand).has('company');
      // sorting needs the company; the count does not
      const counting = db.select({ n: count() }).from(conference_company).where(plan.where);
      const { rows, total } = await pageWithTotal(db, plan, totalOf(counting), (listTotal) =>
        db
          .select({
            row: conference_company,
            company_code: company.company_code,
            name1: company.name1,
            name_kana: company.name_kana,
            [LIST_TOTAL]: listTotal,
          })
          .from(conference_company)
          .innerJoin(company, eq(company.id, conference_company.company_id))
          .where(plan.where)
          .orderBy(...plan.orderBy)
          .limit(plan.pageSize)
          .offset((plan.page - 1) * plan.pageSize),
      );
      const items = rows.map(({ row, company_code, name1, name_kana }) => ({
        ...toConferenceCompany(row),
        ...(withCompany ? { company: { company_code, name1: name1 ?? '', name_kana } } : {}),
      }));
      return { data: page(plan, items), meta: { page: plan.page, page_size: plan.pageSize, total } };
    },

    async listOwn(cciCode, companyId, query) {
      const now = new Date();
      const plan = planList(OWN_CONFERENCE_COMPANY_LIST, query, [
        eq(conference_company.cci_code, cciCode),
        eq(conference_company.company_id, companyId),
        notUnderDraft('conference'),
      ]);
      const counting = db
        .select({ n: count() })
        .from(conference_company)
        .innerJoin(conference, eq(conference.id, conference_company.conference_id))
        .where(plan.where);
      const { rows, total } = await pageWithTotal(db, plan, totalOf(counting), (listTotal) =>
        db
          .select({
            row: conference_company,
            status: conference.status,
            answer_deadline: conference.answer_deadline,
            [LIST_TOTAL]: listTotal,
          })
          .from(conference_company)
          .innerJoin(conference, eq(conference.id, conference_company.conference_id))
          .where(plan.where)
          .orderBy(...plan.orderBy)
          .limit(plan.pageSize)
          .offset((plan.page - 1) * plan.pageSize),
      );
      const items = rows.map(({ row, status, answer_deadline }) => ({
        ...toConferenceCompany(row),
        answer_status: answerStatusOf({ status, answer_deadline }, summaryOf(row.answer_content), now),
      }));
      return { data: page(plan, items), meta: { page: plan.page, page_size: plan.pageSize, total } };
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('conferenceCompanies', repositoryOf(app.db));
  },
  { name: 'conference-companies-repository', dependencies: ['database'] },
);
