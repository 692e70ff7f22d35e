/**
 * 出席者一覧 (issue 14): after the meeting, the people checked in at one conference's reception desk
 * (DESIGN.md §11.3), in the order they arrived, with the check-in time, who came (attended_by: the
 * member, or the substitute), 当日参加 walk-ins marked in 区分, and the staff member who checked
 * them in (their display name; the username when the user is gone).
 */
import type { ExportSource, SourceContext } from './types.ts';
import { conferenceOf } from './types.ts';
import { attendeeCategoryLabel } from '../../lib/export-labels.ts';
import { jstText } from '../../lib/export-dates.ts';

export async function attendeesSource(ctx: SourceContext): Promise<ExportSource> {
  const conference = await conferenceOf(ctx);
  const where = 'cm.cci_code = $1 and cm.conference_id = $2 and cm.checked_in_at is not null';
  const order = 'cm.checked_in_at, cm.id';
  return {
    sheetName: '出席者一覧',
    fileLabel: `出席者一覧_${conference.name}`,
    title: `${conference.name} 出席者一覧（${ctx.dates.dateTime(conference.event_at)}）`,
    columns: [
      { header: '番号', width: 6 },
      { header: '受付時刻', width: 18 },
      { header: '事業所コード', width: 12 },
      { header: '事業所名', width: 32 },
      { header: '出席者氏名', width: 18 },
      { header: '肩書', width: 20 },
      { header: '区分', width: 16 },
      { header: '受付者', width: 18 },
    ],
    count: {
      text: `select count(*)::int as n from conference_member cm where ${where}`,
      values: [ctx.cciCode, conference.id],
    },
    rows: {
      text: `
        select (row_number() over (order by ${order}))::int as no, ${jstText('cm.checked_in_at')} as checked_in_at,
               co.company_code, co.name1 as company_name, m.name, m.title,
               cm.category, cm.answer_content, cm.proxy_name, cm.proxy_title, cm.walk_in, cm.attended_by,
               coalesce(u.display_name, u.email, cm.checked_in_by) as checked_in_by
          from conference_member cm
          join member m on m.id = cm.member_id
          join company co on co.id = cm.company_id
          left join users u on u.username = cm.checked_in_by
         where ${where}
         order by ${order}`,
      values: [ctx.cciCode, conference.id],
    },
    toCells(row) {
      const proxy = row.answer_content === 'proxy_attend';
      return [
        row.no as number,
        ctx.dates.dateTimeCell(row.checked_in_at as string),
        row.company_code as string,
        row.company_name as string | null,
        (row.attended_by as string | null) ?? (proxy ? (row.proxy_name as string | null) : (row.name as string)),
        proxy ? (row.proxy_title as string | null) : (row.title as string | null),
        attendeeCategoryLabel(row.category as string, row.answer_content as string | null, row.walk_in as boolean),
        row.checked_in_by as string | null,
      ];
    },
  };
}
