import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import { company, member, type CompanyAttributes } from '../db/schema.ts';
import { LISTED_COMPANY, companyPages } from './company-list.ts';
import { memberSearchText } from '../lib/member-search-text.ts';
import { buildSearchText } from '../db/normalize.ts';
import type { Company, CompanyCreate, CompanyUpdate } from '../schemas/company.ts';
import { listQuerySchema, listResult, planList, runList, type ListResult, type ListSpec } from '../lib/list-query.ts';
import { audit } from '../lib/audit.ts';
import { uniqueViolation, versionConflict } from '../lib/db-errors.ts';
import { Problem, notFound } from '../lib/problem.ts';
import { chamberChanges, type ChamberChanges } from './company-chamber-changes.ts';

type CompanyRow = typeof company.$inferSelect;

/** spec §3: list filters company_code, keyword, cci_code; and 入会日 as a period (issue 33). */
export const COMPANY_LIST: ListSpec = {
  id: company.id,
  sortable: {
    id: company.id,
    company_code: company.company_code,
    name_kana: company.name_kana,
    joined_on: company.joined_on,
    updated_at: company.updated_at,
  },
  defaultSort: ['company_code'],
  filters: {
    company_code: { column: company.company_code, type: 'folded_code', ops: ['eq', 'startswith', 'in'] },
    joined_on: { column: company.joined_on, type: 'date', ops: ['gte', 'lte'] },
  },
  keyword: company.search_text,
  fields: ['id', 'cci_code', 'company_code', 'joined_on', 'version', 'attributes', 'created_at', 'updated_at'],
};
export const CompanyListQuery = listQuerySchema(COMPANY_LIST);

/**
 * spec §7 GET /v1/company/companies: the company admin's own company as a list of one (the session
 * loader asks with query id, spec §4), with the chamber list's keyword, fields and sort.
 */
export const OWN_COMPANY_LIST: ListSpec = {
  ...COMPANY_LIST,
  filters: { id: { column: company.id, type: 'integer', ops: ['eq'] } },
};
export const OwnCompanyListQuery = listQuerySchema(OWN_COMPANY_LIST);

export function toCompany(
  row: Pick<
    CompanyRow,
    'id' | 'cci_code' | 'company_code' | 'joined_on' | 'version' | 'attributes' | 'created_at' | 'updated_at'
  >,
): Company {
  return {
    id: row.id,
    cci_code: row.cci_code,
    company_code: row.company_code,
    joined_on: row.joined_on ?? null,
    version: row.version,
    attributes: {
      ...row.attributes,
      name1: row.attributes.name1 ?? '',
      admin_changed_info_flag: row.attributes.admin_changed_info_flag ?? '0',
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The keyword search text of a company (also written by imports, DESIGN.md §11.4). */
export const companySearchText = (code: string, attributes: CompanyAttributes) =>
  buildSearchText(code, attributes.name1, attributes.name_kana);
const searchTextOf = companySearchText;

const sameAttributes = (a: CompanyAttributes, b: CompanyAttributes) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof CompanyAttributes>;
  return [...keys].every((k) => (a[k] ?? null) === (b[k] ?? null));
};

/** A chamber's change of a company's attributes: the company admin must confirm it (spec §4); imports too. */
export const chamberChangedAttributes = (current: CompanyAttributes, input: Partial<CompanyAttributes>): CompanyAttributes => ({
  ...current,
  ...input,
  admin_changed_info_flag: '1',
});

const duplicateCode = () =>
  new Problem(409, 'duplicate_company_code', 'この事業所コードは既に使われています。', [
    { field: 'body.company_code', code: 'unique', message: '既に使われています' },
  ]);

export interface CompaniesRepository {
  list(cciCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<Company>>>;
  /** The own company (none for a login without one) as a list. */
  listOwn(cciCode: string, companyId: number | null, query: Record<string, unknown>): Promise<ListResult<Partial<Company>>>;
  findById(cciCode: string, id: number): Promise<Company | null>;
  create(cciCode: string, actor: string, input: CompanyCreate): Promise<Company>;
  /**
   * Versioned update. `changedBy` decides the confirm-account flag (spec §4): a chamber change sets
   * admin_changed_info_flag '1'; the company's own change clears it.
   */
  update(cciCode: string, id: number, actor: string, input: CompanyUpdate, changedBy: 'chamber' | 'company'): Promise<Company>;
  /** What the chamber changed since the company's admin last confirmed (company-chamber-changes.ts). */
  chamberChanges(cciCode: string, companyId: number): Promise<ChamberChanges>;
}

declare module 'fastify' {
  interface FastifyInstance {
    companies: CompaniesRepository;
  }
}

export default fp(
  async (app) => {
    const db = app.db;
    const pages = companyPages(db);
    const repository: CompaniesRepository = {
      chamberChanges: (cciCode, companyId) => chamberChanges(db, cciCode, companyId),
      async list(cciCode, query) {
        const plan = planList(COMPANY_LIST, query, [eq(company.cci_code, cciCode)]);
        // the statements kept for the lists most asked for: every company of the chamber (no soft
        // delete, staff see them all), or those a keyword finds (company-list.ts)
        if (plan.filtered && !plan.keywordOnly) return runList(db, company, plan, toCompany, { columns: LISTED_COMPANY });
        const sort = typeof query.sort === 'string' ? query.sort : '';
        const page = await pages(cciCode, plan, sort, plan.keywordOnly ? (query.keyword as string) : null);
        return listResult(plan, page.rows.map(toCompany), page.total);
      },

      listOwn(cciCode, companyId, query) {
        const own = companyId === null ? sql`false` : eq(company.id, companyId);
        return runList(db, company, planList(OWN_COMPANY_LIST, query, [eq(company.cci_code, cciCode), own]), toCompany);
      },

      async findById(cciCode, id) {
        const [row] = await db
          .select()
          .from(company)
          .where(and(eq(company.cci_code, cciCode), eq(company.id, id)))
          .limit(1);
        return row ? toCompany(row) : null;
      },

      async create(cciCode, actor, input) {
        const attributes: CompanyAttributes = { ...input.attributes, admin_changed_info_flag: '0' };
        try {
          return await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(company)
              .values({
                cci_code: cciCode,
                company_code: input.company_code,
                joined_on: input.joined_on ?? null,
                attributes,
                search_text: searchTextOf(input.company_code, attributes),
                created_by: actor,
                updated_by: actor,
              })
              .returning();
            const created = toCompany(row);
            await audit(tx, { cciCode, actor, action: 'create', entity: 'company', entityId: row.id, after: created });
            return created;
          });
        } catch (err) {
          if (uniqueViolation(err) !== null) throw duplicateCode();
          throw err;
        }
      },

      async update(cciCode, id, actor, input, changedBy) {
        try {
          return await db.transaction(async (tx) => {
            const [current] = await tx
              .select()
              .from(company)
              .where(and(eq(company.cci_code, cciCode), eq(company.id, id)))
              .for('update');
            if (!current) throw notFound();
            const code = input.company_code ?? current.company_code;
            // absent keeps the stored 入会日, null clears it (as the members' dates)
            const joinedOn = input.joined_on === undefined ? current.joined_on : input.joined_on;
            const attributes: CompanyAttributes =
              changedBy === 'chamber'
                ? chamberChangedAttributes(current.attributes, input.attributes)
                : { ...current.attributes, ...input.attributes, admin_changed_info_flag: '0' };
            // The client's retry of a PUT that committed but whose answer was lost (spec §9): the
            // same user's update made this version and the body changes nothing, so it succeeded.
            const replay =
              current.version === input.version + 1 &&
              current.updated_by === actor &&
              code === current.company_code &&
              joinedOn === current.joined_on &&
              sameAttributes(attributes, current.attributes);
            if (replay) return toCompany(current);
            if (current.version !== input.version) throw versionConflict(current.version);
            const [row] = await tx
              .update(company)
              .set({
                company_code: code,
                joined_on: joinedOn,
                attributes,
                search_text: searchTextOf(code, attributes),
                version: current.version + 1,
                updated_at: new Date(),
                updated_by: actor,
              })
              .where(eq(company.id, id))
              .returning();
            const updated = toCompany(row);
            // Members keep a copy of their company's code and name (filters, keyword search).
            if (code !== current.company_code || attributes.name1 !== current.attributes.name1) {
              const members = await tx.select().from(member).where(eq(member.company_id, id));
              for (const m of members) {
                await tx
                  .update(member)
                  .set({ company_code: code, search_text: memberSearchText(m.name, m.name_kana, code, attributes.name1) })
                  .where(eq(member.id, m.id));
              }
            }
            await audit(tx, {
              cciCode,
              actor,
              action: 'update',
              entity: 'company',
              entityId: id,
              before: toCompany(current),
              after: updated,
            });
            return updated;
          });
        } catch (err) {
          if (uniqueViolation(err) !== null) throw duplicateCode();
          throw err;
        }
      },
    };
    app.decorate('companies', repository);
  },
  { name: 'companies-repository', dependencies: ['database'] },
);
