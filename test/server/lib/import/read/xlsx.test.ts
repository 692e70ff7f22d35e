import { describe, expect, it } from 'vitest';
import { allRows, open, tempFiles, writeXlsx } from './import-files.ts';

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
      ws.mergeCells('B3:C3'); // 事業所名 spans two columns
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
      { row: 4, cells: ['00123', '山田商店', '（本店）', new Date(Date.UTC(2026, 3, 1)), '０３－１２３４－５６７８'] },
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
