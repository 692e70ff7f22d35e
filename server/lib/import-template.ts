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
import type { ExportJobParams } from '../schemas/export.ts';
import type { ImportTemplateType } from '../schemas/import-template.ts';
import type { Cell, ExportColumn, ExportSource, SourceContext } from '../jobs/sources/types.ts';
import { companiesSource } from '../jobs/sources/companies.ts';
import { membersSource } from '../jobs/sources/members.ts';
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
  positions: {
    役職ID: null,
    会員ID: null,
    事業所コード: 'C1001',
    事業所名: '株式会社さくら商事',
    氏名: '山田 太郎',
    就任日: day('2026-04-01'),
  },
};

/** What the template's sheet is called and holds; the source is asked only for its columns. */
interface TemplateSheet {
  label: string;
  source: ExportSource;
}

const sourceContext = (params: ExportJobParams): SourceContext => ({
  // the sources build their SQL lazily: reading `columns` touches no database
  client: undefined as never,
  cciCode: '',
  params,
  dates: dateFormatter('western'),
});

function sheetOf(type: ImportTemplateType): TemplateSheet {
  switch (type) {
    case 'companies':
      return { label: '事業所', source: companiesSource(sourceContext({ order: 'code', date_style: 'western' })) };
    case 'members':
      return {
        label: '会員',
        source: membersSource(sourceContext({ order: 'protocol', date_style: 'western', as_of: '2026-04-01' })),
      };
    case 'positions':
      throw new Error('positions: no export source yet');
  }
}

/** The headers of the template of `type`: the export's, in its order. */
export function templateColumns(type: ImportTemplateType): ExportColumn[] {
  return sheetOf(type).source.columns;
}

export interface TemplateFile {
  fileName: string;
  bytes: Buffer;
}

/** The XLSX of `type`'s template, built in a temporary folder by the export's writer. */
export async function buildTemplate(type: ImportTemplateType): Promise<TemplateFile> {
  const { label, source } = sheetOf(type);
  const title = `${label}の取込テンプレート`;
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
