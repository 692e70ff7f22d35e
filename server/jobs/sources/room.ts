/**
 * コメント一覧 and チャット履歴 of a conference's room (issue 12): kept with the conference and
 * exported with it, in the order they were written. Deleted chat messages stay in the record, marked.
 */
import type { ExportSource, SourceContext } from './types.ts';
import { conferenceOf } from './types.ts';
import { jstText } from '../../lib/export-dates.ts';

const SENDER_KINDS: Record<string, string> = { admin: '事務局', company: '事業所', user: '招待者', guest: 'ゲスト' };
const COMMENT_STATUSES: Record<string, string> = { new: '未対応', answered: '回答済', hidden: '非表示' };

const senderColumns = [
  { header: '区分', width: 8 },
  { header: '氏名', width: 18 },
  { header: '事業所名', width: 28 },
];

export async function roomCommentsSource(ctx: SourceContext): Promise<ExportSource> {
  const conference = await conferenceOf(ctx);
  const where = 'cci_code = $1 and conference_id = $2';
  return {
    sheetName: 'コメント一覧',
    fileLabel: `コメント一覧_${conference.name}`,
    title: `${conference.name} コメント一覧（${ctx.dates.dateTime(conference.event_at)}）`,
    columns: [
      { header: '番号', width: 6 },
      { header: '日時', width: 18 },
      ...senderColumns,
      { header: 'コメント', width: 60 },
      { header: '状態', width: 8 },
    ],
    count: { text: `select count(*)::int as n from room_comment where ${where}`, values: [ctx.cciCode, conference.id] },
    rows: {
      text: `select (row_number() over (order by id))::int as no, ${jstText('created_at')} as at,
                    sender_kind, sender_name, sender_org, body, status
               from room_comment where ${where} order by id`,
      values: [ctx.cciCode, conference.id],
    },
    toCells: (row) => [
      row.no as number,
      ctx.dates.dateTime(row.at as string),
      SENDER_KINDS[row.sender_kind as string] ?? '',
      row.sender_name as string,
      row.sender_org as string | null,
      row.body as string,
      COMMENT_STATUSES[row.status as string] ?? '',
    ],
  };
}

export async function roomChatSource(ctx: SourceContext): Promise<ExportSource> {
  const conference = await conferenceOf(ctx);
  const where = 'cci_code = $1 and conference_id = $2';
  return {
    sheetName: 'チャット履歴',
    fileLabel: `チャット履歴_${conference.name}`,
    title: `${conference.name} チャット履歴（${ctx.dates.dateTime(conference.event_at)}）`,
    columns: [
      { header: '番号', width: 6 },
      { header: '日時', width: 18 },
      ...senderColumns,
      { header: 'メッセージ', width: 60 },
      { header: '削除', width: 18 },
    ],
    count: { text: `select count(*)::int as n from room_chat where ${where}`, values: [ctx.cciCode, conference.id] },
    rows: {
      text: `select (row_number() over (order by id))::int as no, ${jstText('created_at')} as at,
                    sender_kind, sender_name, sender_org, body, ${jstText('deleted_at')} as deleted_at
               from room_chat where ${where} order by id`,
      values: [ctx.cciCode, conference.id],
    },
    toCells: (row) => [
      row.no as number,
      ctx.dates.dateTime(row.at as string),
      SENDER_KINDS[row.sender_kind as string] ?? '',
      row.sender_name as string,
      row.sender_org as string | null,
      row.body as string,
      row.deleted_at ? `削除（${ctx.dates.dateTime(row.deleted_at as string)}）` : '',
    ],
  };
}
