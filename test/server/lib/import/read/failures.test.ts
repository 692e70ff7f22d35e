import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../../../../../server/lib/import/read/index.ts';
import { NS, allRows, encode, open, tempFiles, workbookParts, writeBytes, writeXlsx, writeZip } from './import-files.ts';

const { file } = tempFiles();

/** the ImportFileError opening (and then reading) the file gives */
async function failure(path: string, fileName?: string, extra?: { maxRows?: number }) {
  try {
    await allRows(await open(path, fileName, extra));
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return error as ImportFileError;
  }
  throw new Error('the file was read without error');
}

describe('openImportFile: files that are not what they say fail with a code and a Japanese reason', () => {
  it('import_not_xlsx: an .xlsx that is a CSV, a truncated workbook, or a zip without a workbook', async () => {
    const good = await writeXlsx(file('good.xlsx'), (wb) => wb.addWorksheet('a').addRow(['事業所コード', '事業所名']));
    const truncated = (await readFile(good)).subarray(0, 200);
    for (const path of [
      await writeBytes(file('list.xlsx'), '事業所コード,事業所名\n1,a\n'),
      await writeBytes(file('list.xlsx'), truncated),
      await writeZip(file('list.xlsx'), { 'readme.txt': 'hello' }),
    ]) {
      const error = await failure(path);
      expect(error.code).toBe('import_not_xlsx');
      expect(error.message).toContain('Excel ファイル（.xlsx）として読めません');
    }
  });

  it('import_zip_bomb: a small zip claiming or inflating to far more than it holds stops early', async () => {
    const rows = '<row/>'.repeat(7 * 1024 * 1024); // 42 MB of empty rows, deflated to about 40 KB
    const sheet = Buffer.from(`<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`);
    const bomb = await writeZip(file('bomb.xlsx'), workbookParts(sheet));
    expect((await failure(bomb)).code).toBe('import_zip_bomb');

    // the same zip with its sizes rewritten to look harmless: caught while inflating
    const bytes = await readFile(bomb);
    let rewritten = 0;
    for (let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0;) {
      if (bytes.readUInt32LE(at + 24) === sheet.length) {
        bytes.writeUInt32LE(1000, at + 24);
        rewritten += 1;
      }
      at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4);
    }
    expect(rewritten).toBe(1);
    const liar = await writeBytes(file('liar.xlsx'), bytes);
    const error = await failure(liar);
    expect(error.code).toBe('import_zip_bomb');
    expect(error.message).toContain('展開後の大きさが上限を超える');
  });

  it('import_not_csv: an Excel file saved with a .csv name', async () => {
    const xlsx = await writeXlsx(file('a.xlsx'), (wb) => wb.addWorksheet('a').addRow(['事業所コード']));
    expect((await failure(xlsx, 'list.csv')).code).toBe('import_not_csv');
  });

  it('import_unsupported_format: neither .xlsx nor .csv', async () => {
    const path = await writeBytes(file('a.xls'), '事業所コード,事業所名\n');
    expect((await failure(path, 'list.xls')).code).toBe('import_unsupported_format');
    expect((await failure(path, 'list.txt')).code).toBe('import_unsupported_format');
  });

  it('import_unknown_encoding: a UTF-16 or EUC-JP CSV', async () => {
    const text = '事業所コード,事業所名\r\n1,山田\r\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect((await failure(await writeBytes(file('a.csv'), utf16))).code).toBe('import_unknown_encoding');
  });

  it('import_empty_file: no bytes, only a BOM, only blank lines, an empty workbook', async () => {
    for (const path of [
      await writeBytes(file('a.csv'), ''),
      await writeBytes(file('a.csv'), encode('', 'UTF-8-BOM')),
      await writeBytes(file('a.csv'), '\r\n,,\r\n'),
      await writeXlsx(file('a.xlsx'), (wb) => wb.addWorksheet('空')),
    ]) {
      const error = await failure(path);
      expect(error.code).toBe('import_empty_file');
      expect(error.message).toBe('ファイルが空です。データの入ったファイルを選んでください。');
    }
  });

  it('import_header_not_found: no required header within the first 30 non-blank rows', async () => {
    const late = `${'メモ\n'.repeat(30)}事業所コード,事業所名\n1,a\n`;
    const error = await failure(await writeBytes(file('a.csv'), late));
    expect(error.code).toBe('import_header_not_found');
    expect(error.message).toContain('「事業所コード」「事業所名」');
  });

  it('import_missing_column names the missing required column', async () => {
    const error = await failure(await writeBytes(file('a.csv'), '事業所コード,フリガナ\n1,ア\n'));
    expect(error.code).toBe('import_missing_column');
    expect(error.message).toBe('必須の列「事業所名」がありません。');
  });

  it('import_duplicate_column: a known column twice', async () => {
    const error = await failure(await writeBytes(file('a.csv'), '事業所コード,事業所名,事業所名\n1,a,b\n'));
    expect(error).toMatchObject({
      code: 'import_duplicate_column',
      message: '列「事業所名」が 2 つ以上あります。1 つにしてください。',
    });
  });

  it('import_too_many_rows: more than 100 000 data rows (blank rows not counted), found while reading', async () => {
    const body = Array.from({ length: 100_001 }, (_, i) => `${i},会社\n`).join('');
    const path = await writeBytes(file('a.csv'), `事業所コード,事業所名\n\n${body}`);
    const error = await failure(path);
    expect(error.code).toBe('import_too_many_rows');
    expect(error.message).toBe('データが 100,000 行を超えています。ファイルを分けて取り込んでください。');
    const exactly = await writeBytes(file('a.csv'), `事業所コード,事業所名\n${body.slice(body.indexOf('\n') + 1)}`);
    expect(await allRows(await open(exactly))).toHaveLength(100_000);
  });

  it('import_too_many_columns: a row wider than Excel allows', async () => {
    const path = await writeBytes(file('a.csv'), `事業所コード,事業所名\n1,a${',x'.repeat(16_383)}\n`);
    const error = await failure(path);
    expect(error).toMatchObject({
      code: 'import_too_many_columns',
      message: '列が 16,384 列を超えています。不要な列を削除してください。',
    });
  });

  it('import_csv_malformed: a quote never closed', async () => {
    const path = await writeBytes(file('a.csv'), '事業所コード,事業所名\n1,"a\n2,b\n');
    expect((await failure(path)).code).toBe('import_csv_malformed');
  });
});

describe('openImportFile: a cell, a row past its limit fails while reading, before the text is kept', () => {
  const sheetOf = (rows: string) =>
    `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>事業所コード</t></is></c><c r="B1" t="inlineStr"><is><t>事業所名</t></is></c></row>${rows}</sheetData></worksheet>`;
  const inline = (ref: string | null, text: string) => `<c${ref ? ` r="${ref}"` : ''} t="inlineStr"><is><t>${text}</t></is></c>`;

  it('import_cell_too_long: an inline string, a shared string or a CSV field past Excel’s 32 767 characters', async () => {
    const long = 'あ'.repeat(32_768);
    const inlineFile = await writeZip(
      file('a.xlsx'),
      workbookParts(sheetOf(`<row r="2">${inline('A2', '1')}${inline('B2', long)}</row>`)),
    );
    expect(await failure(inlineFile)).toMatchObject({
      code: 'import_cell_too_long',
      message:
        '2 行目: 1 つのセルの文字数が 32,767 文字（Excel の上限）を超えているため、取り込めません。セルの内容を短くして保存し直してください。',
    });
    // one text run of several megabytes: refused as a run, before the XML parser joins it
    const huge = await writeZip(
      file('a.xlsx'),
      workbookParts(sheetOf(`<row r="2">${inline('B2', 'x'.repeat(4_000_000))}</row>`)),
    );
    expect((await failure(huge)).code).toBe('import_cell_too_long');
    const shared = await writeZip(
      file('a.xlsx'),
      workbookParts(sheetOf(`<row r="2"><c r="A2" t="s"><v>0</v></c></row>`), {
        'xl/sharedStrings.xml': `<sst ${NS}><si><t>${long}</t></si></sst>`,
      }),
    );
    expect((await failure(shared)).code).toBe('import_cell_too_long');
    const csv = await writeBytes(file('a.csv'), `事業所コード,事業所名\n1,a\n2,${long}\n`);
    expect((await failure(csv)).message).toMatch(/^3 行目: 1 つのセルの文字数が 32,767 文字/);
  });

  it('a cell of exactly 32 767 characters is read whole', async () => {
    const full = 'あ'.repeat(32_767);
    const path = await writeZip(
      file('a.xlsx'),
      workbookParts(sheetOf(`<row r="2">${inline('A2', '1')}${inline('B2', full)}</row>`)),
    );
    expect((await allRows(await open(path)))[0].cells[1]).toBe(full);
  });

  it('import_row_too_long: a row past 1 000 000 characters, in a workbook or a CSV', async () => {
    // 31 cells of 32 767 characters after the code: the cells' own refs left out, as some writers do
    const cells = Array.from({ length: 31 }, () => inline(null, 'い'.repeat(32_767))).join('');
    const xlsx = await writeZip(file('a.xlsx'), workbookParts(sheetOf(`<row r="2">${inline(null, '1')}${cells}</row>`)));
    expect(await failure(xlsx)).toMatchObject({
      code: 'import_row_too_long',
      message: expect.stringContaining('2 行目: 1 行の文字数が 1,000,000 文字を超えているため'),
    });
    const field = 'う'.repeat(30_000);
    const csv = await writeBytes(file('a.csv'), `事業所コード,事業所名\n1,${Array(40).fill(field).join(',')}\n`);
    expect((await failure(csv)).code).toBe('import_row_too_long');
  });
});
