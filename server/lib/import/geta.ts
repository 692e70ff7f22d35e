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
 * A cell edited from the export's 〓 rendering of the stored text ('〓田 二郎' over the stored
 * '𠮷田 一郎'): the start and the end the clerk left as the export wrote them are the stored
 * characters again, the edited middle is taken as typed — '𠮷田 二郎', the 〓 never written over the
 * 𠮷. Undefined where nothing comes back (no 〓 of the export in the cell).
 */
export function restoreGeta(stored: unknown, imported: unknown): string | undefined {
  if (typeof stored !== 'string' || typeof imported !== 'string' || !imported.includes(REPLACEMENT_CHAR)) return undefined;
  const kept = [...stored];
  const image = [...shiftJisImage(stored)];
  const typed = [...imported];
  // the export writes one character for each (a 〓, or CP932's twin of 〜 and the like)
  if (image.length !== kept.length || !image.includes(REPLACEMENT_CHAR)) return undefined;
  let start = 0;
  while (start < image.length && start < typed.length && image[start] === typed[start]) start++;
  let end = 0;
  while (
    end < image.length - start &&
    end < typed.length - start &&
    image[image.length - 1 - end] === typed[typed.length - 1 - end]
  )
    end++;
  const restored = [...kept.slice(0, start), ...typed.slice(start, typed.length - end), ...kept.slice(kept.length - end)].join(
    '',
  );
  return restored === imported ? undefined : restored;
}

/**
 * Puts the stored value back into `body` (and the preview's `values` by column, if given) where its cell is
 * the export's 〓 rendering of it, and the stored characters into the parts of an edited cell left
 * as the export wrote them (restoreGeta); returns a warning for each such cell. `labels` names each
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
    const matched = isGetaOf(kept, value);
    const restored = matched ? kept : restoreGeta(kept, value);
    if (restored === undefined) continue;
    const column = at.labels[field] ?? field;
    body[field] = restored;
    if (at.values) at.values[column] = clipText(restored);
    warnings.push(
      matched
        ? { code: 'import_geta_matched', row: at.row, column, message: m.getaMatched(column, clipText(restored)) }
        : { code: 'import_geta_restored', row: at.row, column, message: m.getaRestored(column, clipText(restored)) },
    );
  }
  return warnings;
}
