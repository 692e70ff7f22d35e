/**
 * The chamber's company list statements (spec §7 GET /v1/cci/admin/master/companies): the page
 * everyone opens first, and the one bench:api measures for a typical and the largest chamber.
 */
import { and, count, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { company, company_count, keywordTerms, termCondition } from '../db/schema.ts';
import { PARAM } from '../db/prepared.ts';
import { LIST_TOTAL, pageWithTotal, totalOf, type ListPlan } from '../lib/list-query.ts';
import { TtlCache } from '../lib/ttl-cache.ts';

/** What a listed company needs (toCompany): not the generated name columns nor the search text. */
export const LISTED_COMPANY = {
  id: company.id,
  cci_code: company.cci_code,
  company_code: company.company_code,
  joined_on: company.joined_on,
  version: company.version,
  attributes: company.attributes,
  created_at: company.created_at,
  updated_at: company.updated_at,
};

/**
 * The chamber's number of companies as company_count keeps it, exact, by triggers in the writing
 * transaction (migration 0010); 0 for a chamber without a row.
 */
export const keptCompanyTotal = (db: Db, cci: string | Placeholder) =>
  totalOf(
    db
      .select({ n: sql`coalesce(max(${company_count.n}), 0)` })
      .from(company_count)
      .where(eq(company_count.cci_code, cci)),
  );

/** statements kept built at once (a client may send any combination of sortable keys and terms) */
const STATEMENTS_KEPT = 64;

/**
 * Sorts led by an indexed column (the default among them): the plan walks that index and stops at
 * the page, for 2 000 companies or 80 000, so PostgreSQL may keep one plan for every chamber. For
 * any other sort a kept (generic) plan, costed for an average chamber, would walk the largest
 * chamber's 80 000 rows by index where a bitmap scan and a top-10 sort serve it.
 */
const INDEXED_SORTS = new Set(['', 'company_code', '-company_code', 'name_kana', '-name_kana', 'id', '-id']);

/**
 * The list's statements built once per shape (sort order; the keyword's terms), kept: building a
 * statement's text cost drizzle more CPU per request than the rest of the handler (issue 37,
 * bench/results/profiles). An indexed sort's unfiltered statement is named: parsed once per pooled
 * connection, its plan kept; any other is sent unnamed, planned with each call's values (a keyword's
 * best plan depends on its terms).
 */
export function companyPages(db: Db) {
  const statements = new TtlCache<ReturnType<typeof build>>(Number.POSITIVE_INFINITY, STATEMENTS_KEPT);
  /** `kinds`: per keyword term, whether the bigram index pre-filters it; null: no keyword */
  const build = (plan: ListPlan, sort: string, kinds: boolean[] | null) => {
    const where = and(
      eq(company.cci_code, PARAM.cci),
      ...(kinds ?? []).map((bigrams, i) =>
        termCondition(company.search_text, bigrams, sql.placeholder(`term${i}`), sql.placeholder(`like${i}`)),
      ),
    );
    const total = kinds ? totalOf(db.select({ n: count() }).from(company).where(where)) : keptCompanyTotal(db, PARAM.cci);
    return (
      db
        .select({ ...LISTED_COMPANY, [LIST_TOTAL]: total })
        .from(company)
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        // node-postgres sends an empty name as the unnamed statement
        .prepare(!kinds && INDEXED_SORTS.has(sort) ? `company_page${sort}` : '')
    );
  };
  /**
   * The page `plan` asks for: unfiltered, or narrowed by `keyword` alone. `sort`: the query's sort
   * (the key of the order `plan` was made with).
   */
  return (cciCode: string, plan: ListPlan, sort: string, keyword: string | null) => {
    const terms = keyword === null ? null : keywordTerms(keyword);
    const kinds = terms?.map((t) => t.bigrams) ?? null;
    const key = `${sort}|${kinds?.map((b) => (b ? 'b' : 'l')).join('') ?? '-'}`;
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = build(plan, sort, kinds)));
    const values: Record<string, unknown> = { cci: cciCode, limit: plan.pageSize, offset: (plan.page - 1) * plan.pageSize };
    terms?.forEach((t, i) => Object.assign(values, { [`term${i}`]: t.term, [`like${i}`]: t.like }));
    const total = terms ? totalOf(db.select({ n: count() }).from(company).where(plan.where)) : keptCompanyTotal(db, cciCode);
    return pageWithTotal(db, plan, total, () => statement.execute(values));
  };
}
