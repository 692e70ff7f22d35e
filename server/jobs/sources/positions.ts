/**
 * 役職一覧 (DESIGN.md §11.4): every position of the chamber, past and current, one row each, with
 * 役職ID and 会員ID first so that an export edited in Excel goes back in through the import. The
 * member's company and name are there for reading; the rest are the position form's own fields
 * under the form's labels (src/positions/messages.ts). 区分 is the chamber's name for the type
 * (master data cci_position_type), else spec §3's.
 */
import { MASTER_TYPE_POSITION_TYPE, type PositionType } from '../../db/schema.ts';
import type { ExportOrder } from '../../schemas/export.ts';
import type { ExportSource, SourceContext } from './types.ts';
import { POSITION_TYPE_ORDER } from './held-positions.ts';

const COLUMNS = [
  { header: '役職ID', width: 10 },
  { header: '会員ID', width: 10 },
  { header: '事業所コード', width: 12 },
  { header: '事業所名', width: 32 },
  { header: '氏名', width: 18 },
  { header: '区分', width: 10 },
  { header: '所属', width: 24 },
  { header: '役職名', width: 20 },
  { header: '序列', width: 8 },
  { header: '開始日', width: 14 },
  { header: '終了日', width: 14 },
] as const;

/** 役職一覧's column labels, the one list the export writes and the import and its template read */
export const POSITION_EXPORT_HEADERS: readonly string[] = COLUMNS.map((c) => c.header);

/** spec §3's names of the position types, when the chamber's master data has none */
export const POSITION_TYPE_NAMES: Readonly<Record<PositionType, string>> = {
  CCI_OFFICER: '役員',
  CCI_SECTION: '部会',
  CCI_BRANCH: '支部',
  CCI_COMMITTEE: '委員会',
  CCI_WOMEN_ASSOCIATION: '女性会',
  CCI_YOUTH_DIVISION: '青年部',
};

/** the chamber's type order (master data sort_order, as the positions list), then spec §3 order */
const TYPE_ORDER = 'coalesce(md.sort_order, 2147483647), array_position($2::text[], q.position_type)';
const KANA = 'm.name_kana collate "ja-x-icu" asc nulls last, m.id';
const ORDERS: Readonly<Record<Exclude<ExportOrder, 'time'>, string>> = {
  protocol: `${TYPE_ORDER}, q.department_name collate "ja-x-icu" asc nulls first, q.rank, ${KANA}, q.id`,
  kana: `${KANA}, ${TYPE_ORDER}, q.rank, q.id`,
  code: `m.company_code, ${KANA}, ${TYPE_ORDER}, q.rank, q.id`,
};

export function positionsSource(ctx: SourceContext): ExportSource {
  // ORDERS_BY_TYPE offers positions no 'time' order; the job's params were checked against it
  const order = ORDERS[ctx.params.order as keyof typeof ORDERS];
  return {
    sheetName: '役職一覧',
    fileLabel: '役職一覧',
    title: '役職一覧',
    columns: [...COLUMNS],
    count: { text: 'select count(*)::int as n from position where cci_code = $1', values: [ctx.cciCode] },
    rows: {
      text: `
        select q.id, q.member_id, m.company_code, co.name1 as company_name, m.name, q.position_type,
               md.name as type_name, q.department_name, q.position_name, q.rank,
               q.start_at::text as start_at, q.end_at::text as end_at
          from position q
          join member m on m.id = q.member_id
          join company co on co.id = m.company_id
          left join master_data md
            on md.cci_code = q.cci_code and md.master_type_code = $3 and md.master_code = q.position_type
         where q.cci_code = $1
         order by ${order}`,
      values: [ctx.cciCode, POSITION_TYPE_ORDER, MASTER_TYPE_POSITION_TYPE],
    },
    toCells(row) {
      return [
        row.id as number,
        row.member_id as number,
        row.company_code as string,
        row.company_name as string | null,
        row.name as string,
        (row.type_name as string | null) ?? POSITION_TYPE_NAMES[row.position_type as PositionType] ?? null,
        row.department_name as string | null,
        row.position_name as string | null,
        row.rank as number,
        ctx.dates.dayCell(row.start_at as string | null),
        ctx.dates.dayCell(row.end_at as string | null),
      ];
    },
  };
}
