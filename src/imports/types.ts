/**
 * Import jobs (issue 17; DESIGN.md §11.4): the record of GET /v1/cci/{cci_code}/import/{id} and the
 * choices of the 取込 page. Written out here until the server's schema module exists on this
 * branch; then `import type` from server/schemas like src/exports/types.ts.
 */

export const IMPORT_TYPES = ['companies', 'members', 'positions'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

export interface ImportCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/** One failing cell or row: `row` is the sheet's row number (header = 1); null for the file itself. */
export interface ImportRowError {
  row: number | null;
  column: string | null;
  code: string;
  message: string;
}

export interface ImportWarning {
  code: string;
  message: string;
  column?: string | null;
  row?: number | null;
}

/** The first rows as the server read them (after normalisation), each with its sheet row number. */
export interface ImportPreview {
  headers: string[];
  rows: Array<{ row: number; cells: Array<string | number | null> }>;
}

export interface ImportJob {
  id: number;
  type: ImportType;
  key: string;
  dry_run: boolean;
  skip_invalid: boolean;
  status: ImportJobStatus;
  progress_done: number;
  progress_total: number | null;
  counts: ImportCounts | null;
  errors: ImportRowError[] | null;
  error_file_key: string | null;
  warnings: ImportWarning[] | null;
  preview?: ImportPreview | null;
  /** why the file as a whole failed (Japanese), when status is failed */
  error?: string | null;
  created_by: string;
  created_at: string;
  finished_at: string | null;
}

/** POST /v1/cci/{cci_code}/import */
export interface ImportCreate {
  type: ImportType;
  key: string;
  dry_run: boolean;
  skip_invalid: boolean;
}

/** How often the 取込 pages reload while an import runs. Tests shorten it. */
export const polling = { intervalMs: 2_000 };

/** A job still being worked on: the pages poll while one is shown. */
export const isActive = (job: Pick<ImportJob, 'status'> | undefined) => job?.status === 'queued' || job?.status === 'running';

/** A dry run that read its file: 取込実行 may run it for real. */
export const isApplicable = (job: Pick<ImportJob, 'status' | 'dry_run'> | undefined) =>
  !!job && job.dry_run && job.status === 'succeeded';

/** The uploaded file's own name: the last part of its object key (…/import/{uuid}/{name}). */
export const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/**
 * Why the file as a whole failed: the job's `error`, else an error that names no row (a missing
 * column, an unreadable file).
 */
export const failureReason = (job: Pick<ImportJob, 'error' | 'errors'>): string | null =>
  job.error || job.errors?.find((e) => e.row === null || e.row === undefined)?.message || null;
