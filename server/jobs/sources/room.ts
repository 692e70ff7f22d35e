/**
 * コメント一覧 and チャット履歴 of a conference's room (issue 12): kept with the conference and
 * exported with it, in the order they were written. Deleted chat messages stay in the record, marked.
 */
import type { DateFormatter } from '../../lib/export-dates.ts';
import type { Cell, ExportSource, SourceContext } from './types.ts';
import { conferenceOf } from './types.ts';
import { jstText } from '../../lib/export-dates.ts';

const SENDER_KINDS: Record<string, string> = { admin: '事務局', company: '事業所', user: '招待者', guest: 'ゲスト' };
const COMMENT_STATUSES: Record<string, string> = { new: '未対応', answered: '回答済', hidden: '非表示' };

interface MessagesKind {
  table: 'room_comment' | 'room_chat';
  label: string;
  bodyHeader: string;
  /** the last column: its header, the SQL of its value (`last`), and its cell */
  lastHeader: string;
  lastSql: string;
  lastCell(value: unknown, dates: DateFormatter): Cell;
}

function messagesSource(kind: MessagesKind) {
  return async (ctx: SourceContext): Promise<ExportSource> => {
    const conference = await conferenceOf(ctx);
    const where = 'cci_code = $1 and conference_id = $2';
    return {
      sheetName: kind.label,
      fileLabel: `${kind.label}_${conference.name}`,
      title: `${conference.name} ${kind.label}（${ctx.dates.dateTime(conference.event_at)}）`,
      columns: [
        { header: '番号', width: 6 },
        { header: '日時', width: 18 },
        { header: '区分', width: 8 },
        { header: '氏名', width: 18 },
        { header: '事業所名', width: 28 },
        { header: kind.bodyHeader, width: 60 },
        { header: kind.lastHeader, width: 18 },
      ],
      count: { text: `select count(*)::int as n from ${kind.table} where ${where}`, values: [ctx.cciCode, conference.id] },
      rows: {
        text: `select (row_number() over (order by id))::int as no, ${jstText('created_at')} as at,
                      sender_kind, sender_name, sender_org, body, ${kind.lastSql} as last
                 from ${kind.table} where ${where} order by id`,
        values: [ctx.cciCode, conference.id],
      },
      toCells: (row) => [
        row.no as number,
        ctx.dates.dateTimeCell(row.at as string),
        SENDER_KINDS[row.sender_kind as string] ?? '',
        row.sender_name as string,
        row.sender_org as string | null,
        row.body as string,
        kind.lastCell(row.last, ctx.dates),
      ],
    };
  };
}

export const roomCommentsSource = messagesSource({
  table: 'room_comment',
  label: 'コメント一覧',
  bodyHeader: 'コメント',
  lastHeader: '状態',
  lastSql: 'status',
  lastCell: (status) => COMMENT_STATUSES[status as string] ?? '',
});

export const roomChatSource = messagesSource({
  table: 'room_chat',
  label: 'チャット履歴',
  bodyHeader: 'メッセージ',
  lastHeader: '削除',
  lastSql: jstText('deleted_at'),
  lastCell: (deletedAt, dates) => (deletedAt ? `削除（${dates.dateTime(deletedAt as string)}）` : ''),
});
