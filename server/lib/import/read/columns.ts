/**
 * From a sheet's row to the header's columns (issue 33): a header merged over several columns
 * takes all of them, their values joined with a full-width space in order (住所 over E:F: the
 * address and the building); a value under a column without a header of its own is reported once
 * per column, by its letter, never dropped without a word; note and footer rows (「※…」, 合計)
 * are skipped with a warning naming them.
 */
import { cellText } from './cells.ts';
import { clipText } from '../preview.ts';
import { importReadMessages } from './messages.ts';
import type { ImportValue, ImportWarning } from './types.ts';
import { columnLetter, type MergeRange } from './xlsx-merges.ts';

/** row warnings kept at most (a file of 80 000 footnotes must not make the job's record megabytes) */
export const MAX_ROW_WARNINGS = 100;
const JOINER = '\u3000'; // 全角スペース

/** 0-based first column → 0-based last column of each header merged over several columns */
export function headerSpans(merges: readonly MergeRange[], headerRow: number, headers: readonly string[]): Map<number, number> {
  const spans = new Map<number, number>();
  for (const m of merges) {
    if (m.top <= headerRow && headerRow <= m.bottom && m.right > m.left && (headers[m.left - 1] ?? '') !== '') {
      spans.set(m.left - 1, m.right - 1);
    }
  }
  return spans;
}

/** A note (※, ＊, 注:) or a total (合計, 小計, 総計, 計) opening the row; spaces inside ignored (合 計, full-width too). */
const NOTE_OR_TOTAL = /^(?:※|\*|注[:)]|合計|小計|総計|計(?:$|[:0-9]))/;
/** what a code or an id looks like (access/codes.ts, after NFKC) */
const CODE_LIKE = /^[0-9A-Za-z_-]+$/;

/**
 * A row that holds no record: it opens with a note mark or a total word, or its only value is a
 * text (not a code) in one of the first two columns, as 「以上」 or 「作成: 事務局」 under the list.
 */
export function noteText(values: readonly ImportValue[]): string | null {
  const filled = values.flatMap((v, i) => (v === null ? [] : [{ i, text: cellText(v)! }]));
  const first = filled[0];
  if (!first) return null;
  const folded = first.text.normalize('NFKC').replace(/\s+/g, '');
  if (NOTE_OR_TOTAL.test(folded)) return first.text;
  const lone = filled.length === 1 && first.i < 2 && typeof values[first.i] === 'string' && !CODE_LIKE.test(folded);
  return lone ? first.text : null;
}

export interface RowShaper {
  /** the row's cells under the headers, or null for a note row (warned) */
  shape(row: number, values: readonly ImportValue[]): ImportValue[] | null;
}

export function rowShaper(headers: readonly string[], spans: ReadonlyMap<number, number>, warnings: ImportWarning[]): RowShaper {
  const covered = new Set<number>();
  for (const [left, right] of spans) for (let c = left + 1; c <= right; c += 1) covered.add(c);
  const reported = new Set<number>();
  let rowWarnings = 0;
  const warn = (w: ImportWarning) => {
    if (rowWarnings >= MAX_ROW_WARNINGS) return;
    rowWarnings += 1;
    warnings.push(w);
  };
  return {
    shape(row, values) {
      const note = noteText(values);
      if (note !== null) {
        warn({ code: 'import_note_row', row, message: importReadMessages.import_note_row(row, clipText(note)) });
        return null;
      }
      values.forEach((v, i) => {
        if (v === null || (headers[i] ?? '') !== '' || covered.has(i) || reported.has(i)) return;
        reported.add(i);
        const column = columnLetter(i + 1);
        warn({ code: 'import_unheaded_column', row, column, message: importReadMessages.import_unheaded_column(column, row) });
      });
      return headers.map((_, i) => {
        if (covered.has(i)) return null; // its value went into the merged header's column
        const right = spans.get(i);
        if (right === undefined) return values[i] ?? null;
        const parts = values.slice(i, right + 1).filter((v) => v !== null);
        return parts.length <= 1 ? (parts[0] ?? null) : parts.map((v) => cellText(v)).join(JOINER);
      });
    },
  };
}
