import type { ExportFormat, TableFormat } from '../../schemas/export.ts';
import { openCsvWriter } from './csv.ts';
import { openXlsxWriter } from './xlsx.ts';
import type { ExportWriter, SheetSpec } from './types.ts';

/** `suffix`: before the extension, so a CSV's file name says its encoding. */
export const FORMAT_FILES: Readonly<Record<ExportFormat, { suffix: string; extension: string; contentType: string }>> = {
  xlsx: { suffix: '', extension: '.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  csv_utf8: { suffix: '_UTF-8', extension: '.csv', contentType: 'text/csv; charset=UTF-8' },
  csv_sjis: { suffix: '_SJIS', extension: '.csv', contentType: 'text/csv; charset=Shift_JIS' },
  docx: {
    suffix: '',
    extension: '.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};

export function openWriter(format: TableFormat, filePath: string, sheet: SheetSpec): ExportWriter {
  switch (format) {
    case 'xlsx':
      return openXlsxWriter(filePath, sheet);
    case 'csv_utf8':
      return openCsvWriter(filePath, sheet, 'utf8');
    case 'csv_sjis':
      return openCsvWriter(filePath, sheet, 'sjis');
  }
}
