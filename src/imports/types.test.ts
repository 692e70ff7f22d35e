/** The 取込 page's constants agree with the server's (the SPA does not bundle the server modules). */
import { IMPORT_JOB_STATUSES as SERVER_STATUSES, IMPORT_TYPES as SERVER_TYPES } from '../../server/db/schema.ts';
import { IMPORT_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from '../../server/schemas/storage.ts';
import { IMPORT_JOB_STATUSES, IMPORT_TYPES, previewHeaders, previewRows } from './types';
import { IMPORT_FILE_TYPES, MAX_IMPORT_BYTES, checkImportFile } from './upload';

describe('取込 constants', () => {
  it('match the server (server/db/schema.ts, server/schemas/storage.ts)', () => {
    expect(IMPORT_TYPES).toEqual(SERVER_TYPES);
    expect(IMPORT_JOB_STATUSES).toEqual(SERVER_STATUSES);
    expect(MAX_IMPORT_BYTES).toBe(MAX_UPLOAD_BYTES);
    expect(Object.fromEntries(Object.entries(IMPORT_FILE_TYPES).map(([ext, type]) => [type, [ext]]))).toEqual(
      IMPORT_UPLOAD_TYPES,
    );
  });

  it('checks a file as the server will: .xlsx / .csv (any case), 1 byte to 20 MB', () => {
    expect(checkImportFile({ name: '事業所.XLSX', size: 10 })).toEqual({
      ok: true,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(checkImportFile({ name: '会員.csv', size: MAX_IMPORT_BYTES })).toEqual({ ok: true, contentType: 'text/csv' });
    expect(checkImportFile({ name: '会員.csv', size: MAX_IMPORT_BYTES + 1 })).toEqual({ ok: false, reason: 'file_too_large' });
    expect(checkImportFile({ name: '会員.csv', size: 0 })).toEqual({ ok: false, reason: 'file_empty' });
    expect(checkImportFile({ name: '会員.xls', size: 10 })).toEqual({ ok: false, reason: 'unsupported_file_type' });
    expect(checkImportFile({ name: 'csv', size: 10 })).toEqual({ ok: false, reason: 'unsupported_file_type' });
  });

  it('orders the preview’s columns as the export does, unknown ones last, and leaves out what is not a row', () => {
    const rows = previewRows({
      preview: [
        { row: 2, result: 'created', values: { 住所: '東京都', 事業所コード: 'C1', 備考: 'x' } },
        { row: 3, result: 'failed', values: { 事業所名: 'A', 事業所コード: 'C2' } },
        { nonsense: true },
      ],
    });
    expect(rows.map((r) => r.row)).toEqual([2, 3]);
    expect(previewHeaders('companies', rows)).toEqual(['事業所コード', '事業所名', '住所', '備考']);
  });
});
