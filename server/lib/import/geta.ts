/**
 * The 〓 match (issue 33): a Shift_JIS export writes 〓 for each character CP932 cannot hold (𠮷,
 * emoji…: server/lib/export-sjis.ts), so that file read back has 〓 where the chamber's row has
 * the character. A cell that is exactly what the export made of the stored value stands for that
 * value: it matches, is never written back as 〓, and the job says so (a warning naming the row
 * and the column), so re-importing an unchanged Shift_JIS export changes nothing.
 */
import iconv from 'iconv-lite';
import type { ImportWarningEntry } from '../../db/schema.ts';
import { REPLACEMENT_CHAR, ShiftJisEncoder } from '../export-sjis.ts';
import { importMessages as m } from './messages.ts';
import { clipText } from './preview.ts';

const encoder = new ShiftJisEncoder();

/** What a Shift_JIS export of `text` reads back as. */
export const shiftJisImage = (text: string): string => iconv.decode(encoder.encode(text), 'cp932');

/** The imported cell is the export's 〓 rendering of the stored text (and differs from it). */
export const isGetaOf = (stored: unknown, imported: unknown): stored is string =>
  typeof imported === 'string' &&
  typeof stored === 'string' &&
  imported.includes(REPLACEMENT_CHAR) &&
  imported !== stored &&
  shiftJisImage(stored) === imported;

/**
 * Puts the stored value back into `body` (and the preview's `values` by column, if given) where its cell is
 * the export's 〓 rendering of it; returns a warning for each such cell. `labels` names each
 * field's column.
 */
export function keepGetaCells(
  stored: Readonly<Record<string, unknown>>,
  body: Record<string, unknown>,
  at: { row: number; labels: Readonly<Record<string, string>>; values?: Record<string, unknown> },
): ImportWarningEntry[] {
  const warnings: ImportWarningEntry[] = [];
  for (const [field, value] of Object.entries(body)) {
    const kept = stored[field];
    if (!isGetaOf(kept, value)) continue;
    const column = at.labels[field] ?? field;
    body[field] = kept;
    if (at.values) at.values[column] = clipText(kept);
    warnings.push({ code: 'import_geta_matched', row: at.row, column, message: m.getaMatched(column, clipText(kept)) });
  }
  return warnings;
}
