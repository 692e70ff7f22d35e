import { describe, expect, it } from 'vitest';
import { allRows, encode, open, tempFiles, writeBytes } from './import-files.ts';

const { file } = tempFiles();

describe('openImportFile: CSV files as users have them (issue 17)', () => {
  it.each(['UTF-8', 'UTF-8-BOM', 'Shift_JIS'] as const)('reads %s with CP932 characters ①, 髙, ｶﾅ', async (encoding) => {
    const text = '事業所コード,事業所名,フリガナ\r\n001,髙橋商店①,ﾀｶﾊｼｼｮｳﾃﾝ\r\n';
    const sheet = await open(await writeBytes(file('list.csv'), encode(text, encoding)));
    expect(sheet).toMatchObject({ format: 'csv', encoding, headerRow: 1, headers: ['事業所コード', '事業所名', 'フリガナ'] });
    expect(await allRows(sheet)).toEqual([{ row: 2, cells: ['001', '髙橋商店①', 'ﾀｶﾊｼｼｮｳﾃﾝ'] }]);
  });

  it('finds a header under a title line, skips blank rows, trims, keeps 0-padded codes and row numbers', async () => {
    const text = [
      '事業所一覧（2026年4月1日現在）,,',
      ',,',
      '事業所コード ,事業所名,電話番号',
      '00123, 山田商店 ,０３－１２３４－５６７８',
      '',
      ',,',
      '00124,"川口, 工業",',
      '"00125","改行を\n含む名前",03-1',
      '00126,最終行,03-2',
    ].join('\n');
    const sheet = await open(await writeBytes(file('list.csv'), encode(text, 'Shift_JIS')));
    expect(sheet.headerRow).toBe(3);
    expect(sheet.headers).toEqual(['事業所コード', '事業所名', '電話番号']);
    expect(await allRows(sheet)).toEqual([
      { row: 4, cells: ['00123', '山田商店', '０３－１２３４－５６７８'] },
      { row: 7, cells: ['00124', '川口, 工業', null] },
      { row: 8, cells: ['00125', '改行を\n含む名前', '03-1'] },
      { row: 9, cells: ['00126', '最終行', '03-2'] },
    ]);
  });

  it('reads CRLF and LF alike, with or without a newline after the last line', async () => {
    const lines = ['事業所コード,事業所名', '1,a', '2,b'];
    for (const text of [lines.join('\r\n'), `${lines.join('\r\n')}\r\n`, lines.join('\n'), `${lines.join('\n')}\n`]) {
      const rows = await allRows(await open(await writeBytes(file('list.csv'), text)));
      expect(rows).toEqual([
        { row: 2, cells: ['1', 'a'] },
        { row: 3, cells: ['2', 'b'] },
      ]);
    }
  });

  it('pads short rows and cuts cells beyond the header; folds full-width headers (NFKC)', async () => {
    const text = '事業所コード,事業所名,ＦＡＸ\n1\n2,b,c,d,e\n';
    const sheet = await open(await writeBytes(file('list.csv'), text));
    expect(sheet.headers).toEqual(['事業所コード', '事業所名', 'FAX']);
    expect(await allRows(sheet)).toEqual([
      { row: 2, cells: ['1', null, null] },
      { row: 3, cells: ['2', 'b', 'c'] },
    ]);
  });

  it('warns about unknown columns by name and reads on', async () => {
    const text = '事業所コード,備考,事業所名,担当\n1,x,a,y\n';
    const sheet = await open(await writeBytes(file('list.csv'), text));
    expect(sheet.warnings).toEqual([
      { code: 'import_unknown_column', column: '備考', message: '列「備考」は取り込み対象ではないため、読み飛ばします。' },
      { code: 'import_unknown_column', column: '担当', message: '列「担当」は取り込み対象ではないため、読み飛ばします。' },
    ]);
    expect(await allRows(sheet)).toEqual([{ row: 2, cells: ['1', 'x', 'a', 'y'] }]);
  });

  it('names an unknown column of a long header by its first 200 characters (the job keeps the warnings)', async () => {
    const header = 'メモ'.repeat(10_000);
    const sheet = await open(await writeBytes(file('list.csv'), `事業所コード,事業所名,${header}\n1,a,x\n`));
    const column = `${header.slice(0, 200)}…`;
    expect(sheet.warnings).toEqual([
      { code: 'import_unknown_column', column, message: `列「${column}」は取り込み対象ではないため、読み飛ばします。` },
    ]);
  });

  it("drops the ' the CSV export puts before a formula-like cell, and only that one", async () => {
    const text = "事業所コード,事業所名,電話番号\n1,'=浜松市,'-1\n2,'山田,'''\n";
    expect(await allRows(await open(await writeBytes(file('list.csv'), text)))).toEqual([
      { row: 2, cells: ['1', '=浜松市', '-1'] },
      { row: 3, cells: ['2', "'山田", "'''"] },
    ]);
  });
});
