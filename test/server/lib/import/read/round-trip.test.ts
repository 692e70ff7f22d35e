import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KNOWN, allRows, encode, open, tempFiles, writeBytes, writeXlsx } from './import-files.ts';

const { file } = tempFiles();

/** characters a chamber's lists hold, all in CP932: kana, kanji incl. 髙, ①, half-width カナ, CSV's own , " and line breaks */
const CHARS = [...'aZ09 -,"\n\u3000あアー漢髙①ｶﾅ〒－＠'];
const cellText = fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 12 });
const table = fc.array(fc.tuple(fc.stringMatching(/^[0-9]{1,6}$/), cellText, cellText), { minLength: 1, maxLength: 20 });
const HEADERS = KNOWN.slice(0, 3);

const csvField = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const toCsv = (rows: string[][]) => [HEADERS, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n');
/** what the reader gives for what was written: trimmed, '' as a blank */
const expected = (rows: string[][]) => rows.map((r, i) => ({ row: i + 2, cells: r.map((c) => c.trim() || null) }));

describe('any table written as CSV (UTF-8, BOM, CP932) or XLSX reads back to the same cells', () => {
  it.each(['UTF-8', 'UTF-8-BOM', 'Shift_JIS'] as const)('CSV %s', async (encoding) => {
    await fc.assert(
      fc.asyncProperty(table, async (rows) => {
        const path = await writeBytes(file('t.csv'), encode(toCsv(rows), encoding));
        const sheet = await open(path);
        expect(sheet.encoding).toBe(encoding);
        expect(await allRows(sheet)).toEqual(expected(rows));
      }),
      { numRuns: 30 },
    );
  });

  it('XLSX', async () => {
    await fc.assert(
      fc.asyncProperty(table, async (rows) => {
        const path = await writeXlsx(file('t.xlsx'), (wb) => {
          const ws = wb.addWorksheet('一覧');
          ws.addRow(HEADERS);
          for (const r of rows) ws.addRow(r);
        });
        expect(await allRows(await open(path))).toEqual(expected(rows));
      }),
      { numRuns: 30 },
    );
  });
});
