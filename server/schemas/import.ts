/** Imports (DESIGN.md §11.4, issue 17): POST/GET /v1/cci/{cci_code}/import, GET …/{id}, POST …/{id}/apply. */
import { Type, type Static } from 'typebox';
import { IMPORT_JOB_STATUSES, IMPORT_TYPES } from '../db/schema.ts';
import { listOf, Nullable, RowId } from './common.ts';

const DateTime = Type.String({ format: 'date-time' });

export const ImportCreateSchema = Type.Object(
  {
    type: Type.Enum(IMPORT_TYPES),
    /** the object key put_object_url issued with purpose `import` */
    key: Type.String({ minLength: 1, maxLength: 1024 }),
    dry_run: Type.Boolean({ default: true }),
    skip_invalid: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type ImportCreate = Static<typeof ImportCreateSchema>;

export const ImportCountsSchema = Type.Object({
  rows: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
});

/** row = the sheet's row number (header = its own row); column = the Japanese header */
export const ImportRowErrorSchema = Type.Object({
  row: Type.Integer(),
  column: Nullable(Type.String()),
  code: Type.String(),
  message: Type.String(),
});

export const ImportWarningSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  column: Type.Optional(Type.String()),
  row: Type.Optional(Type.Integer()),
});

export const ImportJobSchema = Type.Object({
  id: Type.Integer(),
  cci_code: Type.String(),
  type: Type.Enum(IMPORT_TYPES),
  key: Type.String(),
  dry_run: Type.Boolean(),
  skip_invalid: Type.Boolean(),
  /** queued → running → succeeded | failed */
  status: Type.Enum(IMPORT_JOB_STATUSES),
  /** a failed job's reason (Japanese) and its stable code (import_missing_column …) */
  error: Nullable(Type.String()),
  error_code: Nullable(Type.String()),
  progress_done: Type.Integer(),
  progress_total: Nullable(Type.Integer()),
  counts: Nullable(ImportCountsSchema),
  errors: Nullable(Type.Array(ImportRowErrorSchema)),
  /** download through GET …/common/s3/get_object_url?path={error_file_key} */
  error_file_key: Nullable(Type.String()),
  warnings: Nullable(Type.Array(ImportWarningSchema)),
  /** the first 20 rows as read and normalised: { row, fields… }; every change: GET …/{id}/changes */
  preview: Nullable(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
  /** the dry run this job applies */
  applied_from: Nullable(Type.Integer()),
  created_by: Type.String(),
  created_at: DateTime,
  started_at: Nullable(DateTime),
  finished_at: Nullable(DateTime),
});
export type ImportJobOut = Static<typeof ImportJobSchema>;

/** One column of a changed row (issue 33): before (null for a new row or an empty cell) → after. */
export const ImportChangeColumnSchema = Type.Object({
  column: Type.String(),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
});

/**
 * A row the import would create or update (a dry run), or did (an apply), with its changed columns;
 * on the wire only through the list's `Type.Partial` (…Row: not a component of its own).
 */
export const ImportChangeRow = Type.Object({
  row: Type.Integer(),
  result: Type.Enum(['created', 'updated']),
  changes: Type.Array(ImportChangeColumnSchema),
});

export type ImportChange = Static<typeof ImportChangeRow>;

/** GET …/import/{id}/changes as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const ImportChangeListSchema = listOf(Type.Partial(ImportChangeRow));

export const ImportJobParamsSchema = Type.Object(
  { cci_code: Type.String({ minLength: 1, maxLength: 20 }), id: RowId },
  { additionalProperties: false },
);

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const ImportJobListSchema = listOf(Type.Partial(ImportJobSchema));
