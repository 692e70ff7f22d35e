import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { NS, allRows, open, tempFiles, workbookParts, writeXlsx, writeZip } from './import-files.ts';

const { file } = tempFiles();

describe('openImportFile: XLSX files as users have them (issue 17)', () => {
  it('reads the sheet after a cover sheet, under a title and a merged header, with formulas, dates and text codes', async () => {
    const path = await writeXlsx(file('list.xlsx'), (wb) => {
      const cover = wb.addWorksheet('表紙');
      cover.addRow(['事業所一覧']);
      cover.addRow(['作成: 総務課']);
      const ws = wb.addWorksheet('一覧');
      ws.addRow(['事業所一覧（令和8年4月1日現在）']);
      ws.addRow([]);
      ws.addRow(['事業所コード', '事業所名', null, '設立日', '電話番号 ']);
      ws.mergeCells('B3:C3'); // 事業所名 spans two columns: both are its value (issue 33)
      ws.addRow(['00123', '山田商店', '（本店）', new Date(Date.UTC(2026, 3, 1)), '０３－１２３４－５６７８']);
      ws.getCell('D4').numFmt = 'yyyy/m/d';
      ws.addRow([]);
      const r = ws.addRow([124, { richText: [{ text: '川口' }, { text: '工業', font: { bold: true } }] }, null, 46113]);
      r.getCell(1).numFmt = '00000';
      ws.addRow([
        { formula: 'A4&"9"', result: '001239' },
        { formula: 'B4&"支店"', result: '山田商店支店' },
      ]);
    });
    const sheet = await open(path);
    expect(sheet).toMatchObject({ format: 'xlsx', sheetName: '一覧', headerRow: 3 });
    expect(sheet.headers).toEqual(['事業所コード', '事業所名', '', '設立日', '電話番号']);
    expect(sheet.encoding).toBeUndefined();
    const rows = await allRows(sheet);
    expect(rows).toEqual([
      { row: 4, cells: ['00123', '山田商店　（本店）', null, new Date(Date.UTC(2026, 3, 1)), '０３－１２３４－５６７８'] },
      { row: 6, cells: [124, '川口工業', null, 46113, null] },
      { row: 7, cells: ['001239', '山田商店支店', null, null, null] },
    ]);
    expect(sheet.warnings).toEqual([]);
  });

  it('reads the first sheet when it holds the header, and stops at its end', async () => {
    const path = await writeXlsx(file('list.xlsx'), (wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['事業所コード', '事業所名']);
      ws.addRow(['1', 'a']);
      const other = wb.addWorksheet('Sheet2');
      other.addRow(['事業所コード', '事業所名']);
      other.addRow(['2', 'b']);
    });
    const sheet = await open(path);
    expect(sheet.sheetName).toBe('Sheet1');
    expect(await allRows(sheet)).toEqual([{ row: 2, cells: ['1', 'a'] }]);
  });

  it('streams many rows and counts them', async () => {
    const path = await writeXlsx(file('many.xlsx'), (wb) => {
      const ws = wb.addWorksheet('一覧');
      ws.addRow(['事業所コード', '事業所名']);
      for (let i = 1; i <= 5000; i += 1) ws.addRow([String(i).padStart(5, '0'), `会社${i}`]);
    });
    const rows = await allRows(await open(path));
    expect(rows).toHaveLength(5000);
    expect(rows.at(-1)).toEqual({ row: 5001, cells: ['05000', '会社5000'] });
  });
});

describe('openImportFile: XLSX written by other programs', () => {
  it('reads inline strings, furigana-carrying shared strings, booleans, errors, 1904 dates and prefixed tags', async () => {
    const sst = `<sst ${NS}><si><t>事業所コード</t></si><si><t>事業所名</t></si><si><r><t>山田</t></r><r><t>商店</t></r><rPh sb="0" eb="2"><t>ヤマダ</t></rPh></si><si><t>改行_x000D_あり</t></si></sst>`;
    const styles = `<styleSheet ${NS}><numFmts count="1"><numFmt numFmtId="176" formatCode="[$-411]ggge&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="176"/><xf numFmtId="14"/></cellXfs></styleSheet>`;
    const sheet = `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
      <x:row r="2"><x:c r="A2" t="s"><x:v>0</x:v></x:c><x:c r="B2" t="s"><x:v>1</x:v></x:c><x:c r="D2" t="inlineStr"><x:is><x:t>設立日</x:t></x:is></x:c></x:row>
      <x:row r="3"><x:c r="A3" t="inlineStr"><x:is><x:t> 001 </x:t></x:is></x:c><x:c r="B3" t="s"><x:v>2</x:v></x:c><x:c r="C3" t="b"><x:v>1</x:v></x:c><x:c r="D3" s="1"><x:v>44651</x:v></x:c></x:row>
      <x:row r="4"><x:c r="A4" t="e"><x:v>#N/A</x:v></x:c><x:c r="B4" t="s"><x:v>3</x:v></x:c><x:c r="C4" t="str"><x:f>A1</x:f></x:c><x:c r="D4" s="2"><x:v>0</x:v></x:c></x:row>
    </x:sheetData></x:worksheet>`;
    const path = await writeZip(
      file('other.xlsx'),
      workbookParts(sheet, { 'xl/sharedStrings.xml': sst, 'xl/styles.xml': styles }, '<workbookPr date1904="1"/>'),
    );
    const read = await open(path);
    expect(read).toMatchObject({ headerRow: 2, headers: ['事業所コード', '事業所名', '', '設立日'] });
    expect(await allRows(read)).toEqual([
      // 1904 system: 44651 is 2026-04-01 (1462 days later than the 1900 system's 44651)
      { row: 3, cells: ['001', '山田商店', 'TRUE', new Date(Date.UTC(2026, 3, 1))] },
      { row: 4, cells: ['#N/A', '改行\rあり', null, new Date(Date.UTC(1904, 0, 1))] },
    ]);
  });
});

it.runIf(existsSync('/proc/self/fd'))('leaves no file open when the reading stops early (a refused file, a break)', async () => {
  const path = await writeXlsx(file('two.xlsx'), (wb) => {
    for (const name of ['一', '二']) {
      const ws = wb.addWorksheet(name);
      ws.addRow(['事業所コード', '事業所名']);
      for (let i = 0; i < 2000; i += 1) ws.addRow([String(i), `会社${i}`]);
    }
  });
  const openFiles = async () => (await readdir('/proc/self/fd')).length;
  const before = await openFiles();
  for (let i = 0; i < 10; i += 1) {
    for await (const row of (await open(path)).rows) if (row.row > 3) break;
    await expect(allRows(await open(path, undefined, { maxRows: 10 }))).rejects.toMatchObject({ code: 'import_too_many_rows' });
    expect(await allRows(await open(path))).toHaveLength(2000);
  }
  expect(await openFiles()).toBeLessThanOrEqual(before);
});
