/**
 * The import template of each list (issue 17): the export's own sheet — its headers, widths and
 * styling, written by the export's XLSX writer — with one example row, so a template filled in and
 * an export edited in Excel are read alike (DESIGN.md §11.4). The columns are taken from the export
 * sources themselves, never copied. Blank 会員ID / 役職ID means a new row.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dateFormatter, type DateCell } from './export-dates.ts';
import { ORDERS_BY_TYPE } from '../schemas/export.ts';
import type { ImportType as ImportTemplateType } from '../db/schema.ts';
import type { Cell, ExportSource } from '../jobs/sources/types.ts';
import { POSITION_TYPE_NAMES, SOURCES } from '../jobs/sources/index.ts';
import { openXlsxWriter } from '../jobs/writers/xlsx.ts';

const day = (wall: string): DateCell => ({ wall, text: wall.replaceAll('-', '/') });

/** One plausible row per list, by header; a header without an example stays empty. */
const EXAMPLES: Readonly<Record<ImportTemplateType, Readonly<Record<string, Cell>>>> = {
  companies: {
    事業所コード: 'C1001',
    事業所名: '株式会社さくら商事',
    フリガナ: 'サクラショウジ',
    代表者: '山田 太郎',
    郵便番号: '100-0005',
    住所: '東京都千代田区丸の内1-1-1 さくらビル3階',
    電話番号: '03-1234-5678',
    メールアドレス: 'info@sakura-shoji.example.jp',
    入会日: day('1998-04-01'),
  },
  members: {
    会員ID: null,
    事業所コード: 'C1001',
    事業所名: '株式会社さくら商事',
    氏名: '山田 太郎',
    フリガナ: 'ヤマダ タロウ',
    肩書: '代表取締役',
    メールアドレス: 'yamada@sakura-shoji.example.jp',
    就任日: day('2026-04-01'),
  },
  // 会員ID: the member's, from the members export (left blank here: there is no real one to name)
  positions: {
    役職ID: null,
    会員ID: null,
    事業所コード: 'C1001',
    事業所名: '株式会社さくら商事',
    氏名: '山田 太郎',
    区分: POSITION_TYPE_NAMES.CCI_OFFICER,
    所属: null,
    役職名: '副会頭',
    序列: 1,
    開始日: day('2026-04-01'),
  },
};

const LABELS: Readonly<Record<ImportTemplateType, string>> = { companies: '事業所', members: '会員', positions: '役職' };

/** The export source of the list, asked only for its columns: it builds its SQL lazily and touches no database. */
async function sourceOf(type: ImportTemplateType): Promise<ExportSource> {
  return SOURCES[type]({
    client: undefined as never,
    cciCode: '',
    params: { order: ORDERS_BY_TYPE[type][0], date_style: 'western', ...(type === 'members' ? { as_of: '2026-04-01' } : {}) },
    dates: dateFormatter('western'),
  });
}

export interface TemplateFile {
  fileName: string;
  bytes: Buffer;
}

/** The XLSX of `type`'s template, built in a temporary folder by the export's writer. */
export async function buildTemplate(type: ImportTemplateType): Promise<TemplateFile> {
  const source = await sourceOf(type);
  const title = `${LABELS[type]}の取込テンプレート`;
  const dir = await mkdtemp(path.join(tmpdir(), 'kaigi-template-'));
  try {
    const file = path.join(dir, 'template.xlsx');
    const writer = openXlsxWriter(file, { sheetName: source.sheetName, title, columns: source.columns });
    writer.write(source.columns.map((column) => EXAMPLES[type][column.header] ?? null));
    await writer.flush();
    await writer.finish();
    return { fileName: `${title}.xlsx`, bytes: await readFile(file) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
