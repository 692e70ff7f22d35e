import { sql, type Column, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * Placeholders of the statements repositories build once and run many times
 * (`db.select()….prepare('name')`, then `.execute({ company: 1, … })`). Drizzle spends 0.1–0.3 ms of
 * CPU building a query's SQL text, and PostgreSQL about as much parsing and planning it — more than
 * running the small queries of the company portal (DESIGN.md §9). A prepared statement is built
 * once per process, parsed once per pooled connection, and PostgreSQL keeps its plan (after five
 * custom plans it switches to the generic one when that is estimated no dearer).
 *
 * Only for queries of a fixed shape (lists of ids as one array, `= any(${PARAM.ids}::int[])`) whose
 * best plan does not depend on the values: never a keyword search, nor a chamber-wide scan.
 */
export const PARAM = {
  cci: sql.placeholder('cci'),
  id: sql.placeholder('id'),
  company: sql.placeholder('company'),
  ids: sql.placeholder('ids'),
  username: sql.placeholder('username'),
};

/**
 * A statement of fixed shape built once per process (placeholders for its values) and run by name
 * on the caller's connection, a transaction's included — which `db.….prepare(name)` cannot do: it is
 * bound to the pool. No SQL text is built per call and PostgreSQL plans it once per connection
 * (issue 16: the answer's statements). Rows come back unmapped (timestamps as text).
 */
export function namedStatement<Row extends Record<string, unknown>>(name: string, build: () => SQL) {
  let built: Query | undefined;
  const query = () => (built ??= dialect.sqlToQuery(build()));
  return {
    name,
    query,
    run(on: Pick<Db, '_'>, values: Record<string, unknown>): Promise<{ rows: Row[]; rowCount: number | null }> {
      return on._.session
        .prepareQuery<PreparedQueryConfig & { execute: { rows: Row[]; rowCount: number | null } }>(
          query(),
          undefined,
          name,
          false,
        )
        .execute(values);
    },
  };
}

/**
 * A namedStatement's raw row decoded as drizzle decodes a select: each field named in `columns` (the
 * statement selects it under that key) mapped by its column (timestamps to Date); others as they came.
 */
export function decoded<Row>(columns: Record<string, Column>, raw: Record<string, unknown>): Row {
  const row: Record<string, unknown> = { ...raw };
  for (const key in columns) {
    const value = raw[key];
    if (value !== null && value !== undefined) row[key] = columns[key].mapFromDriverValue(value);
  }
  return row as Row;
}
