import type pg from 'pg';
import type { Db } from '../../../db/client.ts';
import type { ImportChangeEntry, ImportRowError, ImportWarningEntry } from '../../../db/schema.ts';
import { clipText } from '../preview.ts';
import type { ImportRow } from '../read/index.ts';

export type RowResult = 'created' | 'updated' | 'unchanged' | 'failed';

export interface CheckedRow {
  source: ImportRow;
  result: RowResult;
  errors: ImportRowError[];
  /** the row as read and normalised, by header (the console's preview) */
  values: Record<string, unknown>;
  /** what the job reports about the row without failing it (a 〓 kept as stored: geta.ts) */
  warnings?: ImportWarningEntry[];
  /** an updated row's changed columns, before → after (issue 33: the dry run's change list) */
  changes?: ImportChangeEntry[];
}

/** One import's batch: checked through `read`, written in the job's transaction. */
export interface KindContext {
  /** the job's transaction: every write */
  client: pg.PoolClient;
  /**
   * A second connection for the look-ups of stored rows, so the next batch is checked while the
   * transaction writes the one before. It sees committed rows only, which is all a look-up needs:
   * a row this import already wrote is one `seen` holds, and a second row for it fails as a duplicate.
   */
  read: Pick<pg.ClientBase, 'query'>;
  /** the transaction's now(): created_at and updated_at of every row it writes */
  now: Date;
  /** drizzle on `client` (the members and positions inserts) */
  tx: Db;
  cciCode: string;
  actor: string;
  jobId: number;
  /** false for a dry run, and once a failed row means nothing will be written */
  write: boolean;
  /** where each known header sits in the file (-1: absent) */
  column(header: string): number;
  /** per-import memory across batches (codes and ids already seen: duplicates within the file) */
  seen: Set<string>;
  /** set by the kind's first batch: the chamber had none of the kind's rows when the import began */
  firstLoad?: boolean;
}

/** A kind the import brings in: the export's headers and the forms' rules (DESIGN.md §11.4). */
export interface ImportKind<R extends CheckedRow = CheckedRow> {
  headers: readonly string[];
  required: readonly string[];
  /** Checks a batch of rows (look-ups through ctx.read); one result per row, in order. */
  check(ctx: KindContext, rows: ImportRow[]): Promise<R[]>;
  /** Writes a checked batch's created and updated rows, with their audit rows, through ctx.client. */
  write(ctx: KindContext, rows: R[]): Promise<void>;
}

/**
 * The preview's values (issue 33): keyed by the sheet's Japanese headers, not the body's field
 * names, and taken from `source` (the body after the forms' normalisers: フリガナ in カタカナ).
 */
export const byHeader = (
  labels: Readonly<Record<string, string>>,
  fields: readonly string[],
  source: Readonly<Record<string, unknown>>,
): Record<string, unknown> => Object.fromEntries(fields.map((f) => [labels[f] ?? f, source[f]]));

/** A value as the change list shows it: text cut as the preview cuts it, empty as null. */
export const changeText = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : clipText(String(v)));

/**
 * The columns of `fields` whose value differs between the stored row and the next one (issue 33),
 * by the sheet's header, each shown through `show` where a field's stored value is not what the
 * sheet says (a code for a 区分 name).
 */
export function changedColumns<F extends string>(
  fields: readonly F[],
  before: Readonly<Partial<Record<F, unknown>>>,
  after: Readonly<Partial<Record<F, unknown>>>,
  labels: Readonly<Record<string, string>>,
  show: Partial<Record<F, (v: unknown) => unknown>> = {},
): ImportChangeEntry[] {
  return fields
    .filter((f) => !same(before[f], after[f]))
    .map((f) => {
      const shown = show[f] ?? ((v: unknown) => v);
      return { column: labels[f] ?? f, before: changeText(shown(before[f])), after: changeText(shown(after[f])) };
    });
}

/** Stored and imported values compare as text, empty and absent alike. */
export const same = (a: unknown, b: unknown): boolean => (a ?? '') === (b ?? '') || String(a ?? '') === String(b ?? '');

/**
 * `company_code` among the folded codes in `$2`, folded on both sides by the expression of the
 * unique index company_cci_code_folded_code_key (migration 0008), so a code stored before folding
 * (or written around the forms) still matches its row instead of looking new.
 */
export const FOLDED_CODE_IN_2 = `upper(normalize(company_code, NFKC)) = any(array(select upper(normalize(x, NFKC)) from unnest($2::text[]) x))`;
