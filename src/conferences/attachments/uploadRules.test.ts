/** The browser's upload checks mirror the server's (server/schemas/storage.ts, issue 6). */
import * as server from '../../../server/schemas/storage';
import { ACCEPT, MAX_UPLOAD_BYTES, UPLOAD_TYPES, checkUpload } from './uploadRules';

const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('upload rules', () => {
  it('are the server’s: the same types with their extensions, and 20 MB', () => {
    expect(UPLOAD_TYPES).toEqual(server.UPLOAD_TYPES);
    expect(MAX_UPLOAD_BYTES).toBe(server.MAX_UPLOAD_BYTES);
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
    for (const ext of ['.pdf', '.xlsx', '.docx', '.pptx', '.png', '.jpg', '.jpeg', 'application/pdf'])
      expect(ACCEPT).toContain(ext);
  });

  it('declares the type of the extension (browsers may report none or another for Office files)', () => {
    expect(checkUpload(file('議事次第.PDF', 10, 'application/pdf'))).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(checkUpload(file('名簿.xlsx', 10, ''))).toEqual({
      ok: true,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(checkUpload(file('案内.docx', 10, 'application/octet-stream'))).toEqual({
      ok: true,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(checkUpload(file('photo.JPG', 10, 'image/jpeg'))).toEqual({ ok: true, contentType: 'image/jpeg' });
    // a PNG named .jpg: the name decides, as the server checks the pair
    expect(checkUpload(file('photo.jpg', 10, 'image/png'))).toEqual({ ok: true, contentType: 'image/jpeg' });
  });

  it('refuses other types, files over 20 MB and empty files', () => {
    expect(checkUpload(file('setup.exe', 10, 'application/x-msdownload'))).toEqual({
      ok: false,
      reason: 'unsupported_file_type',
    });
    expect(checkUpload(file('旧形式.xls', 10, 'application/vnd.ms-excel'))).toEqual({
      ok: false,
      reason: 'unsupported_file_type',
    });
    expect(checkUpload(file('pdf', 10, 'application/pdf'))).toEqual({ ok: false, reason: 'unsupported_file_type' });
    expect(checkUpload(file('big.pdf', MAX_UPLOAD_BYTES, 'application/pdf')).ok).toBe(true);
    expect(checkUpload(file('big.pdf', MAX_UPLOAD_BYTES + 1, 'application/pdf'))).toEqual({
      ok: false,
      reason: 'file_too_large',
    });
    expect(checkUpload(file('empty.pdf', 0, 'application/pdf'))).toEqual({ ok: false, reason: 'file_empty' });
  });
});
