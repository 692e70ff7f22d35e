/**
 * XLSX, streamed (issue 6): the package's fixed parts (server/jobs/writers/xlsx-parts.ts) then the
 * worksheet row by row into a zip written straight to the file, so memory does not grow with the
 * export. Text cells are inline strings (no shared-string table to hold in memory) and are never
 * formulas: a name typed as =HYPERLINK(…) stays text. docs/decisions/0007-xlsx-writer.md says
 * why this is not exceljs's streaming writer.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import archiver from 'archiver';
import { excelSerial } from '../../lib/export-dates.ts';
import type { Cell } from '../sources/types.ts';
import type { ExportWriter, SheetSpec } from './types.ts';
import {
  DATE_STYLE_ID,
  DATE_TIME_STYLE_ID,
  HEADER_STYLE_ID,
  columnLetters,
  packageParts,
  worksheetHead,
  worksheetTail,
  xmlText,
} from './xlsx-parts.ts';

/** Leading or trailing white space, or a line break, is kept only when the text says so. */
const KEEP_SPACE = /^\s|\s$|\n/;

function cellXml(ref: string, cell: Cell, style: string): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"${style}><v>${cell}</v></c>` : '';
  if (cell === null || cell === '') return '';
  if (typeof cell === 'object') {
    // a date: its serial number, formatted by the date style (the header style does not apply)
    const id = cell.wall.length > 10 ? DATE_TIME_STYLE_ID : DATE_STYLE_ID;
    return `<c r="${ref}" s="${id}"><v>${excelSerial(cell.wall)}</v></c>`;
  }
  const space = KEEP_SPACE.test(cell) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(cell)}</t></is></c>`;
}

export function openXlsxWriter(filePath: string, sheet: SheetSpec): ExportWriter {
  const now = new Date();
  const file = createWriteStream(filePath, { flags: 'wx' });
  // deflate level 1: about twice as fast as the default, for a file a few percent larger; output in
  // 256 KiB pieces rather than zlib's 16 KiB, each piece being a trip through the stream chain
  const zip = archiver('zip', { zlib: { level: 1, chunkSize: 256 * 1024 } });
  // a full disk or a broken zip ends the export instead of leaving it waiting for a 'drain'
  const failure = new Promise<never>((_, reject) => {
    file.once('error', reject);
    zip.once('error', reject);
  });
  failure.catch(() => {});
  zip.pipe(file);
  for (const [name, content] of packageParts(sheet, now)) zip.append(content, { name, date: now });
  // room for about two batches of rows: the next batch is built while the last one is compressed
  const worksheet = new PassThrough({ highWaterMark: 8 * 1024 * 1024 });
  zip.append(worksheet, { name: 'xl/worksheets/sheet1.xml', date: now });

  const letters = sheet.columns.map((_, i) => columnLetters(i + 1));
  let rowNumber = 0;
  const rowXml = (cells: Cell[], attributes: string, style: string) => {
    rowNumber++;
    let xml = `<row r="${rowNumber}"${attributes}>`;
    for (let i = 0; i < cells.length; i++) xml += cellXml(letters[i] + rowNumber, cells[i], style);
    return `${xml}</row>`;
  };
  // rows are encoded one by one: a whole batch as one concatenated string costs V8 three times as much
  const pending: Buffer[] = [
    Buffer.from(
      worksheetHead(sheet) +
        rowXml(
          sheet.columns.map((c) => c.header),
          ' ht="30" customHeight="1"',
          ` s="${HEADER_STYLE_ID}"`,
        ),
    ),
  ];

  return {
    write(cells: Cell[]) {
      pending.push(Buffer.from(rowXml(cells, '', '')));
    },
    async flush() {
      const chunk = Buffer.concat(pending);
      pending.length = 0;
      if (!worksheet.write(chunk)) await Promise.race([once(worksheet, 'drain'), failure]);
    },
    async finish() {
      pending.push(Buffer.from(worksheetTail(sheet)));
      worksheet.end(Buffer.concat(pending));
      await Promise.race([zip.finalize(), failure]);
      await Promise.race([finished(file), failure]);
      return { replacedCharCount: null, replacements: null };
    },
    abort() {
      zip.abort();
      file.destroy();
    },
  };
}
