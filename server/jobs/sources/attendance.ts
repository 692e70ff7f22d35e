/**
 * 出欠一覧: everyone invited to a conference or one of its sub-conferences, one row per person, with
 * each conference's answer, substitute and answer time side by side (issue 6), and how and when the
 * chamber received the answer (受付方法 with 期限後 for a late one, 受付日時: DESIGN.md §11.2) and who
 * recorded it (記録者, issue 33).
 *
 * Protocol order: people invited to the main conference first, in its seat order (`sort`, DESIGN.md
 * §4), then those invited only to a sub-conference, in that one's order. 五十音順: member kana.
 *
 * Issue 15 item 6: 席次 first (a chamber's seat list starts with it): the person's place in that
 * protocol order — for the main conference's invitees their seat there, as the 招待者 tab numbers it —
 * kept in 五十音順 too; 役職 after 肩書: the positions the member holds on the conference's day.
 */
import type { Cell, ExportColumn, ExportSource, SourceContext } from './types.ts';
import { conferenceOf } from './types.ts';
import { answerLabel, categoryLabel, channelLabel, proxyLabel } from '../../lib/export-labels.ts';
import { jstText } from '../../lib/export-dates.ts';
import { recorderJoin, recorderName } from './recorder.ts';
import { POSITION_TYPE_ORDER, heldPositionsCte } from './held-positions.ts';

export async function attendanceSource(ctx: SourceContext): Promise<ExportSource> {
  const main = await conferenceOf(ctx);
  const { rows: subs } = await ctx.client.query<{ id: number; name: string }>(
    'select id, name from conference where parent_id = $1 order by event_date, id',
    [main.id],
  );
  const conferences = [{ id: main.id, name: main.name }, ...subs];
  const ids = conferences.map((c) => c.id);

  const columns: ExportColumn[] = [
    { header: '席次', width: 6 },
    { header: '事業所コード', width: 12 },
    { header: '事業所名', width: 32 },
    { header: '氏名', width: 18 },
    { header: 'フリガナ', width: 20 },
    { header: '肩書', width: 20 },
    { header: '役職', width: 28 },
    { header: '区分', width: 8 },
    ...conferences.flatMap((c) => [
      { header: `${c.name}：出欠`, width: 12 },
      { header: `${c.name}：代理出席者`, width: 24 },
      { header: `${c.name}：回答日時`, width: 18 },
      { header: `${c.name}：受付方法`, width: 14 },
      { header: `${c.name}：受付日時`, width: 18 },
      { header: `${c.name}：記録者`, width: 16 },
    ]),
  ];

  // One full join per conference (a handful: the main one and its sub-conferences) on member_id:
  // a row per person invited to any of them, without grouping or aggregating answers into JSON.
  const invited = ids
    .map((_, n) => {
      const rows = `(select * from conference_member where cci_code = $1 and conference_id = ($2::int[])[${n + 1}]) c${n}`;
      return n === 0 ? `from ${rows}` : `full join ${rows} using (member_id)`;
    })
    .join('\n');
  const first = (column: string) => `coalesce(${ids.map((_, n) => `c${n}.${column}`).join(', ')})`;
  /** the position in `ids` of the first conference the person is invited to */
  const firstConference = `case ${ids.map((_, n) => `when c${n}.id is not null then ${n}`).join(' ')} end`;
  const answers = ids
    .map(
      (_, n) =>
        `c${n}.id as id${n}, c${n}.answer_content as a${n}, c${n}.proxy_name as pn${n}, c${n}.proxy_title as pt${n}, ${jstText(`c${n}.answered_at`)} as at${n}, ` +
        `c${n}.answer_channel as ch${n}, c${n}.answered_late as late${n}, ${jstText(`c${n}.answer_received_at`)} as rcv${n}, ` +
        `${recorderName(`c${n}`, `u${n}`)} as by${n}`,
    )
    .join(', ');
  /** the result columns of each conference, named once rather than per row */
  const keys = ids.map((_, n) => ({
    id: `id${n}`,
    answer: `a${n}`,
    proxyName: `pn${n}`,
    proxyTitle: `pt${n}`,
    answeredAt: `at${n}`,
    channel: `ch${n}`,
    late: `late${n}`,
    receivedAt: `rcv${n}`,
    recorder: `by${n}`,
  }));
  const recorders = ids.map((_, n) => recorderJoin(`c${n}`, `u${n}`)).join('\n');
  const protocol = `${firstConference}, ${first('sort')}, m.name_kana collate "ja-x-icu" asc nulls last, m.id`;
  const order = ctx.params.order === 'kana' ? 'm.name_kana collate "ja-x-icu" asc nulls last, m.id' : 'seat';

  return {
    sheetName: '出欠一覧',
    fileLabel: `出欠一覧_${main.name}`,
    title: `${main.name} 出欠一覧（${ctx.dates.day(main.event_at)}）`,
    columns,
    count: {
      text: 'select count(distinct member_id)::int as n from conference_member where cci_code = $1 and conference_id = any($2::int[])',
      values: [ctx.cciCode, ids],
    },
    rows: {
      text: `
        with ${heldPositionsCte({ cci: '$1', day: '$3', types: '$4' })}
        select (row_number() over (order by ${protocol}))::int as seat,
               co.company_code, co.name1 as company_name, m.name, m.name_kana, m.title, p.positions,
               ${first('category')} as category, ${answers}
          ${invited}
          join member m on m.id = member_id
          join company co on co.id = ${first('company_id')}
          left join held p on p.member_id = m.id
          ${recorders}
         order by ${order}`,
      values: [ctx.cciCode, ids, main.event_at.slice(0, 10), POSITION_TYPE_ORDER],
    },
    toCells(row) {
      const cells: Cell[] = [
        row.seat as number,
        row.company_code as string,
        row.company_name as string | null,
        row.name as string,
        row.name_kana as string | null,
        row.title as string | null,
        row.positions as string | null,
        categoryLabel(row.category as string | null),
      ];
      for (const k of keys) {
        // not invited to this one: blank, not 未回答
        if (row[k.id] === null) cells.push(null, null, null, null, null, null);
        else {
          cells.push(
            answerLabel(row[k.answer] as string | null),
            proxyLabel(row[k.proxyName] as string | null, row[k.proxyTitle] as string | null),
            ctx.dates.dateTimeCell(row[k.answeredAt] as string | null),
            channelLabel(row[k.channel] as string | null, row[k.late] as boolean | null),
            ctx.dates.dateTimeCell(row[k.receivedAt] as string | null),
            row[k.recorder] as string | null,
          );
        }
      }
      return cells;
    },
  };
}
