/**
 * 受付名簿 (issue 14): every invitee of one conference — also 欠席, 委任状 and 未回答, each with its
 * 出欠 as recorded — numbered in protocol order (seat order `sort`, DESIGN.md §4) or 五十音順, with
 * the substitute in place of the member who sends one, how and when the answer was received (受付方法,
 * 受付日時: DESIGN.md §11.2) and who recorded it (記録者, issue 33), 当日参加 walk-ins marked in
 * 区分, and a 受付 column: 済 and the time for those already checked in at the desk (DESIGN.md
 * §11.3), blank for the rest to tick by hand.
 */
import type { ExportSource, SourceContext } from './types.ts';
import { conferenceOf } from './types.ts';
import { answerLabel, attendeeCategoryLabel, channelLabel, checkInMark } from '../../lib/export-labels.ts';
import { jstText } from '../../lib/export-dates.ts';
import { recorderJoin, recorderName } from './recorder.ts';

export async function receptionSource(ctx: SourceContext): Promise<ExportSource> {
  const conference = await conferenceOf(ctx);
  const order = ctx.params.order === 'kana' ? 'm.name_kana collate "ja-x-icu" asc nulls last, m.id' : 'cm.sort, cm.id';
  const where = 'cm.cci_code = $1 and cm.conference_id = $2';
  return {
    sheetName: '受付名簿',
    fileLabel: `受付名簿_${conference.name}`,
    title: `${conference.name} 受付名簿（${ctx.dates.dateTime(conference.event_at)}）`,
    columns: [
      { header: '番号', width: 6 },
      { header: '事業所コード', width: 12 },
      { header: '事業所名', width: 32 },
      { header: '出席者氏名', width: 18 },
      { header: '出席者肩書', width: 20 },
      { header: '区分', width: 16 },
      { header: '出欠', width: 10 },
      { header: '会員氏名', width: 18 },
      { header: '受付方法', width: 14 },
      { header: '受付日時', width: 18 },
      { header: '記録者', width: 16 },
      { header: '受付', width: 10 },
    ],
    count: {
      text: `select count(*)::int as n from conference_member cm where ${where}`,
      values: [ctx.cciCode, conference.id],
    },
    rows: {
      text: `
        select (row_number() over (order by ${order}))::int as no,
               co.company_code, co.name1 as company_name, m.name, m.title,
               cm.category, cm.answer_content, cm.proxy_name, cm.proxy_title, cm.walk_in, cm.attended_by,
               cm.answer_channel, cm.answered_late, ${jstText('cm.answer_received_at')} as received_at,
               ${recorderName('cm', 'u')} as recorder,
               to_char(cm.checked_in_at at time zone 'Asia/Tokyo', 'HH24:MI') as checked_in_time
          from conference_member cm
          join member m on m.id = cm.member_id
          join company co on co.id = cm.company_id
          ${recorderJoin('cm', 'u')}
         where ${where}
         order by ${order}`,
      values: [ctx.cciCode, conference.id],
    },
    toCells(row) {
      const proxy = row.answer_content === 'proxy_attend';
      const expected = proxy ? (row.proxy_name as string | null) : (row.name as string);
      return [
        row.no as number,
        row.company_code as string,
        row.company_name as string | null,
        // who came, once checked in; before that who is expected
        (row.attended_by as string | null) ?? expected,
        proxy ? (row.proxy_title as string | null) : (row.title as string | null),
        attendeeCategoryLabel(row.category as string, row.answer_content as string | null, row.walk_in as boolean),
        answerLabel(row.answer_content as string | null),
        row.name as string,
        channelLabel(row.answer_channel as string | null, row.answered_late as boolean | null),
        ctx.dates.dateTimeCell(row.received_at as string | null),
        row.recorder as string | null,
        checkInMark(row.checked_in_time as string | null),
      ];
    },
  };
}
