/**
 * The companies an 80 000-row import reads (bench/import.ts, and bench/room.ts's run with jobs):
 * generated rows, written as the export writes them, as XLSX and as Shift_JIS CSV (kept between runs).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { openWriter } from '../server/jobs/writers/index.ts';
import { COMPANY_HEADERS } from '../server/lib/import/kinds/companies.ts';

/** One generated company as the export writes it: 事業所コード … メールアドレス (登録日, 更新日時 left empty). */
export const companyRow = (n: number): string[] => [
  `I${String(n).padStart(6, '0')}`,
  `株式会社ベンチ取込 第${n}支店`,
  'ベンチトリコミ シテン', // katakana only (the form's rule)
  '代表 太郎',
  `${String(430 + (n % 500)).padStart(3, '0')}-${String(n % 10_000).padStart(4, '0')}`,
  `静岡県浜松市中央区田町${n}番地`,
  `053-000-${String(n % 10_000).padStart(4, '0')}`,
  `info${n}@bench.example.jp`,
  '',
  '',
];

/** `rows` companies in `files.xlsx` and `files.csv`, unless both are there already. */
export async function writeCompanyFiles(files: { xlsx: string; csv: string }, rows: number): Promise<void> {
  if (existsSync(files.xlsx) && existsSync(files.csv)) return;
  mkdirSync(path.dirname(files.xlsx), { recursive: true, mode: 0o755 });
  console.log(`writing ${rows} companies as XLSX and Shift_JIS CSV…`);
  const xlsx = openWriter('xlsx', files.xlsx, {
    sheetName: '事業所一覧',
    title: '事業所一覧',
    columns: COMPANY_HEADERS.map((header) => ({ header, width: 16 })),
  });
  const lines = [COMPANY_HEADERS.join(',')];
  for (let n = 1; n <= rows; n++) {
    const row = companyRow(n);
    xlsx.write(row.map((c) => (c === '' ? null : c)));
    lines.push(row.join(','));
    if (n % 5000 === 0) await xlsx.flush();
  }
  await xlsx.finish();
  writeFileSync(files.csv, iconv.encode(lines.join('\r\n') + '\r\n', 'cp932'));
}
