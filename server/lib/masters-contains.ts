import { or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SEARCH_VARIANTS_FROM, SEARCH_VARIANTS_TO, foldVariants } from '../../access/itaiji.ts';
import { normalizeCode } from './normalize-input.ts';

/**
 * `keyword` for the small master tables without a search_text column (templates, users): a
 * case-insensitive substring of any of the columns (or text expressions), both sides NFKC and 異体字-folded (髙橋 finds
 * 高橋, issue 15 §4). LIKE wildcards in the keyword are literal. Undefined (no condition) for a
 * blank keyword.
 */
export function containsKeyword(columns: Array<AnyPgColumn | SQL>, keyword: unknown): SQL | undefined {
  if (typeof keyword !== 'string') return undefined;
  const term = foldVariants(normalizeCode(keyword));
  if (term === '') return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ...columns.map(
      (column) => sql`translate(normalize(${column}, NFKC), ${SEARCH_VARIANTS_FROM}, ${SEARCH_VARIANTS_TO}) ilike ${pattern}`,
    ),
  );
}
