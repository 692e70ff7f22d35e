/**
 * A clerk's own 名簿 (issue 33): a header merged over several columns takes all of them, values
 * under a column without a header are reported by the column's letter, and note and footer rows
 * are skipped with a warning naming the row. The workbooks are generated here, not committed.
 */
import { describe, expect, it } from 'vitest';
import { allRows, encode, open, tempFiles, writeBytes, writeXlsx } from './import-files.ts';

const { file } = tempFiles();

describe('openImportFile: a clerk’s own list', () => {
  it('joins the columns under a merged header with a full-width space, in order, and warns of a column without a header', async () => {
    const path = await writeXlsx(file('meibo.xlsx'), (wb) => {
      const ws = wb.addWorksheet('会員名簿');
      ws.addRow(['会員名簿（令和8年4月1日現在）']);
      ws.mergeCells('A1:G1'); // a title over the whole list is no header
      ws.addRow(['事業所コード', '事業所名', '電話番号', null, '設立日', '住所', null, null, null]);
      ws.mergeCells('F2:H2'); // 住所 over F:H (address, building, floor)
      ws.addRow(['001', '浜松商事', '053(433)2681', null, null, '浜松市中区砂山町', '浜松駅前ビル', '5F', 'メモ']);
      ws.addRow(['002', '遠州工業', null, null, null, '浜松市北区', null, '2F']);
      ws.addRow(['003', '天竜物産', null, 'ほか', null, null, null, null]);
    });
    const sheet = await open(path);
    expect(sheet.headers).toEqual(['事業所コード', '事業所名', '電話番号', '', '設立日', '住所']);
    const rows = await allRows(sheet);
    expect(rows.map((r) => r.cells[5])).toEqual(['浜松市中区砂山町　浜松駅前ビル　5F', '浜松市北区　2F', null]);
    expect(sheet.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'import_unheaded_column',
          column: 'I',
          row: 3,
          message: expect.stringContaining('I 列には見出しがない'),
        }),
        expect.objectContaining({ code: 'import_unheaded_column', column: 'D', row: 5 }),
      ]),
    );
    expect(sheet.warnings.filter((w) => w.code === 'import_unheaded_column')).toHaveLength(2);
  });

  it('finds merges at the end of a long sheet (the streaming reader meets them after every row)', async () => {
    const path = await writeXlsx(file('long.xlsx'), (wb) => {
      const ws = wb.addWorksheet('一覧');
      ws.addRow(['事業所コード', '事業所名', null]);
      ws.mergeCells('B1:C1');
      for (let i = 1; i <= 3000; i += 1) ws.addRow([String(i), `会社${i}`, `支店${i}`]);
    });
    const rows = await allRows(await open(path));
    expect(rows.at(-1)).toEqual({ row: 3001, cells: ['3000', '会社3000　支店3000'] });
  });

  it('skips note and total rows with a warning naming the row, and reads the rows among them', async () => {
    const path = await writeXlsx(file('footer.xlsx'), (wb) => {
      const ws = wb.addWorksheet('一覧');
      ws.addRow(['事業所コード', '事業所名', '電話番号']);
      ws.addRow(['001', '浜松商事', '053-433-2681']);
      ws.addRow(['※ 会費は年額です']);
      ws.addRow(['002', '遠州工業']);
      ws.addRow(['合計', '2 社']);
      ws.addRow([null, '合　計', 2]);
      ws.addRow(['＊印は休会中']);
      ws.addRow(['作成: 総務課']);
      ws.addRow(['003']); // a code alone is a record (its 事業所名 is missing): the kind reports it
    });
    const sheet = await open(path);
    const rows = await allRows(sheet);
    expect(rows.map((r) => r.row)).toEqual([2, 4, 9]);
    const notes = sheet.warnings.filter((w) => w.code === 'import_note_row');
    expect(notes.map((w) => w.row)).toEqual([3, 5, 6, 7, 8]);
    expect(notes[0]!.message).toBe('3 行目: 「※ 会費は年額です」は注記・合計の行と見なし、読み飛ばしました。');
  });

  it('does the same for a CSV: footers skipped, a value beyond the headers warned', async () => {
    const csv = ['事業所コード,事業所名', '001,浜松商事,余白のメモ', '合計,1'].join('\r\n');
    const sheet = await open(await writeBytes(file('list.csv'), encode(csv, 'Shift_JIS')));
    expect(await allRows(sheet)).toEqual([{ row: 2, cells: ['001', '浜松商事'] }]);
    expect(sheet.warnings).toEqual([
      expect.objectContaining({ code: 'import_unheaded_column', column: 'C', row: 2 }),
      expect.objectContaining({ code: 'import_note_row', row: 3 }),
    ]);
  });
});
