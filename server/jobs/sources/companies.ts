/** 事業所一覧: the chamber's member companies, by company code or 五十音順 (kana, ja-x-icu). */
import type { ExportSource, SourceContext } from './types.ts';
import { jstText } from '../../lib/export-dates.ts';

const COLUMNS = [
  { header: '事業所コード', width: 12 },
  { header: '事業所名', width: 32 },
  { header: 'フリガナ', width: 28 },
  { header: '代表者', width: 18 },
  { header: '郵便番号', width: 10 },
  { header: '住所', width: 40 },
  { header: '電話番号', width: 16 },
  { header: 'メールアドレス', width: 32 },
  { header: '入会日', width: 14 },
  { header: '登録日', width: 14 },
  { header: '更新日時', width: 18 },
] as const;

/** 事業所一覧's column labels, the one list the export writes and the import and its template read */
export const COMPANY_EXPORT_HEADERS: readonly string[] = COLUMNS.map((c) => c.header);

export function companiesSource(ctx: SourceContext): ExportSource {
  const order = ctx.params.order === 'kana' ? 'name_kana asc nulls last, company_code' : 'company_code';
  return {
    sheetName: '事業所一覧',
    fileLabel: '事業所一覧',
    title: '事業所一覧',
    columns: [...COLUMNS],
    count: { text: 'select count(*)::int as n from company where cci_code = $1', values: [ctx.cciCode] },
    rows: {
      // name_kana is the ja-x-icu generated column (server/db/schema.ts)
      text: `select company_code, attributes, joined_on::text as joined_on, ${jstText('created_at')} as created_at, ${jstText('updated_at')} as updated_at
               from company where cci_code = $1 order by ${order}, id`,
      values: [ctx.cciCode],
    },
    toCells(row) {
      const a = row.attributes as Record<string, unknown>;
      const text = (key: string) => (typeof a[key] === 'string' ? (a[key] as string) : null);
      return [
        row.company_code as string,
        text('name1'),
        text('name_kana'),
        text('representative'),
        text('postal_code'),
        text('address'),
        text('phone'),
        text('email'),
        ctx.dates.dayCell(row.joined_on as string | null),
        ctx.dates.dayCell(row.created_at as string),
        ctx.dates.dateTimeCell(row.updated_at as string),
      ];
    },
  };
}
