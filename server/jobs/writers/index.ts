import type { ExportFormat } from '../../schemas/export.ts';
import { openCsvWriter } from './csv.ts';
import { openXlsxWriter } from './xlsx.ts';
import type { ExportWriter, SheetSpec } from './types.ts';

export const FORMAT_FILES: Readonly<Record<ExportFormat, { extension: string; contentType: string }>> = {
  xlsx: { extension: '.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  csv_utf8: { extension: '.csv', contentType: 'text/csv; charset=UTF-8' },
  csv_sjis: { extension: '.csv', contentType: 'text/csv; charset=Shift_JIS' },
};

export function openWriter(format: ExportFormat, filePath: string, sheet: SheetSpec): ExportWriter {
  switch (format) {
    case 'xlsx':
      return openXlsxWriter(filePath, sheet);
    case 'csv_utf8':
      return openCsvWriter(filePath, sheet, 'utf8');
    case 'csv_sjis':
      return openCsvWriter(filePath, sheet, 'sjis');
  }
}
