/**
 * 採決結果 of a conference (issue 34, DESIGN.md §12.1 "a 採決結果 export (XLSX/CSV)"): every 議案 in
 * order, each of its polls (再採決 included) with its method, times, counts and the 議案's result;
 * a 議案 not yet voted on is one row without a poll. A 記名 poll is followed by a row per voter
 * (出席 the ballot, 書面 the written vote, 委任 the ballot cast for the principal). A 無記名 poll
 * has no voter rows: its ballots name no one, and nothing here joins them to a voter.
 */
import type { Cell, ExportSource, SourceContext } from './types.ts';
import { conferenceOf } from './types.ts';
import { jstText } from '../../lib/export-dates.ts';

const METHODS: Record<string, string> = { show_of_hands: '挙手', roll_call: '記名投票', secret: '無記名投票' };
const CHOICES: Record<string, string> = { yes: '賛成', no: '反対', abstain: '棄権' };
const KINDS: Record<string, string> = { present: '出席', written: '書面', delegated: '委任' };
const RESULTS: Record<string, string> = { adopted: '可決', rejected: '否決' };
const STATUSES: Record<string, string> = { draft: '未採決', open: '採決中', closed: '集計済' };
const COUNTS = ['yes', 'no', 'abstain', 'not_voted', 'written', 'delegated'] as const;

/** $1 chamber, $2 conference. `part` 0: the poll (or the 議案 without one), 1: a voter of a 記名 poll. */
const ROWS = `
  with m as (select id, number, title, status, result, chair_decision from motion where cci_code = $1 and conference_id = $2),
       p as (select poll.*, (row_number() over (partition by poll.motion_id order by poll.id))::int as n
               from poll join m on m.id = poll.motion_id)
  select m.id as motion_id, p.id as poll_id, 0 as part, null::int as sort, null::int as voter,
         m.number, m.title, m.status, m.result, m.chair_decision, p.n, p.method,
         ${jstText('p.opened_at')} as opened_at, ${jstText('p.closed_at')} as closed_at, p.counts, p.override_reason,
         null::text as name, null::text as company, null::text as kind, null::text as choice
    from m left join p on p.motion_id = m.id
  union all
  select m.id, p.id, 1, cm.sort, v.conference_member_id,
         m.number, m.title, m.status, m.result, m.chair_decision, p.n, p.method,
         null, null, null, null,
         mem.name, co.name1, v.kind, case when v.kind = 'written' then w.choice else b.choice end
    from m join p on p.motion_id = m.id and p.method = 'roll_call'
    join poll_voter v on v.poll_id = p.id
    join conference_member cm on cm.id = v.conference_member_id
    join member mem on mem.id = cm.member_id
    join company co on co.id = cm.company_id
    left join ballot b on b.poll_id = p.id and b.conference_member_id = v.conference_member_id
    left join written_vote w on v.kind = 'written' and w.motion_id = m.id and w.conference_member_id = v.conference_member_id`;

const resultOf = (row: Record<string, unknown>): string => {
  if (row.status !== 'declared') return STATUSES[row.status as string] ?? '';
  return `${RESULTS[row.result as string] ?? ''}${row.chair_decision ? '（議長裁決）' : ''}`;
};

export async function votesSource(ctx: SourceContext): Promise<ExportSource> {
  const conference = await conferenceOf(ctx);
  const values = [ctx.cciCode, conference.id];
  return {
    sheetName: '採決結果',
    fileLabel: `採決結果_${conference.name}`,
    title: `${conference.name} 採決結果（${ctx.dates.dateTime(conference.event_at)}）`,
    columns: [
      { header: '議案番号', width: 12 },
      { header: '議案名', width: 36 },
      { header: '結果', width: 14 },
      { header: '採決回', width: 7 },
      { header: '方法', width: 11 },
      { header: '開始', width: 18 },
      { header: '締切', width: 18 },
      { header: '賛成', width: 6 },
      { header: '反対', width: 6 },
      { header: '棄権', width: 6 },
      { header: '未投票', width: 7 },
      { header: 'うち書面', width: 8 },
      { header: 'うち委任', width: 8 },
      { header: '定足数不足での採決理由', width: 24 },
      { header: '氏名', width: 18 },
      { header: '事業所名', width: 28 },
      { header: '区分', width: 6 },
      { header: '投票', width: 6 },
    ],
    count: { text: `select count(*)::int as n from (${ROWS}) r`, values },
    rows: { text: `${ROWS} order by motion_id, poll_id nulls first, part, sort, voter`, values },
    toCells: (row): Cell[] => {
      const counts = row.counts as Record<string, number> | null;
      const voter = row.part === 1;
      return [
        row.number as string,
        row.title as string,
        resultOf(row),
        row.n as number | null,
        row.method ? METHODS[row.method as string] : null,
        voter || !row.opened_at ? null : ctx.dates.dateTimeCell(row.opened_at as string),
        voter || !row.closed_at ? null : ctx.dates.dateTimeCell(row.closed_at as string),
        ...COUNTS.map((key) => (counts ? counts[key] : null)),
        row.override_reason as string | null,
        row.name as string | null,
        row.company as string | null,
        voter ? (KINDS[row.kind as string] ?? '') : null,
        voter ? (row.choice ? CHOICES[row.choice as string] : '未投票') : null,
      ];
    },
  };
}
