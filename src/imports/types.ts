/**
 * Import jobs (issue 17; DESIGN.md §11.4): the record shape from the document's components
 * (src/api/schema.d.ts) and the choices of the 取込 page. The constants copy
 * server/db/schema.ts; types.test.ts checks that they still agree with it.
 */
// with its extension: test/server imports this file under NodeNext resolution
import type { ImportChangeList, ImportCreate, ImportJob, operations } from '../api/schema.d.ts';
import type { WholeList } from '../api/wholeList.ts';

export type { ImportCreate, ImportJob };
export type ImportType = ImportJob['type'];
export type ImportJobStatus = ImportJob['status'];
export type ImportCounts = NonNullable<ImportJob['counts']>;
export type ImportRowError = NonNullable<ImportJob['errors']>[number];
export type ImportWarning = NonNullable<ImportJob['warnings']>[number];
/** A row of the change list (GET …/import/{id}/changes, issue 33) as the page asks for it: whole, no chamber. */
export type ImportChange = Required<Omit<ImportChangeList['data'][number], 'chamber'>>;
export type ImportChangePage = WholeList<ImportChangeList, ImportChange>;
export type ImportChangesQuery = NonNullable<operations['listImportChanges']['parameters']['query']>;
/** One row of the preview (server/jobs/import-run.ts): the sheet's row number, what it would become, the values read by header. */
export interface ImportPreviewRow {
  row: number;
  result?: 'created' | 'updated' | 'unchanged' | 'failed';
  values: Record<string, unknown>;
}

export const IMPORT_TYPES = ['companies', 'members', 'positions'] as const satisfies readonly ImportType[];
export const IMPORT_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const satisfies readonly ImportJobStatus[];

/** The headers each kind reads, in the export's order (server/lib/import/kinds): the preview's column order. */
export const IMPORT_HEADERS: Readonly<Record<ImportType, readonly string[]>> = {
  companies: [
    '事業所コード',
    '事業所名',
    'フリガナ',
    '代表者',
    '郵便番号',
    '住所',
    '電話番号',
    'メールアドレス',
    '入会日',
    '登録日',
    '更新日時',
  ],
  members: ['会員ID', '事業所コード', '事業所名', '氏名', 'フリガナ', '肩書', 'メールアドレス', '役職', '就任日', '退任日'],
  positions: ['役職ID', '会員ID', '事業所コード', '事業所名', '氏名', '区分', '所属', '役職名', '序列', '開始日', '終了日'],
};

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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The preview as the server stored it (a list of JSON objects), in the shape above; anything else is left out. */
export const previewRows = (job: Pick<ImportJob, 'preview'>): ImportPreviewRow[] =>
  (job.preview ?? []).flatMap((item) =>
    typeof item.row === 'number' && isObject(item.values)
      ? [{ row: item.row, result: item.result as ImportPreviewRow['result'], values: item.values }]
      : [],
  );

/**
 * The preview's columns: the kind's headers in the export's order (the stored JSON keeps no key
 * order), then any other header the rows carry.
 */
export const previewHeaders = (type: ImportType, rows: readonly ImportPreviewRow[]): string[] => {
  const present = new Set(rows.flatMap((row) => Object.keys(row.values)));
  const known = IMPORT_HEADERS[type].filter((header) => present.has(header));
  return [...known, ...[...present].filter((header) => !known.includes(header))];
};

/** A preview cell as text: dates and numbers as the server sent them, nothing for empty. */
export const previewText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
