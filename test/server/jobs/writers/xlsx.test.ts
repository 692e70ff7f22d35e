/** The XLSX writer on its own: what a spreadsheet program reads back from the file (issue 6). */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openXlsxWriter } from '../../../../server/jobs/writers/xlsx.ts';
import { columnLetters, xmlText } from '../../../../server/jobs/writers/xlsx-parts.ts';
import type { Cell } from '../../../../server/jobs/sources/types.ts';
import { readXlsx } from '../../../helpers/export-files.ts';

const SHEET = {
  sheetName: '会員一覧',
  title: '会員一覧（令和8年4月1日 現在） R&D',
  columns: [
    { header: '事業所コード', width: 12 },
    { header: '氏名', width: 18 },
    { header: '人数', width: 8 },
  ],
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-xlsx-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
async function produce(rows: Cell[][], batchSize = 2) {
  const file = path.join(dir, `${++files}.xlsx`);
  const writer = openXlsxWriter(file, SHEET);
  // as the runner does: a batch of rows, then a flush
  for (let i = 0; i < rows.length; i += batchSize) {
    for (const cells of rows.slice(i, i + batchSize)) writer.write(cells);
    await writer.flush();
  }
  expect(await writer.finish()).toEqual({ replacedCharCount: null, replacements: null });
  return readXlsx(await readFile(file));
}

describe('XLSX writer', () => {
  it('writes text as text, numbers as numbers, and leaves empty cells empty', async () => {
    const { rows, worksheet } = await produce([
      ['0001', '=HYPERLINK("http://example.com")', 12],
      ['0002', null, 3.5],
      ['', '𠮷野 髙子', null],
    ]);
    expect(rows).toEqual([
      ['事業所コード', '氏名', '人数'],
      ['0001', '=HYPERLINK("http://example.com")', '12'],
      ['0002', '', '3.5'],
      ['', '𠮷野 髙子', ''],
    ]);
    expect(worksheet.getCell('B2').type).toBe(3); // ExcelJS.ValueType.String: never a formula
    expect(worksheet.getCell('C2').value).toBe(12);
    expect(worksheet.getCell('B3').value).toBeNull();
  });

  it('keeps markup characters, spaces and line breaks, and drops characters XML cannot carry', async () => {
    const { rows } = await produce([['<株> A&B "商事"', '  山田\n太郎 ', 'ベル\u0007音']]);
    expect(rows[1]).toEqual(['<株> A&B "商事"', '  山田\n太郎 ', 'ベル音']);
  });

  it('sets up the sheet: name, styled frozen header with a filter, widths, A4 landscape with the title on each page', async () => {
    const { name, worksheet } = await produce([['0001', '山田 太郎', 1]]);
    expect(name).toBe('会員一覧');
    const header = worksheet.getRow(1);
    expect(header.height).toBe(30);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(3).fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FF1F4E79' } });
    expect(worksheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(worksheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(worksheet.autoFilter).toBe('A1:C1');
    expect(SHEET.columns.map((_, i) => worksheet.getColumn(i + 1).width)).toEqual([12, 18, 8]);
    expect(worksheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToWidth: 1, fitToHeight: 0 });
    expect(worksheet.pageSetup.printTitlesRow).toBe('1:1');
    expect(worksheet.headerFooter.oddHeader).toBe('&C会員一覧（令和8年4月1日 現在） R&&D');
  });

  it('writes every row of a long export, in order, whatever the batch size', async () => {
    const many: Cell[][] = Array.from({ length: 30_000 }, (_, i) => [`C${i}`, `会員 ${i}`, i]);
    const { rows } = await produce(many, 5000);
    expect(rows).toHaveLength(30_001);
    expect(rows[1]).toEqual(['C0', '会員 0', '0']);
    expect(rows[30_000]).toEqual(['C29999', '会員 29999', '29999']);
  });
});

describe('XLSX building blocks', () => {
  it.each([
    [1, 'A'],
    [26, 'Z'],
    [27, 'AA'],
    [52, 'AZ'],
    [703, 'AAA'],
  ])('names column %i %s', (column, letters) => {
    expect(columnLetters(column)).toBe(letters);
  });

  it('escapes text for XML and leaves plain text as it is', () => {
    expect(xmlText('山田 太郎')).toBe('山田 太郎');
    expect(xmlText('a<b>&"c"\r\n\u0000')).toBe('a&lt;b&gt;&amp;&quot;c&quot;&#13;\n');
  });
});
