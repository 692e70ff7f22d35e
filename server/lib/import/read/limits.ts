/**
 * What one cell, one row and one sheet of an import may hold (DESIGN.md §10: every streamed input
 * has a size limit per cell, row and file, checked before a string is built; issue 29). A 380 MB
 * cell once passed the zip-bomb checks and grew the process to 4.5 GB.
 *
 * - a cell: Excel's own limit, 32 767 characters (nothing Excel saves is longer);
 * - a row: 1 000 000 characters (a CSV record longer than that is a quote left open);
 * - a sheet: the inflated-bytes cap of the zip guard (zip-guard.ts), a CSV the upload's size limit.
 */
import { ImportFileError } from './errors.ts';
import { importReadMessages } from './messages.ts';

export const MAX_CELL_CHARS = 32_767;
export const MAX_ROW_CHARS = 1_000_000;
/**
 * Raw XML between two `<`: a cell's text as written, entities included (`&#x3042;` is 8 for 1).
 * Longer means a text node or attribute past the cell limit, refused before the XML parser joins
 * it into one string.
 */
export const MAX_XML_RUN_CHARS = MAX_CELL_CHARS * 8;

export const cellTooLong = (row?: number) =>
  new ImportFileError('import_cell_too_long', importReadMessages.import_cell_too_long(MAX_CELL_CHARS, row));
export const rowTooLong = (row?: number) =>
  new ImportFileError('import_row_too_long', importReadMessages.import_row_too_long(MAX_ROW_CHARS, row));

/**
 * A cell's raw text (pieces from the XML parser, Excel's `_x000D_` escapes still in) bounded as the
 * pieces arrive; the value's own length is checked by cellLength once it is built.
 */
export function cellCounter(row: () => number | undefined) {
  let length = 0;
  return {
    reset() {
      length = 0;
    },
    add(piece: string) {
      length += piece.length;
      if (length > MAX_XML_RUN_CHARS) throw cellTooLong(row());
    },
  };
}

/** A cell value's length (0 for what is not text), refused past the cell limit. */
export function cellLength(value: unknown, row?: number): number {
  if (typeof value !== 'string') return 0;
  if (value.length > MAX_CELL_CHARS) throw cellTooLong(row);
  return value.length;
}

/**
 * The XML's chunks passed on unchanged, refused once a run without `<` grows past
 * MAX_XML_RUN_CHARS.
 */
export async function* boundedXmlRuns(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let run = 0;
  for await (const chunk of chunks) {
    for (let from = 0; ;) {
      const next = chunk.indexOf('<', from);
      run += (next < 0 ? chunk.length : next) - from;
      if (run > MAX_XML_RUN_CHARS) throw cellTooLong();
      if (next < 0) break;
      // runs inside a chunk shorter than the limit need no look (the inflated stream's 16 KB)
      const last = chunk.length - from <= MAX_XML_RUN_CHARS ? chunk.lastIndexOf('<') : next;
      run = 0;
      from = last + 1;
    }
    yield chunk;
  }
}
