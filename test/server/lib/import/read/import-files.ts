/** Building the files a user brings to the import (issue 17 tests), in a temporary folder. */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import archiver from 'archiver';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll } from 'vitest';
import { openImportFile, type ImportRow, type ImportSheet } from '../../../../../server/lib/import/read/index.ts';

export const KNOWN = ['事業所コード', '事業所名', 'フリガナ', '設立日', '電話番号'] as const;
export const REQUIRED = ['事業所コード', '事業所名'] as const;

/** a fresh temporary folder for the test file; `file(name)` gives a path inside it */
export function tempFiles() {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-import-read-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  let n = 0;
  return {
    file: (name: string) => path.join(dir, `${(n += 1)}-${name}`),
  };
}

export async function writeBytes(file: string, bytes: Buffer | string): Promise<string> {
  await writeFile(file, bytes);
  return file;
}

/** text as Japanese Excel saves 「CSV UTF-8」 (with BOM), plain UTF-8, or 「CSV（コンマ区切り）」 (CP932) */
export function encode(text: string, encoding: 'UTF-8' | 'UTF-8-BOM' | 'Shift_JIS'): Buffer {
  if (encoding === 'Shift_JIS') return iconv.encode(text, 'cp932');
  const body = Buffer.from(text, 'utf8');
  return encoding === 'UTF-8-BOM' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

/** a workbook written with exceljs's normal writer; `build` fills it */
export async function writeXlsx(file: string, build: (wb: ExcelJS.Workbook) => void): Promise<string> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  await wb.xlsx.writeFile(file);
  return file;
}

export async function open(file: string, fileName = path.basename(file), extra: { maxRows?: number } = {}) {
  return openImportFile(file, { fileName, knownHeaders: KNOWN, requiredHeaders: REQUIRED, ...extra });
}

export async function allRows(sheet: ImportSheet): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  for await (const row of sheet.rows) rows.push(row);
  return rows;
}

/** a zip of the given entries, deflated (a workbook's parts, or a bomb's zeros) */
export async function writeZip(file: string, entries: Record<string, Buffer | string>): Promise<string> {
  const zip = archiver('zip', { zlib: { level: 9 } });
  const done = pipeline(zip, createWriteStream(file));
  for (const [name, content] of Object.entries(entries)) zip.append(content, { name });
  await zip.finalize();
  await done;
  return file;
}

export const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** the least workbook naming one sheet, whose XML is `sheet` */
export const workbookParts = (sheet: Buffer | string, extra: Record<string, string> = {}, workbookPr = '') => ({
  'xl/workbook.xml': `<workbook ${NS} xmlns:r="${REL_NS}">${workbookPr}<sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  'xl/worksheets/sheet1.xml': sheet,
  ...extra,
});
