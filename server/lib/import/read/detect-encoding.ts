/**
 * Which encoding a CSV is in, detected not asked (DESIGN.md §11.4): UTF-8 with or without BOM, or
 * Shift_JIS as Japanese Excel's 「CSV（コンマ区切り）」 writes it (CP932: ①, 髙, ｶﾅ). Anything else
 * (UTF-16, EUC-JP, binary) is refused rather than read as mojibake. The whole file is checked, in
 * chunks, so a late non-ASCII byte cannot slip past a sample.
 */
import { createReadStream } from 'node:fs';
import Encoding from 'encoding-japanese';
import iconv from 'iconv-lite';
import { ImportFileError } from './errors.ts';
import { importReadMessages } from './messages.ts';
import type { CsvEncoding } from './types.ts';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** an .xlsx (zip) or an old .xls (OLE) renamed or mis-saved as .csv */
const ZIP = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0])];
/** an invalid or unmapped CP932 sequence (U+FFFD), 外字 / EUC-JP bytes read as CP932 (private use); NUL is refused earlier */
const NOT_CP932 = /[\uFFFD\uE000-\uF8FF]/;
const SAMPLE_BYTES = 64 * 1024;
/** NUL: UTF-16/32 or binary; ESC: JIS (ISO-2022-JP), 7-bit and so valid UTF-8 but not text */
const ESC = 0x1b;

export async function detectCsvEncoding(filePath: string): Promise<CsvEncoding> {
  let sample: Buffer | null = null;
  let utf8Ok = true;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) {
    if (!sample) {
      sample = chunk.subarray(0, SAMPLE_BYTES);
      if (ZIP.some((magic) => sample!.subarray(0, magic.length).equals(magic))) {
        throw new ImportFileError('import_not_csv', importReadMessages.import_not_csv());
      }
    }
    if (chunk.includes(0) || chunk.includes(ESC)) throw unknown(sample);
    try {
      utf8.decode(chunk, { stream: true });
    } catch {
      utf8Ok = false;
      break;
    }
  }
  if (!sample) throw new ImportFileError('import_empty_file', importReadMessages.import_empty_file());
  if (utf8Ok) {
    try {
      utf8.decode();
      return sample.subarray(0, 3).equals(UTF8_BOM) ? 'UTF-8-BOM' : 'UTF-8';
    } catch {
      // a multi-byte character cut off at the end of the file: not UTF-8
    }
  }
  const cp932 = iconv.getDecoder('cp932');
  for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) {
    if (chunk.includes(0) || chunk.includes(ESC) || NOT_CP932.test(cp932.write(chunk))) throw unknown(sample);
  }
  if (NOT_CP932.test(cp932.end() ?? '')) throw unknown(sample);
  return 'Shift_JIS';
}

const NAMES: Readonly<Record<string, string>> = {
  UTF16: 'UTF-16',
  UTF16BE: 'UTF-16',
  UTF16LE: 'UTF-16',
  UTF32: 'UTF-32',
  EUCJP: 'EUC-JP',
  JIS: 'JIS（ISO-2022-JP）',
};

/** encoding-japanese's guess, only to name the encoding in the message */
function unknown(sample: Buffer): ImportFileError {
  const guess = Encoding.detect(sample);
  const name = typeof guess === 'string' ? NAMES[guess] : undefined;
  return new ImportFileError('import_unknown_encoding', importReadMessages.import_unknown_encoding(name));
}
