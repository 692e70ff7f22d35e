/**
 * What the export and import histories (GET /v1/cci/{cci_code}/export and …/import) share: newest
 * first, filtered by created_by, status (or status__in, as the pages poll the unfinished ones:
 * status__in=queued,running) and type, always within the chamber. `keyword`: a substring of the
 * creator (created_by) or of the file's key (its name).
 */
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import type { ListSpec } from './list-query.ts';
import { containsKeyword } from './masters-contains.ts';

interface JobColumns {
  id: PgColumn;
  cci_code: PgColumn;
  created_by: PgColumn;
  status: PgColumn;
  type: PgColumn;
  created_at: PgColumn;
  finished_at: PgColumn;
}

/**
 * The list spec of a job table: the storage key of its file (the export's result, the import's
 * upload), its statuses, its types and the fields a client may pick.
 */
export function jobListSpec(
  table: JobColumns,
  file: PgColumn,
  statuses: readonly string[],
  types: readonly string[],
  fields: string[],
): ListSpec {
  const one = `(${statuses.join('|')})`;
  return {
    id: table.id,
    sortable: { id: table.id, created_at: table.created_at, finished_at: table.finished_at },
    defaultSort: ['-created_at'],
    filters: { created_by: { column: table.created_by, type: 'string', ops: ['eq'] } },
    keyword: (keyword) => containsKeyword([table.created_by, file], keyword),
    extra: {
      status: Type.Enum(statuses),
      status__in: Type.String({ pattern: `^${one}(,${one})*$`, maxLength: 100 }),
      type: Type.Enum(types),
    },
    fields,
  };
}

/** The chamber and the status and type filters of a job list query (validated by jobListSpec's schema). */
export function jobListConditions(table: JobColumns, cciCode: string, query: Record<string, unknown>): Array<SQL | undefined> {
  const statuses =
    typeof query.status === 'string' ? [query.status] : typeof query.status__in === 'string' ? query.status__in.split(',') : [];
  return [
    eq(table.cci_code, cciCode),
    statuses.length > 0 ? inArray(table.status, statuses) : undefined,
    typeof query.type === 'string' ? eq(table.type, query.type) : undefined,
  ];
}
