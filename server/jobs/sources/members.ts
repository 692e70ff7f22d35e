/**
 * 会員一覧: members in office on the job's `as_of` day, each with the positions they hold that day
 * (DESIGN.md §4 periods, open ends allowed). Protocol order is the one reset_sort_members uses:
 * best position (position type in spec §3 order, then rank), then kana (ja-x-icu), members without
 * a position last. Also 五十音順, or by company code.
 */
import type { ExportOrder } from '../../schemas/export.ts';
import type { ExportSource, SourceContext } from './types.ts';
import { POSITION_TYPE_ORDER, activeOnDay, heldPositionsCte } from './held-positions.ts';

const ORDERS: Readonly<Record<Exclude<ExportOrder, 'time'>, string>> = {
  protocol: 'p.best_type asc nulls last, p.best_rank asc nulls last, m.name_kana collate "ja-x-icu" asc nulls last, m.id',
  kana: 'm.name_kana collate "ja-x-icu" asc nulls last, m.id',
  code: 'm.company_code, m.name_kana collate "ja-x-icu" asc nulls last, m.id',
};

const ACTIVE = (alias: string) => activeOnDay(alias, '$2');

/** 会員ID first: the import matches a row by it (DESIGN.md §11.4), so an edited export goes back in. */
const COLUMNS = [
  { header: '会員ID', width: 10 },
  { header: '事業所コード', width: 12 },
  { header: '事業所名', width: 32 },
  { header: '氏名', width: 18 },
  { header: 'フリガナ', width: 20 },
  { header: '肩書', width: 20 },
  { header: 'メールアドレス', width: 32 },
  { header: '役職', width: 40 },
  { header: '就任日', width: 14 },
  { header: '退任日', width: 14 },
] as const;

/** 会員一覧's column labels, the one list the export writes and the import and its template read */
export const MEMBER_EXPORT_HEADERS: readonly string[] = COLUMNS.map((c) => c.header);

export function membersSource(ctx: SourceContext): ExportSource {
  const asOf = ctx.params.as_of!;
  // ORDERS_BY_TYPE offers members no 'time' order; the job's params were checked against it
  const order = ORDERS[ctx.params.order as keyof typeof ORDERS];
  return {
    sheetName: '会員一覧',
    fileLabel: '会員一覧',
    title: `会員一覧（${ctx.dates.day(asOf)} 現在）`,
    columns: [...COLUMNS],
    count: {
      text: `select count(*)::int as n from member m where m.cci_code = $1 and ${ACTIVE('m')}`,
      values: [ctx.cciCode, asOf],
    },
    rows: {
      text: `
        with ${heldPositionsCte({ cci: '$1', day: '$2', types: '$3' })}
        select m.id, m.company_code, co.name1 as company_name, m.name, m.name_kana, m.title, m.email,
               m.start_at::text as start_at, m.end_at::text as end_at, p.positions
          from member m
          join company co on co.id = m.company_id
          left join held p on p.member_id = m.id
         where m.cci_code = $1 and ${ACTIVE('m')}
         order by ${order}`,
      values: [ctx.cciCode, asOf, POSITION_TYPE_ORDER],
    },
    toCells(row) {
      return [
        row.id as number,
        row.company_code as string,
        row.company_name as string | null,
        row.name as string,
        row.name_kana as string | null,
        row.title as string | null,
        row.email as string | null,
        row.positions as string | null,
        ctx.dates.dayCell(row.start_at as string | null),
        ctx.dates.dayCell(row.end_at as string | null),
      ];
    },
  };
}
