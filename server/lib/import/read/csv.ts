/**
 * CSV rows, streamed: the file is decoded (UTF-8, its BOM dropped, or CP932) and parsed record by
 * record, so an 80 000-row file is never held whole (DESIGN.md §9 import budget). Row numbers are
 * record numbers, i.e. the row Excel shows when it opens the file (a cell with a line break inside
 * quotes stays one row).
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { toImportValue } from './cells.ts';
import { ImportFileError } from './errors.ts';
import { cellLength, MAX_ROW_CHARS, rowTooLong } from './limits.ts';
import { importReadMessages } from './messages.ts';
import type { CsvEncoding, RawRow } from './types.ts';

/**
 * The CSV export prefixes ' to a cell Excel would run as a formula (server/jobs/writers/csv.ts,
 * "CSV injection"); that ' is the export's, not the data's, so an exported file reads back as it was.
 */
const EXPORT_FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;
const cell = (text: string) => toImportValue(text.replace(EXPORT_FORMULA_GUARD, ''));

export async function* csvRows(filePath: string, encoding: CsvEncoding, maxColumns: number): AsyncGenerator<RawRow> {
  const source = createReadStream(filePath);
  const parser = parse({ relax_column_count: true, relax_quotes: true, max_record_size: MAX_ROW_CHARS });
  const piping = pipeline(source, iconv.decodeStream(encoding === 'Shift_JIS' ? 'cp932' : 'utf8'), parser);
  piping.catch(() => {}); // the same error reaches the loop below through the parser
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      if (record.length > maxColumns) {
        throw new ImportFileError('import_too_many_columns', importReadMessages.import_too_many_columns(maxColumns));
      }
      for (const text of record) cellLength(text, row);
      yield { sheet: 0, row, values: record.map(cell) };
    }
  } catch (error) {
    // a record past the row limit (or a quote left open swallowing the file): refused before it grows
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') throw rowTooLong(row + 1);
    if (error instanceof CsvError) {
      throw new ImportFileError('import_csv_malformed', importReadMessages.import_csv_malformed(row + 1));
    }
    throw error;
  } finally {
    source.destroy();
  }
}
