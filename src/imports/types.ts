/**
 * Import jobs (issue 17; DESIGN.md §11.4): the record shape from the server's TypeBox schema (`import
 * type`, erased from the bundle) and the choices of the 取込 page. The constants copy
 * server/db/schema.ts; types.test.ts checks that they still agree with it.
 */
import type { ImportCreate, ImportJobOut } from '../../server/schemas/import.ts';

export type { ImportCreate };
export type ImportJob = ImportJobOut;
export type ImportType = ImportJob['type'];
export type ImportJobStatus = ImportJob['status'];
export type ImportCounts = NonNullable<ImportJob['counts']>;
export type ImportRowError = NonNullable<ImportJob['errors']>[number];
export type ImportWarning = NonNullable<ImportJob['warnings']>[number];
/** One row of the preview: `row` (the sheet's row number) and the values read, by header. */
export type ImportPreviewRow = NonNullable<ImportJob['preview']>[number];

export const IMPORT_TYPES = ['companies', 'members', 'positions'] as const satisfies readonly ImportType[];
export const IMPORT_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const satisfies readonly ImportJobStatus[];

/** How often the 取込 pages reload while an import runs. Tests shorten it. */
export const polling = { intervalMs: 2_000 };

/** A job still being worked on: the pages poll while one is shown. */
export const isActive = (job: Pick<ImportJob, 'status'> | undefined) => job?.status === 'queued' || job?.status === 'running';

/** A dry run that read its file: 取込実行 may run it for real. */
export const isApplicable = (job: Pick<ImportJob, 'status' | 'dry_run'> | undefined) =>
  !!job && job.dry_run && job.status === 'succeeded';

/** 「ドライラン」 or 「取込」 */
export const modeKey = (job: Pick<ImportJob, 'dry_run'>) => `kaigi.imports.modes.${job.dry_run ? 'dry_run' : 'apply'}`;

/** The uploaded file's own name: the last part of its object key (…/import/{uuid}/{name}). */
export const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** The headers of the preview, in the order the rows carry them (`row` is the row number, not a header). */
export const previewHeaders = (rows: readonly ImportPreviewRow[]): string[] => {
  const headers = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) if (key !== 'row') headers.add(key);
  return [...headers];
};

/** A preview cell as text: dates and numbers as the server sent them, nothing for empty. */
export const previewText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
