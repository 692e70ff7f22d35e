/**
 * XLSX rows, streamed with exceljs's WorkbookReader: sheet by sheet, row by row, with shared
 * strings and styles cached (styles tell which numbers are dates). Merged header cells need no
 * handling: the text sits in the merge's first cell and the others are empty.
 */
import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { toImportValue } from './cells.ts';
import { ImportFileError } from './errors.ts';
import { importReadMessages } from './messages.ts';
import type { ImportValue, RawRow } from './types.ts';
import { checkXlsxZip } from './zip-guard.ts';

export async function* xlsxRows(filePath: string, maxColumns: number): AsyncGenerator<RawRow> {
  await checkXlsxZip(filePath);
  const source = createReadStream(filePath);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let sheet = -1;
  try {
    for await (const worksheet of reader) {
      sheet += 1;
      const sheetName = (worksheet as unknown as { name?: string }).name;
      for await (const row of worksheet) {
        const raw = row.values as unknown[];
        if (raw.length - 1 > maxColumns) {
          throw new ImportFileError('import_too_many_columns', importReadMessages.import_too_many_columns(maxColumns));
        }
        const values: ImportValue[] = [];
        // row.values is 1-based and sparse
        for (let i = 1; i < raw.length; i += 1) values.push(toImportValue(raw[i]));
        yield { sheet, sheetName, row: row.number, values };
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('import_not_xlsx', importReadMessages.import_not_xlsx());
  } finally {
    source.destroy();
  }
}
