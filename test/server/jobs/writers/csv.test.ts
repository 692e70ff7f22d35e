/** The Shift_JIS CSV writer on its own: which cells it names as changed (issue 15 item 6). */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SJIS_REPLACEMENTS_LISTED, openCsvWriter } from '../../../../server/jobs/writers/csv.ts';
import type { Cell } from '../../../../server/jobs/sources/types.ts';
import { decodeSjis, parseCsv } from '../../../helpers/export-files.ts';

const SHEET = {
  sheetName: '会員一覧',
  title: '会員一覧',
  columns: [
    { header: '氏名', width: 18 },
    { header: '住所', width: 40 },
    { header: '回答日時', width: 18 },
  ],
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-csv-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
async function produce(rows: Cell[][], sheet = SHEET, batchSize = 2) {
  const file = path.join(dir, `${++files}.csv`);
  const writer = openCsvWriter(file, sheet, 'sjis');
  for (let i = 0; i < rows.length; i += batchSize) {
    for (const cells of rows.slice(i, i + batchSize)) writer.write(cells);
    await writer.flush();
  }
  const result = await writer.finish();
  return { result, rows: parseCsv(decodeSjis(await readFile(file))) };
}

describe('CSV Shift_JIS writer', () => {
  it('names each changed cell by its row (header = 1), column, text and characters, across batches', async () => {
    const at = { wall: '2019-05-01 10:00', text: '2019/05/01 10:00' };
    const { result, rows } = await produce([
      ['髙橋 花子', '浜松市', at],
      ['安藤 次郎', '浜松市', null],
      ['𠮷田 一郎', '🏢ビル 𠮷野町', at],
    ]);
    expect(rows[3]).toEqual(['〓田 一郎', '〓ビル 〓野町', '2019/05/01 10:00']);
    expect(result).toEqual({
      replacedCharCount: 3,
      replacements: [
        { row: 4, column: '氏名', value: '𠮷田 一郎', chars: '𠮷' },
        { row: 4, column: '住所', value: '🏢ビル 𠮷野町', chars: '🏢𠮷' },
      ],
    });
  });

  it('lists the first cells only, counts them all, and shortens long text around the character', async () => {
    const many = Array.from({ length: SJIS_REPLACEMENTS_LISTED + 10 }, (_, i): Cell[] => [`𠮷田 ${i}`, null, null]);
    const long = `${'あ'.repeat(50)}𠮷${'い'.repeat(50)}`;
    const { result } = await produce([[null, long, null], ...many], SHEET, 7);
    expect(result.replacedCharCount).toBe(SJIS_REPLACEMENTS_LISTED + 11);
    expect(result.replacements).toHaveLength(SJIS_REPLACEMENTS_LISTED);
    expect(result.replacements![0]).toEqual({
      row: 2,
      column: '住所',
      value: `…${'あ'.repeat(10)}𠮷${'い'.repeat(29)}…`,
      chars: '𠮷',
    });
    expect(result.replacements![1]).toMatchObject({ row: 3, value: '𠮷田 0' });
  });

  it('names a header it changed as row 1', async () => {
    const sheet = { ...SHEET, columns: [{ header: '𠮷祥会：出欠', width: 12 }] };
    const { result } = await produce([['出席']], sheet);
    expect(result.replacements).toEqual([{ row: 1, column: '𠮷祥会：出欠', value: '𠮷祥会：出欠', chars: '𠮷' }]);
  });
});
