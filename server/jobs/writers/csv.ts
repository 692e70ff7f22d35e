/**
 * CSV (RFC 4180, CRLF line ends, as Excel writes them) in UTF-8 with a byte-order mark — without it
 * Excel reads UTF-8 as Shift_JIS and shows garbage — or in Shift_JIS (CP932, server/lib/export-sjis.ts).
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { ShiftJisEncoder } from '../../lib/export-sjis.ts';
import type { Cell } from '../sources/types.ts';
import type { ExportWriter, SheetSpec } from './types.ts';

const BOM = '\ufeff';
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * A cell starting with one of these is a formula to Excel ("CSV injection"): a name typed as
 * =HYPERLINK(…) would run when staff open the file. Prefixed with ' so it stays text (OWASP).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

export function openCsvWriter(filePath: string, sheet: SheetSpec, encoding: 'utf8' | 'sjis'): ExportWriter {
  const file = createWriteStream(filePath, { flags: 'wx' });
  const sjis = encoding === 'sjis' ? new ShiftJisEncoder() : null;
  const encode = (text: string) => (sjis ? sjis.encode(text) : Buffer.from(text, 'utf8'));
  let pending = (sjis ? '' : BOM) + line(sheet.columns.map((c) => c.header));

  return {
    write(cells) {
      pending += line(cells);
    },
    async flush() {
      if (pending.length === 0) return;
      const chunk = encode(pending);
      pending = '';
      if (!file.write(chunk)) await once(file, 'drain');
    },
    async finish() {
      await this.flush();
      file.end();
      await finished(file);
      return { replacedCharCount: sjis ? sjis.replaced : null };
    },
    abort() {
      file.destroy();
    },
  };
}
