/**
 * CSV (RFC 4180, CRLF line ends, as Excel writes them) in UTF-8 with a byte-order mark — without it
 * Excel reads UTF-8 as Shift_JIS and shows garbage — or in Shift_JIS (CP932, server/lib/export-sjis.ts).
 * Dates are text in the export's style (spec §9 formats), as the DateCell's `text` says.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { ShiftJisEncoder } from '../../lib/export-sjis.ts';
import type { SjisReplacement } from '../../schemas/export.ts';
import type { Cell } from '../sources/types.ts';
import type { ExportWriter, SheetSpec } from './types.ts';

const BOM = '\ufeff';
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * A cell starting with one of these is a formula to Excel ("CSV injection"): a name typed as
 * =HYPERLINK(…) would run when staff open the file. Prefixed with ' so it stays text (OWASP).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** How many replaced cells a Shift_JIS job names (the count covers them all). */
export const SJIS_REPLACEMENTS_LISTED = 50;
/** A replaced cell's text is shown up to this many characters, around the first replaced one. */
const VALUE_WINDOW = 40;

const textOf = (cell: Cell): string | null =>
  cell === null ? null : typeof cell === 'number' ? String(cell) : typeof cell === 'string' ? cell : cell.text;

export function csvField(cell: Cell): string {
  const value = textOf(cell);
  if (value === null) return '';
  if (typeof cell === 'number') return value;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/** `text` cut to VALUE_WINDOW characters that include the first of `chars`. */
function around(text: string, chars: string[]): string {
  const letters = [...text];
  if (letters.length <= VALUE_WINDOW) return text;
  const first = letters.findIndex((c) => chars.includes(c));
  const start = Math.max(0, Math.min(first - 10, letters.length - VALUE_WINDOW));
  const end = start + VALUE_WINDOW;
  return `${start > 0 ? '…' : ''}${letters.slice(start, end).join('')}${end < letters.length ? '…' : ''}`;
}

export function openCsvWriter(filePath: string, sheet: SheetSpec, encoding: 'utf8' | 'sjis'): ExportWriter {
  const file = createWriteStream(filePath, { flags: 'wx' });
  const sjis = encoding === 'sjis' ? new ShiftJisEncoder() : null;
  const encode = (text: string) => (sjis ? sjis.encode(text) : Buffer.from(text, 'utf8'));
  const header = sheet.columns.map((c) => c.header);
  let pending = (sjis ? '' : BOM) + line(header);
  // Shift_JIS: the batch's rows, looked at cell by cell only when the batch had a replacement
  const batch: Cell[][] = sjis ? [header] : [];
  let batchFirstRow = 1;
  const replacements: SjisReplacement[] = [];

  const noteReplacements = (encoder: ShiftJisEncoder) => {
    for (let r = 0; r < batch.length && replacements.length < SJIS_REPLACEMENTS_LISTED; r++) {
      const cells = batch[r];
      for (let c = 0; c < cells.length && replacements.length < SJIS_REPLACEMENTS_LISTED; c++) {
        const text = textOf(cells[c]);
        if (!text) continue;
        const chars = encoder.unencodable(text);
        if (chars.length > 0) {
          replacements.push({ row: batchFirstRow + r, column: header[c], value: around(text, chars), chars: chars.join('') });
        }
      }
    }
  };

  return {
    write(cells) {
      pending += line(cells);
      if (sjis) batch.push(cells);
    },
    async flush() {
      if (pending.length === 0) return;
      const before = sjis?.replaced ?? 0;
      const chunk = encode(pending);
      pending = '';
      if (sjis) {
        if (sjis.replaced > before && replacements.length < SJIS_REPLACEMENTS_LISTED) noteReplacements(sjis);
        batchFirstRow += batch.length;
        batch.length = 0;
      }
      if (!file.write(chunk)) await once(file, 'drain');
    },
    async finish() {
      await this.flush();
      file.end();
      await finished(file);
      return { replacedCharCount: sjis ? sjis.replaced : null, replacements: sjis ? replacements : null };
    },
    abort() {
      file.destroy();
    },
  };
}
