import { or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizeCode } from './normalize-input.ts';

/**
 * `keyword` for the small master tables without a search_text column (templates, users): a
 * case-insensitive substring of any of the columns. LIKE wildcards in the keyword are literal.
 * Undefined (no condition) for a blank keyword.
 */
export function containsKeyword(columns: AnyPgColumn[], keyword: unknown): SQL | undefined {
  if (typeof keyword !== 'string') return undefined;
  const term = normalizeCode(keyword);
  if (term === '') return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => sql`${column} ilike ${pattern}`));
}
