/** Cells of members and positions: row ids, dates and the forms' period rule (DESIGN.md §4, §11.4). */
import { assertPeriod } from '../../people-periods.ts';
import type { ImportRowError } from '../../../db/schema.ts';
import { cellText, parseImportDate, type ImportRow, type ImportValue } from '../read/index.ts';
import { importMessages as m } from '../messages.ts';
import type { KindContext } from './types.ts';

export const START = '就任日';
export const END = '退任日';

/** A text cell of a present column ('' when empty), undefined when the column is absent. */
export const textCell = (ctx: KindContext, row: ImportRow, header: string): string | undefined => {
  const i = ctx.column(header);
  return i < 0 ? undefined : (cellText(row.cells[i]) ?? '');
};

const rawCell = (ctx: KindContext, row: ImportRow, header: string): ImportValue | undefined => {
  const i = ctx.column(header);
  return i < 0 ? undefined : row.cells[i];
};

/** 会員ID / 役職ID: null when blank (a new row), NaN when not a number. */
export function idCell(ctx: KindContext, row: ImportRow, header: string, errors: ImportRowError[]): number | null {
  const text = textCell(ctx, row, header) ?? '';
  if (text === '') return null;
  const digits = text.normalize('NFKC');
  if (!/^[0-9]{1,9}$/.test(digits) || Number(digits) < 1) {
    errors.push({ row: row.row, column: header, code: 'invalid_id', message: m.idFormat(header) });
    return Number.NaN;
  }
  return Number(digits);
}

/** A date column as the form sends it ('' when emptied); undefined when absent. */
export function dateCell(ctx: KindContext, row: ImportRow, header: string, errors: ImportRowError[]): string | undefined {
  const value = rawCell(ctx, row, header);
  if (value === undefined) return undefined;
  if (value === null) return '';
  const parsed = parseImportDate(value);
  if (parsed.ok) return parsed.date;
  errors.push({ row: row.row, column: header, code: 'invalid_date', message: m.date(header) });
  return '';
}

/** The forms' rule: the period does not end before it starts (lib/people-periods.ts). */
export function checkPeriod(start: string | null, end: string | null, row: number, errors: ImportRowError[], labels = { start: START, end: END }): void {
  try {
    assertPeriod(start, end, 'body.end_at');
  } catch {
    errors.push({ row, column: labels.end, code: 'period', message: m.period(labels.start, labels.end) });
  }
}
