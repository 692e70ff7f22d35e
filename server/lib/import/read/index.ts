/**
 * The import reader (DESIGN.md §11.4, issue 17): opens an uploaded XLSX or CSV, finds its header
 * row and streams its data rows as cells. It knows nothing of companies or members: the import job
 * maps headers to fields and validates with the forms' own code.
 */
import { extname } from 'node:path';
import { csvRows } from './csv.ts';
import { detectCsvEncoding } from './detect-encoding.ts';
import { ImportFileError } from './errors.ts';
import { headerSpans, rowShaper, type RowShaper } from './columns.ts';
import { checkHeaders, findHeader } from './header.ts';
import { importReadMessages } from './messages.ts';
import type { CsvEncoding, ImportRow, ImportSheet, OpenImportOptions, RawRow } from './types.ts';
import { xlsxMerges } from './xlsx-merges.ts';
import { xlsxRows } from './xlsx.ts';

export { cellText, parseImportDate, type ImportDate } from './cells.ts';
export { ImportFileError } from './errors.ts';
export type { ImportRow, ImportSheet, ImportValue, ImportWarning, OpenImportOptions } from './types.ts';

export const DEFAULT_MAX_ROWS = 100_000;
/** Excel's own column limit (XFD) */
export const DEFAULT_MAX_COLUMNS = 16_384;

export async function openImportFile(filePath: string, options: OpenImportOptions): Promise<ImportSheet> {
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const maxColumns = options.maxColumns ?? DEFAULT_MAX_COLUMNS;
  const ext = extname(options.fileName).toLowerCase();
  let encoding: CsvEncoding | undefined;
  let source: AsyncGenerator<RawRow>;
  if (ext === '.xlsx') {
    source = xlsxRows(filePath, maxColumns);
  } else if (ext === '.csv') {
    encoding = await detectCsvEncoding(filePath);
    source = csvRows(filePath, encoding, maxColumns);
  } else {
    throw new ImportFileError('import_unsupported_format', importReadMessages.import_unsupported_format());
  }
  try {
    const { header, headers } = await findHeader(source, options.requiredHeaders);
    const warnings = checkHeaders(headers, options.knownHeaders, options.requiredHeaders);
    const merges = ext === '.xlsx' ? await xlsxMerges(filePath, header.sheet) : [];
    const shaper = rowShaper(headers, headerSpans(merges, header.row, headers), warnings);
    return {
      format: ext === '.xlsx' ? 'xlsx' : 'csv',
      ...(encoding ? { encoding } : { sheetName: header.sheetName }),
      headerRow: header.row,
      headers,
      rows: dataRows(source, header.sheet, shaper, maxRows),
      warnings,
    };
  } catch (error) {
    await source.return(undefined);
    throw error;
  }
}

/** the header's sheet from the row after it: blank and note rows skipped, cells under the headers (columns.ts) */
async function* dataRows(
  source: AsyncGenerator<RawRow>,
  sheet: number,
  shaper: RowShaper,
  maxRows: number,
): AsyncGenerator<ImportRow> {
  let count = 0;
  try {
    for (let next = await source.next(); !next.done && next.value.sheet === sheet; next = await source.next()) {
      if (next.value.values.every((c) => c === null)) continue;
      count += 1;
      if (count > maxRows) {
        throw new ImportFileError('import_too_many_rows', importReadMessages.import_too_many_rows(maxRows));
      }
      const cells = shaper.shape(next.value.row, next.value.values);
      // a row whose only values are under no header holds no record: its column was warned about
      if (cells?.some((c) => c !== null)) yield { row: next.value.row, cells };
    }
  } finally {
    await source.return(undefined);
  }
}
