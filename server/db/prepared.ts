import { sql } from 'drizzle-orm';

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
