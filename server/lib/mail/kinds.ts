/**
 * What each kind of mail says around the conference's details (issue 13 "What is sent"), from the
 * row's payload (server/lib/mail/payload.ts) and, for a reminder, the invitees still unanswered.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../audit.ts';
import type { AnswerChannel, ConferenceStatus, notification } from '../../db/schema.ts';
import { answerLabel, CHANNEL_LABELS } from '../export-labels.ts';
import type { Block, ImageItem } from './compose.ts';
import { jaDateTime } from './dates.ts';
import type { ChangePayload, ManualPayload, ReceiptPayload } from './payload.ts';
import type { InlineImage } from './tickets.ts';

type Row = typeof notification.$inferSelect;

/** What the receipt needs besides its payload: the 受付票 images (tickets.ts) and the meeting's portal page. */
export interface KindContext {
  tickets: ReadonlyMap<number, InlineImage>;
  url: string;
}

export const TICKET_CAPTION = '受付票（当日受付でご提示ください）';

export interface KindBlocks {
  before: Block[];
  after: Block[];
  withDeadline: boolean;
  linkLabel: string;
}

const STATUS_LABELS: Readonly<Record<ConferenceStatus, string>> = {
  draft: '下書き',
  published: '回答受付中',
  closed: '回答締切',
  held: '開催済み',
  cancelled: '中止',
};

const FIELD_LABELS: Readonly<Record<ChangePayload['changes'][number]['field'], string>> = {
  event_date: '日時',
  end_at: '終了時刻',
  place: '会場',
  answer_deadline: '回答期限',
  status: '状態',
};

/** ポータル, or 会議所が受付（FAX） */
export const channelText = (channel: AnswerChannel): string =>
  channel === 'portal' ? CHANNEL_LABELS.portal : `会議所が受付（${CHANNEL_LABELS[channel] ?? channel}）`;

const withTitle = (name: string, title: string | null) => (title ? `${name}（${title}）` : name);

function changedValue(field: string, value: string | null): string {
  if (value === null || value === '') return '（なし）';
  if (field === 'place') return value;
  if (field === 'status') return STATUS_LABELS[value as ConferenceStatus] ?? value;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : jaDateTime(at);
}

/** 代理出席（佐藤 花子・専務取締役）, 欠席, 未回答 … and how it reached the chamber */
function answerItem(a: ReceiptPayload['answers'][number]): string {
  let answer = answerLabel(a.answer_content);
  if (a.answer_content === 'proxy_attend' && a.proxy_name) {
    answer += `（${[a.proxy_name, a.proxy_title].filter(Boolean).join('・')}）`;
  }
  if (a.answer_content === 'delegate' && a.delegate_name) answer += `（委任先：${a.delegate_name}）`;
  const notes = [
    ...(a.answer_content !== null && a.answer_channel ? [channelText(a.answer_channel)] : []),
    ...(a.answered_late ? ['期限後'] : []),
  ];
  return `${withTitle(a.member_name, a.member_title)}：${answer}${notes.length ? `\u3000［${notes.join('・')}］` : ''}`;
}

const CHOICE_LABELS = { yes: '賛成', no: '反対', abstain: '棄権' } as const;

/** 山田 太郎（代表取締役社長）：第1号議案 決算承認の件：賛成 */
const writtenVoteItem = (v: NonNullable<ReceiptPayload['written_votes']>[number]): string =>
  `${withTitle(v.member_name, v.member_title)}：${v.number} ${v.title}：${CHOICE_LABELS[v.choice] ?? v.choice}`;

/** The answer line, with the person's 受付票 under it when they attend (issue 14). */
function receiptItem(a: ReceiptPayload['answers'][number], ctx: KindContext): string | ImageItem {
  const ticket = a.conference_member_id ? ctx.tickets.get(a.conference_member_id) : undefined;
  if (!ticket) return answerItem(a);
  const who = a.answer_content === 'proxy_attend' && a.proxy_name ? a.proxy_name : a.member_name;
  return {
    text: answerItem(a),
    image: { cid: ticket.cid, alt: `${who}様の受付票（QRコード）`, caption: TICKET_CAPTION },
    instead: `${TICKET_CAPTION}：ポータルの会議ページに表示されます ${ctx.url}`,
  };
}

async function unansweredInvitees(db: Executor, row: Row): Promise<string[]> {
  const { rows } = await db.execute<{ name: string; title: string | null; sub: string | null }>(sql`
    select m.name, m.title, case when c.parent_id is not null then c.name end as sub
      from conference_member cm
      join conference c on c.id = cm.conference_id
      join member m on m.id = cm.member_id
     where cm.company_id = ${row.company_id} and cm.answer_content is null
       and (c.id = ${row.conference_id} or (c.parent_id = ${row.conference_id} and c.status not in ('draft', 'cancelled')))
     order by (c.parent_id is not null), c.event_date, cm.sort, cm.id`);
  return rows.map((r) => withTitle(r.name, r.title) + (r.sub ? `（${r.sub}）` : ''));
}

export async function kindBlocks(db: Executor, row: Row, c: { name: string }, ctx: KindContext): Promise<KindBlocks> {
  const lines = (...l: string[]): Block => ({ type: 'lines', lines: l });
  const answer = 'ご回答・詳細はポータルから';
  switch (row.kind) {
    case 'invitation':
      return {
        before: [
          lines(
            `このたび、下記のとおり「${c.name}」を開催いたしますので、ご案内申し上げます。`,
            'ご多忙のところ誠に恐縮ではございますが、回答期限までに出欠をご回答くださいますようお願い申し上げます。',
          ),
          lines('記'),
        ],
        after: [lines('以上')],
        withDeadline: true,
        linkLabel: answer,
      };
    case 'reminder': {
      const names = await unansweredInvitees(db, row);
      return {
        before: [
          lines(
            `先日ご案内いたしました「${c.name}」につきまして、まだ出欠のご回答をいただいていない方がいらっしゃいます。`,
            'お手数をおかけいたしますが、回答期限までにご回答くださいますようお願い申し上げます。',
            '既にご回答済みの場合は、行き違いとなりましたことをご容赦ください。',
          ),
        ],
        after: names.length > 0 ? [{ type: 'list', title: '未回答の方', items: names }] : [],
        withDeadline: true,
        linkLabel: answer,
      };
    }
    case 'change': {
      const p = row.payload as unknown as ChangePayload;
      const items = (p.changes ?? []).map(
        (ch) =>
          `${FIELD_LABELS[ch.field] ?? ch.field}：${changedValue(ch.field, ch.before)} → ${changedValue(ch.field, ch.after)}`,
      );
      return {
        before: [
          lines(
            p.reopened
              ? `「${c.name}」につきまして、回答受付を再開いたしました。新しい回答期限までにご回答くださいますようお願い申し上げます。`
              : `先日ご案内いたしました「${c.name}」につきまして、下記のとおり内容に変更がございましたので、お知らせいたします。`,
          ),
          ...(items.length > 0 ? [{ type: 'list', title: '変更内容', items } as Block] : []),
          lines('変更後の内容は次のとおりです。'),
        ],
        after: [],
        withDeadline: true,
        linkLabel: '変更後の内容・ご回答はポータルから',
      };
    }
    case 'cancel':
      return {
        before: [
          lines(
            `先日ご案内いたしました「${c.name}」は、誠に勝手ながら中止とさせていただくことになりました。`,
            'ご予定を調整いただいていた皆様には大変ご迷惑をおかけいたしますことを、深くお詫び申し上げます。',
          ),
        ],
        after: [],
        withDeadline: false,
        linkLabel: '詳細はポータルから',
      };
    case 'receipt': {
      const p = row.payload as unknown as ReceiptPayload;
      const received = new Date(p.received_at);
      return {
        before: [
          lines(`下記の会議につきまして、出欠のご回答を受け付けましたのでお知らせいたします。`),
          {
            type: 'fields',
            rows: [
              ['受付日時', Number.isNaN(received.getTime()) ? '' : jaDateTime(received)],
              [
                '受付方法',
                p.recorded_by === 'company'
                  ? 'ポータル（貴社によるご回答）'
                  : p.channel
                    ? channelText(p.channel)
                    : '会議所が受付',
              ],
            ],
          },
          { type: 'list', title: 'ご回答内容（受付時点）', items: (p.answers ?? []).map((a) => receiptItem(a, ctx)) },
          ...(p.written_votes?.length
            ? [{ type: 'list' as const, title: '書面議決（受付時点）', items: p.written_votes.map(writtenVoteItem) }]
            : []),
          lines('ご回答の内容に誤りがございましたら、回答期限までにポータルから変更いただくか、当所までご連絡ください。'),
        ],
        after: [],
        withDeadline: true,
        linkLabel: 'ご回答の確認・変更はポータルから',
      };
    }
    case 'manual': {
      const p = row.payload as unknown as ManualPayload;
      return {
        before: [lines(...(typeof p.body === 'string' ? p.body : '').split(/\r?\n/))],
        after: [],
        withDeadline: true,
        linkLabel: answer,
      };
    }
  }
}
