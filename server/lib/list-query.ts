/**
 * List endpoints' query conventions (DESIGN.md §5, spec §3): every list takes the common parameters
 * keyword, expand, fields, sort, page, page_size and cci_code, and Django-style filters on
 * allow-listed fields. Each list declares a `ListSpec` saying what they mean for it (which text
 * `keyword` searches, which relations `expand` adds, which fields `fields` picks); from it come the
 * TypeBox querystring schema (so unknown parameters, unknown names in `fields`, `expand` and `sort`,
 * and bad values are a 400 naming them) and the SQL pieces. A page and its total are one statement: the
 * total is a separate count (never `count(*) over()`, which reads every matching row, DESIGN.md §9) in
 * an uncorrelated subquery of the page query (`pageWithTotal`, decision 0043).
 */
import { Type, type TObject, type TSchema } from 'typebox';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { keywordCondition } from '../db/schema.ts';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../schemas/common.ts';
import { foldCode } from '../../access/codes.ts';
import { normalizeCode } from './normalize-input.ts';
import { commonListQuery, namesOf } from './name-list.ts';

/** `code`: NFKC; `folded_code`: a code stored folded (事業所コード, テンプレートコード), so w1 finds W1. */
export type FilterType = 'string' | 'code' | 'folded_code' | 'integer' | 'date' | 'boolean';
export type FilterOp = 'eq' | 'gte' | 'lte' | 'startswith' | 'in';

/** `keyword` is matched by the list's repository itself (it needs the caller's chamber, say). */
export const KEYWORD_BY_REPOSITORY = 'repository';

export interface FilterSpec {
  column: AnyPgColumn;
  type: FilterType;
  ops: readonly FilterOp[];
}

export interface ListSpec {
  /** sort key → column or expression */
  sortable: Record<string, AnyPgColumn | SQL>;
  /** e.g. ['-event_date', 'id']; `id` is always appended as the final tie-breaker */
  defaultSort: readonly string[];
  filters?: Record<string, FilterSpec>;
  /**
   * What `keyword` matches: a search_text column (normalised, bigram-indexed), or the condition
   * for a keyword (a substring of some columns, a match on a related row).
   */
  keyword: AnyPgColumn | ((keyword: string) => SQL | undefined) | typeof KEYWORD_BY_REPOSITORY;
  /** fields a client may pick with `fields=` */
  fields: readonly string[];
  /** relations the list's repository adds on `expand=` (besides `chamber`, which every list has: list-chamber.ts) */
  expand?: readonly string[];
  /** extra querystring properties the route handles itself (flags, filters of its own…) */
  extra?: Record<string, TSchema>;
  /** the table's id column, the final sort tie-breaker */
  id: AnyPgColumn;
}

const OP_SUFFIX: Record<FilterOp, string> = { eq: '', gte: '__gte', lte: '__lte', startswith: '__startswith', in: '__in' };

function valueSchema(type: FilterType, op: FilterOp): TSchema {
  if (op === 'in') {
    // at most 9 digits: every value fits PostgreSQL's integer (a 10-digit one could overflow: 500)
    const item = type === 'integer' ? '\\d{1,9}' : '[^,]{1,100}';
    return Type.String({ pattern: `^${item}(,${item}){0,999}$` });
  }
  switch (type) {
    case 'integer':
      return Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
    case 'date':
      // PostgreSQL has no year 0: refuse it here rather than fail in SQL
      return Type.String({ format: 'date', pattern: '^(?!0000)[0-9]{4}-' });
    case 'boolean':
      return Type.Boolean();
    default:
      return Type.String({ maxLength: 200 });
  }
}

/** The querystring schema of a list: unknown parameters are refused (additionalProperties false). */
export function listQuerySchema(spec: ListSpec): TObject {
  const props: Record<string, TSchema> = commonListQuery({
    sortable: Object.keys(spec.sortable),
    fields: spec.fields,
    expand: spec.expand,
  });
  for (const [name, filter] of Object.entries(spec.filters ?? {})) {
    for (const op of filter.ops) props[`${name}${OP_SUFFIX[op]}`] = Type.Optional(valueSchema(filter.type, op));
  }
  for (const [name, schema] of Object.entries(spec.extra ?? {})) props[name] = Type.Optional(schema);
  return Type.Object(props, { additionalProperties: false });
}

type Query = Record<string, unknown>;

const CODE_VALUE: Partial<Record<FilterType, (s: string) => string>> = { code: normalizeCode, folded_code: foldCode };

function filterConditions(spec: ListSpec, query: Query): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, filter] of Object.entries(spec.filters ?? {})) {
    for (const op of filter.ops) {
      const raw = query[`${name}${OP_SUFFIX[op]}`];
      if (raw === undefined) continue;
      const asCode = CODE_VALUE[filter.type];
      const value = asCode && typeof raw === 'string' ? asCode(raw) : raw;
      const column = filter.column;
      switch (op) {
        case 'eq':
          conditions.push(eq(column, value));
          break;
        case 'gte':
          conditions.push(gte(column, value));
          break;
        case 'lte':
          conditions.push(lte(column, value));
          break;
        case 'startswith':
          conditions.push(sql`${column} like ${`${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
          break;
        case 'in': {
          const items = String(value).split(',');
          const typed = filter.type === 'integer' ? items.map(Number) : items.map((i) => (asCode ? asCode(i) : i));
          conditions.push(inArray(column, typed));
          break;
        }
      }
    }
  }
  return conditions;
}

function keywordOf(spec: ListSpec, keyword: string): SQL | undefined {
  if (spec.keyword === KEYWORD_BY_REPOSITORY) return undefined;
  return typeof spec.keyword === 'function' ? spec.keyword(keyword) : keywordCondition(spec.keyword, keyword);
}

export interface ListPlan {
  where: SQL | undefined;
  orderBy: SQL[];
  page: number;
  pageSize: number;
  fields: string[] | undefined;
  /** a filter or keyword narrows the list: the total is not the base conditions' (tenant) total */
  filtered: boolean;
  /** the keyword is all that narrows it (no filter) */
  keywordOnly: boolean;
}

/** Turns a validated query into SQL pieces; `base` conditions (tenant, parent) are ANDed in. */
export function planList(spec: ListSpec, query: Query, base: Array<SQL | undefined> = []): ListPlan {
  const narrowing = filterConditions(spec, query);
  const filters = narrowing.length;
  const keyword = typeof query.keyword === 'string' ? keywordOf(spec, query.keyword) : undefined;
  if (keyword) narrowing.push(keyword);
  const conditions = [...base, ...narrowing];
  const sortKeys = typeof query.sort === 'string' ? query.sort.split(',') : [...spec.defaultSort];
  const orderBy = sortKeys.map((key) => {
    const descending = key.startsWith('-');
    const column = spec.sortable[descending ? key.slice(1) : key];
    return descending ? desc(column) : asc(column);
  });
  orderBy.push(asc(spec.id));
  return {
    where: and(...conditions.filter((c): c is SQL => c !== undefined)),
    orderBy,
    page: (query.page as number | undefined) ?? DEFAULT_PAGE,
    pageSize: (query.page_size as number | undefined) ?? DEFAULT_PAGE_SIZE,
    fields: typeof query.fields === 'string' ? namesOf(query.fields) : undefined,
    filtered: narrowing.length > 0,
    keywordOnly: keyword !== undefined && filters === 0,
  };
}

export interface ListResult<T> {
  data: T[];
  meta: { page: number; page_size: number; total: number };
}

/** The key under which a page's rows carry their list's total (`pageWithTotal`). */
export const LIST_TOTAL = 'list_total';

/** A list's total as a scalar subquery: `counting` selects one number (a count, a kept total). */
export const totalOf = (counting: SQLWrapper): SQL<number> => sql<number>`(${counting})`.mapWith(Number);

/**
 * A page and its total in one statement (issue 37, decision 0043): `page` selects the page's rows,
 * each also carrying `total` under LIST_TOTAL — an uncorrelated scalar subquery, which PostgreSQL
 * runs once per statement (an InitPlan), in the page's snapshot. One round trip and one pooled
 * connection per list request, where a page ‖ count took two of each. A page past the last row has
 * no row to carry the total: then it is read alone (page 1 empty means there is nothing to count).
 */
export async function pageWithTotal<R extends { [LIST_TOTAL]: number }>(
  db: Db,
  plan: ListPlan,
  total: SQL<number>,
  page: (total: SQL<number>) => Promise<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const rows = await page(total);
  if (rows.length > 0) return { rows, total: rows[0]![LIST_TOTAL] };
  if (plan.page === 1) return { rows, total: 0 };
  const { rows: alone } = await db.execute<{ n: string | number }>(sql`select ${total} as n`);
  return { rows, total: Number(alone[0]!.n) };
}

/** What a list may change in `runList`'s statement. */
export interface ListOptions {
  /** replaces the count: e.g. a total kept by triggers, for an unfiltered plan only */
  total?: SQL<number>;
  /** the columns the rows need (default: all of the table's) */
  columns?: Record<string, AnyPgColumn>;
}

/** The page of `table`'s rows that `plan` asks for, with its total (`pageWithTotal`). */
export async function runList<Row, T>(
  db: Db,
  table: PgTable,
  plan: ListPlan,
  toItem: (row: Row) => T,
  {
    total = totalOf(db.select({ n: count() }).from(table).where(plan.where)),
    columns = getTableColumns(table),
  }: ListOptions = {},
): Promise<ListResult<Partial<T>>> {
  const page = await pageWithTotal(db, plan, total, (listTotal) =>
    db
      .select({ ...columns, [LIST_TOTAL]: listTotal })
      .from(table)
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.pageSize)
      .offset((plan.page - 1) * plan.pageSize),
  );
  return listResult(plan, (page.rows as Row[]).map(toItem), page.total);
}

/** The response of a list: its items (narrowed to `fields`) and their place. */
export function listResult<T>(plan: ListPlan, items: T[], total: number): ListResult<Partial<T>> {
  return {
    data: plan.fields ? items.map((item) => pick(item, plan.fields!)) : items,
    meta: { page: plan.page, page_size: plan.pageSize, total },
  };
}

export function pick<T>(item: T, fields: readonly string[]): Partial<T> {
  const out: Partial<T> = {};
  for (const f of fields) if (f in (item as object)) (out as Record<string, unknown>)[f] = (item as Record<string, unknown>)[f];
  return out;
}
