/**
 * Renders one outbox row into the message to send (issue 13 "Mail is Japanese business mail"):
 * 宛名, a greeting, what the kind says (server/lib/mail/kinds.ts), the conference (会議名, 日時,
 * 会場, 回答期限, 資料, the sub-conferences the company is invited to), the portal link and the
 * chamber's signature, as plain text and HTML, with an `.ics` for the conference where it helps.
 * The row's payload (server/lib/mail/payload.ts) is what was true when the row was written; the
 * conference, company and chamber are read now.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../audit.ts';
import type { Attachment, notification } from '../../db/schema.ts';
import { toHtml, toText, type Block } from './compose.ts';
import { jaDateTime, tokyoParts } from './dates.ts';
import { conferenceIcs } from './ics.ts';
import { kindBlocks } from './kinds.ts';
import type { ReceiptPayload } from './payload.ts';
import { receiptTickets, type InlineImage } from './tickets.ts';

export type NotificationRow = typeof notification.$inferSelect;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** the conference as an iCalendar file (invitation, reminder, change, cancel) */
  ics?: string;
  /** parts the HTML shows inline (`cid:`): the receipt's 受付票 QR codes */
  images?: InlineImage[];
}

export interface RenderOptions {
  /** PUBLIC_ORIGIN, or the local http://HOST:PORT: the portal link's origin (absent: a path only) */
  origin?: string;
  /** the domain of MAIL_FROM: the right-hand side of the calendar UID and of the images' Content-IDs */
  domain?: string;
  /** the reception tickets' key (loadLinkSecret); absent: a receipt goes without its 受付票 (the preview) */
  ticketSecret?: Buffer;
}

export interface MailConference {
  id: number;
  cci_code: string;
  name: string;
  status: string;
  event_date: Date;
  end_at: Date | null;
  place: string | null;
  answer_deadline: Date | null;
  attachments: Attachment[];
  version: number;
  chamber_name: string;
  mail_contact: string | null;
  company_name: string | null;
}

interface SubConference {
  name: string;
  event_date: Date;
  end_at: Date | null;
  place: string | null;
}

const ICS_KINDS = new Set(['invitation', 'reminder', 'change', 'cancel']);

/** 2026年12月20日（日） 14:00～16:00 (the end's day too when it is another day) */
export function periodText(start: Date, end: Date | null): string {
  if (!end) return jaDateTime(start);
  const a = tokyoParts(start);
  const b = tokyoParts(end);
  const sameDay = a.year === b.year && a.month === b.month && a.day === b.day;
  return `${jaDateTime(start)}～${sameDay ? `${b.hour}:${b.minute}` : jaDateTime(end)}`;
}

async function loadConference(db: Executor, row: NotificationRow): Promise<MailConference> {
  const { rows } = await db.execute<MailConference & Record<string, unknown>>(sql`
    select c.id, c.cci_code, c.name, c.status, c.event_date, c.end_at, c.place, c.answer_deadline, c.attachments, c.version,
           ch.name as chamber_name, ch.mail_contact,
           (select co.attributes ->> 'name1' from company co where co.id = ${row.company_id}) as company_name
      from conference c join chamber ch on ch.cci_code = c.cci_code
     where c.id = ${row.conference_id}`);
  if (!rows[0]) throw new Error(`notification ${row.id}: conference ${row.conference_id} not found`);
  return { ...rows[0], ...datesOf(rows[0]), answer_deadline: dateOrNull(rows[0].answer_deadline) };
}

// drizzle's raw execute hands timestamps over as text
const dateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));
const datesOf = (r: { event_date: Date | string; end_at: Date | string | null }) => ({
  event_date: new Date(r.event_date),
  end_at: dateOrNull(r.end_at),
});

/** The published sub-conferences (懇親会 …) with invitees of this company. */
async function loadSubConferences(db: Executor, row: NotificationRow): Promise<SubConference[]> {
  const { rows } = await db.execute<SubConference & Record<string, unknown>>(sql`
    select s.name, s.event_date, s.end_at, s.place
      from conference s
     where s.parent_id = ${row.conference_id} and s.status not in ('draft', 'cancelled')
       and exists (select 1 from conference_member cm where cm.conference_id = s.id and cm.company_id = ${row.company_id})
     order by s.event_date, s.id`);
  return rows.map((r) => ({ ...r, ...datesOf(r) }));
}

function conferenceBlock(c: MailConference, subs: SubConference[], withDeadline: boolean): Block[] {
  const rows: Array<[string, string]> = [
    ['会議名', c.name],
    ['日時', periodText(c.event_date, c.end_at)],
    ['会場', c.place ?? '（未定）'],
  ];
  if (withDeadline && c.answer_deadline) rows.push(['回答期限', jaDateTime(c.answer_deadline)]);
  if (c.attachments.length > 0)
    rows.push(['資料', `${c.attachments.map((a) => a.name).join('\n')}\n（ポータルからご覧いただけます）`]);
  const blocks: Block[] = [{ type: 'fields', rows }];
  if (subs.length > 0) {
    blocks.push({
      type: 'list',
      title: '同時開催（ご招待分）',
      items: subs.map((s) => [s.name, periodText(s.event_date, s.end_at), s.place].filter(Boolean).join('　')),
    });
  }
  return blocks;
}

export async function renderNotification(db: Executor, row: NotificationRow, opts: RenderOptions = {}): Promise<RenderedMail> {
  const conference = await loadConference(db, row);
  const subs = row.kind === 'cancel' || row.kind === 'receipt' ? [] : await loadSubConferences(db, row);
  const url = `${opts.origin ?? ''}/company/meetings/${row.conference_id}`;
  const tickets =
    row.kind === 'receipt' && opts.ticketSecret
      ? await receiptTickets(
          row.payload as unknown as ReceiptPayload,
          conference,
          opts.ticketSecret,
          opts.domain ?? 'kaigi.localhost',
        )
      : new Map<number, InlineImage>();
  const kind = await kindBlocks(db, row, conference, { tickets, url });

  const blocks: Block[] = [
    { type: 'lines', lines: [`${conference.company_name ?? ''} 御中`, 'ご担当者様'] },
    { type: 'lines', lines: ['平素より格別のご高配を賜り、厚く御礼申し上げます。', `${conference.chamber_name}でございます。`] },
    ...kind.before,
    ...conferenceBlock(conference, subs, kind.withDeadline),
    ...kind.after,
    { type: 'link', label: kind.linkLabel, url },
    {
      type: 'lines',
      lines: ['※本メールは送信専用のアドレスからお送りしています。', 'お問い合わせは下記の連絡先までお願いいたします。'],
    },
    { type: 'signature', lines: [conference.chamber_name, ...(conference.mail_contact ?? '').split(/\r?\n/).filter(Boolean)] },
  ];

  const ics = ICS_KINDS.has(row.kind)
    ? conferenceIcs(conference, {
        domain: opts.domain ?? 'kaigi.localhost',
        url,
        stamp: row.created_at ?? new Date(),
        cancelled: row.kind === 'cancel',
        organizer: conference.chamber_name,
      })
    : undefined;
  return {
    subject: row.subject,
    text: toText(blocks),
    html: toHtml(blocks, row.subject),
    ...(ics ? { ics } : {}),
    ...(tickets.size > 0 ? { images: [...tickets.values()] } : {}),
  };
}
