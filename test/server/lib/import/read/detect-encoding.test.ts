import { describe, expect, it } from 'vitest';
import Encoding from 'encoding-japanese';
import iconv from 'iconv-lite';
import { detectCsvEncoding } from '../../../../../server/lib/import/read/detect-encoding.ts';
import { encode, tempFiles, writeBytes } from './import-files.ts';

const { file } = tempFiles();
const TEXT = '事業所コード,事業所名,フリガナ\r\n001,髙橋商店①,ﾀｶﾊｼｼｮｳﾃﾝ\r\n';

describe('detectCsvEncoding (DESIGN.md §11.4: detected, not asked)', () => {
  it.each(['UTF-8', 'UTF-8-BOM', 'Shift_JIS'] as const)('recognises %s', async (encoding) => {
    expect(await detectCsvEncoding(await writeBytes(file('a.csv'), encode(TEXT, encoding)))).toBe(encoding);
  });

  it('takes a pure ASCII file as UTF-8', async () => {
    expect(await detectCsvEncoding(await writeBytes(file('a.csv'), 'code,name\n1,a\n'))).toBe('UTF-8');
  });

  it('finds Shift_JIS whose first non-ASCII byte comes late in the file', async () => {
    const text = `${'code,name\r\n'.repeat(20_000)}1,ｶﾅ髙①\r\n`;
    expect(await detectCsvEncoding(await writeBytes(file('a.csv'), encode(text, 'Shift_JIS')))).toBe('Shift_JIS');
  });

  it('takes CP932 made only of half-width カナ as Shift_JIS', async () => {
    expect(await detectCsvEncoding(await writeBytes(file('a.csv'), encode('ｶﾅ,ｼｮｳｺｳ\r\n', 'Shift_JIS')))).toBe('Shift_JIS');
  });

  it.each([
    ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(TEXT, 'utf16le')]), 'UTF-16'],
    ['UTF-16BE without BOM', iconv.encode(TEXT, 'utf16be'), 'UTF-16'],
    ['EUC-JP', iconv.encode(TEXT.replace('①', ''), 'eucjp'), 'EUC-JP'],
    ['JIS (ISO-2022-JP)', Buffer.from(Encoding.convert(Encoding.stringToCode(TEXT), { to: 'JIS', from: 'UNICODE' })), 'JIS'],
    ['binary garbage', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 151 + 7) % 256)), undefined],
  ])('refuses %s with import_unknown_encoding', async (_name, bytes, guess) => {
    const error = await detectCsvEncoding(await writeBytes(file('a.csv'), bytes)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'import_unknown_encoding' });
    expect((error as Error).message).toContain('UTF-8 または Shift_JIS');
    if (guess) expect((error as Error).message).toContain(guess);
  });
});
