/**
 * What an export type contributes: its sheet, its columns and the SQL of its rows. The runner
 * (server/jobs/export-run.ts) counts, then reads the rows through a cursor in one snapshot and
 * hands each row's cells to the writer, so memory stays flat whatever the number of rows.
 */
import type pg from 'pg';
import type { ExportJobParams } from '../../schemas/export.ts';
import { jstText, type DateCell, type DateFormatter } from '../../lib/export-dates.ts';

export type Cell = string | number | DateCell | null;

export interface ExportColumn {
  header: string;
  /** XLSX column width, in characters (a full-width character counts about 2) */
  width: number;
}

export interface SourceQuery {
  text: string;
  values: unknown[];
}

export interface ExportSource {
  /** Japanese sheet name (≤ 31 characters, none of []:*?/\) */
  sheetName: string;
  /** file name stem, e.g. 出欠一覧_第75回 通常議員総会 */
  fileLabel: string;
  /** printed at the top of each XLSX page */
  title: string;
  columns: ExportColumn[];
  /** one row, one column `n`: the number of rows `rows` returns */
  count: SourceQuery;
  rows: SourceQuery;
  toCells(row: Record<string, unknown>): Cell[];
}

export interface SourceContext {
  /** inside the export's read-only snapshot */
  client: pg.ClientBase;
  cciCode: string;
  params: ExportJobParams;
  dates: DateFormatter;
}

/**
 * The job cannot be produced as asked (its conference was deleted, …): it fails at once with this
 * message for the user instead of being retried.
 */
export class ExportInputError extends Error {}

/** The conference an export names, in the job's chamber; `event_at`: its start as Tokyo text (jstText). */
export async function conferenceOf(ctx: SourceContext): Promise<{ id: number; name: string; event_at: string }> {
  const { rows } = await ctx.client.query<{ id: number; name: string; event_at: string }>(
    `select id, name, ${jstText('event_date')} as event_at from conference where cci_code = $1 and id = $2`,
    [ctx.cciCode, ctx.params.conference_id],
  );
  if (!rows[0]) throw new ExportInputError('指定された会議が見つかりません（削除された可能性があります）。');
  return rows[0];
}
