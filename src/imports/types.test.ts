/** The 取込 page's constants agree with the server's (the SPA does not bundle the server modules). */
import { IMPORT_JOB_STATUSES as SERVER_STATUSES, IMPORT_TYPES as SERVER_TYPES } from '../../server/db/schema.ts';
import { IMPORT_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from '../../server/schemas/storage.ts';
import { IMPORT_JOB_STATUSES, IMPORT_TYPES, previewHeaders } from './types';
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

  it('reads the preview’s headers from its rows, in order, without the row number', () => {
    expect(
      previewHeaders([
        { row: 2, 事業所コード: 'C1', 事業所名: 'A' },
        { row: 3, 事業所コード: 'C2', 住所: 'B' },
      ]),
    ).toEqual(['事業所コード', '事業所名', '住所']);
  });
});
