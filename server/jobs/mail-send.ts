/**
 * Sending outbox rows (DESIGN.md §11.2): claim → render → SMTP → record, each claim and record in
 * its own committed statement.
 *
 * Never twice for one row: a row is claimed only while `queued` or `sending`, so a `sent`,
 * `skipped` or `failed` row is never sent again. A row left `sending` is one whose worker died
 * between claiming and recording; it is sent again, with the SAME Message-ID (fixed at the first
 * claim). Exactly-once delivery over SMTP is impossible — the worker may die after the server
 * accepted the message and before the row says so, and no SMTP command can ask "did you get it?" —
 * so the stable Message-ID is what makes the resend the same message: recipients' mail systems (and
 * the local sink, server/infra/smtp-sink.ts) treat a repeated Message-ID as one message.
 */
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import type { notification } from '../db/schema.ts';
import { renderNotification } from '../lib/mail/render.ts';
import { loadLinkSecret } from '../lib/room/link-token.ts';
import { messageOf, type MailSender, type MailTransport } from './mail-transport.ts';
import { fromAddress } from './mail-settings.ts';

type Row = typeof notification.$inferSelect;

export interface MailSendDeps {
  pool: pg.Pool;
  db: Db;
  transport: MailTransport;
  /** MAIL_FROM */
  from: string;
  /** the domain of MAIL_FROM (Message-IDs, calendar UIDs) */
  fromDomain: string;
  /** PUBLIC_ORIGIN or the local http://HOST:PORT: the portal link in the mail */
  origin: string;
  /**
   * ROOM_LINK_SECRET as configured for the API; absent → the key kept in the database. The receipt's
   * 受付票 are signed with it here, when rendered (server/lib/mail/tickets.ts says why).
   */
  roomLinkSecret?: string;
}

/**
 * sent; not-claimed: nothing to do (already sent, skipped or failed, or gone); retry: a temporary
 * failure (the row is `queued` again with the error); failed: the row is `failed` with the error.
 */
export type SendOutcome =
  { id: number; status: 'sent' | 'not-claimed' } | { id: number; status: 'retry' | 'failed'; error: string };

/** `<kaigi-notification-{id}.{cci_code}@{domain of MAIL_FROM}>`, fixed at the first claim */
const MESSAGE_ID_SQL = `'<kaigi-notification-' || id || '.' || regexp_replace(cci_code, '[^A-Za-z0-9-]', '', 'g') || '@' || $2 || '>'`;

/**
 * Each chamber of `rows` as the sender of its mail (issue 33): its sender name (the chamber's name
 * when none is set) at MAIL_FROM's address, the verified sending domain (README: SES), and its
 * contact address as Reply-To, so that a member's reply reaches the chamber and not no-reply.
 */
async function sendersOf(pool: pg.Pool, rows: Row[], from: string): Promise<Map<string, MailSender>> {
  const address = fromAddress(from)!.address;
  const { rows: chambers } = await pool.query<{ cci_code: string; name: string; reply_to: string | null }>(
    `select cci_code, coalesce(nullif(btrim(mail_sender_name), ''), name) as name, nullif(btrim(mail_reply_to), '') as reply_to
       from chamber where cci_code = any($1::text[])`,
    [[...new Set(rows.map((r) => r.cci_code))]],
  );
  return new Map(chambers.map((c) => [c.cci_code, { from: { name: c.name, address }, replyTo: c.reply_to ?? undefined }]));
}

/** Claims the rows still to send, committed before anything is sent. */
async function claim(pool: pg.Pool, ids: number[], domain: string): Promise<Row[]> {
  const { rows } = await pool.query<Row>(
    `update notification
        set status = 'sending', attempts = attempts + 1, updated_at = now(),
            message_id = coalesce(message_id, ${MESSAGE_ID_SQL})
      where id = any($1::int[]) and status in ('queued', 'sending')
      returning *`,
    [ids, domain],
  );
  return rows;
}

async function recordSent(pool: pg.Pool, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await pool.query(
    `update notification set status = 'sent', sent_at = now(), error = null, updated_at = now()
      where id = any($1::int[]) and status = 'sending'`,
    [ids],
  );
}

async function recordErrors(pool: pg.Pool, outcomes: Array<{ id: number; error: string }>, status: 'queued' | 'failed') {
  if (outcomes.length === 0) return;
  await pool.query(
    `update notification n set status = $3, error = e.error, updated_at = now()
       from unnest($1::int[], $2::text[]) as e(id, error)
      where n.id = e.id and n.status = 'sending'`,
    [outcomes.map((o) => o.id), outcomes.map((o) => o.error), status],
  );
}

/** Marks rows whose every attempt failed (dead letter): `failed`, keeping the last error. */
export async function failNotifications(pool: pg.Pool, ids: number[], reason: string): Promise<void> {
  await pool.query(
    `update notification set status = 'failed', error = coalesce(error, $2), updated_at = now()
      where id = any($1::int[]) and status in ('queued', 'sending')`,
    [ids, reason],
  );
}

const MAX_ERROR = 1000;

/** A permanent SMTP refusal (5xx: no such mailbox, rejected sender) is not worth retrying. */
const permanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Sends the given rows (one batch of the mail queue). `lastAttempt`: a temporary failure is then
 * final (the row becomes `failed` now rather than when the dead letter is handled).
 */
export async function sendNotifications(deps: MailSendDeps, ids: number[], lastAttempt = false): Promise<SendOutcome[]> {
  const claimed = await claim(deps.pool, ids, deps.fromDomain);
  const senders = claimed.length > 0 ? await sendersOf(deps.pool, claimed, deps.from) : new Map<string, MailSender>();
  const ticketSecret = claimed.some((row) => row.kind === 'receipt')
    ? await loadLinkSecret(deps.pool, deps.roomLinkSecret)
    : undefined;
  const outcomes = await Promise.all(
    claimed.map(async (row): Promise<SendOutcome> => {
      try {
        if (!row.to) return { id: row.id, status: 'failed', error: '送付先のメールアドレスがありません（送付不可）' };
        const rendered = await renderNotification(deps.db, row, { origin: deps.origin, domain: deps.fromDomain, ticketSecret });
        await deps.transport.sendMail(messageOf(row, rendered, senders.get(row.cci_code) ?? { from: deps.from }));
        return { id: row.id, status: 'sent' };
      } catch (err) {
        const error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR);
        return { id: row.id, status: permanent(err) || lastAttempt ? 'failed' : 'retry', error };
      }
    }),
  );
  const errors = (status: 'retry' | 'failed') =>
    outcomes.flatMap((o) => (o.status === status ? [{ id: o.id, error: o.error }] : []));
  await recordSent(
    deps.pool,
    outcomes.filter((o) => o.status === 'sent').map((o) => o.id),
  );
  await recordErrors(deps.pool, errors('retry'), 'queued');
  await recordErrors(deps.pool, errors('failed'), 'failed');
  const claimedIds = new Set(claimed.map((r) => r.id));
  return [...outcomes, ...ids.filter((id) => !claimedIds.has(id)).map((id) => ({ id, status: 'not-claimed' as const }))];
}
