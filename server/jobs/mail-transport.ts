/**
 * nodemailer over SMTP (DESIGN.md §3 mail row): a pool of connections to SMTP_URL (Amazon SES SMTP
 * in production) or to the local sink (server/infra/smtp-sink.ts), which speaks no TLS.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { headerText } from '../lib/escape/mail-header.ts';
import type { RenderedMail } from '../lib/mail/render.ts';

export type MailTransport = Transporter;

export function createMailTransport(smtpUrl: string, opts: { maxConnections?: number } = {}): MailTransport {
  const { hostname, protocol } = new URL(smtpUrl);
  const loopback = protocol === 'smtp:' && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]');
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    // Amazon SES accepts many connections; the sending rate of the account is the real limit
    maxConnections: opts.maxConnections ?? 5,
    maxMessages: 100,
    // the local sink offers no STARTTLS; anything else must not fall back to plain text
    ...(loopback ? { ignoreTLS: true } : { requireTLS: protocol === 'smtp:' }),
    connectionTimeout: 30_000,
    socketTimeout: 60_000,
  });
}

/** Who a message is from: the chamber's name at the sending address, and where replies go. */
export interface MailSender {
  from: string | { name: string; address: string };
  replyTo?: string;
}

/**
 * The message of one outbox row: the subject one line (server/lib/escape/mail-header.ts), names in
 * From/To and the subject RFC 2047 encoded by nodemailer; Message-ID is the row's (set when the row was claimed), the same on every resend.
 */
export function messageOf(
  row: { id: number; to: string | null; message_id: string | null },
  rendered: RenderedMail,
  sender: MailSender,
): Mail.Options {
  return {
    from: typeof sender.from === 'string' ? sender.from : { name: headerText(sender.from.name), address: sender.from.address },
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    to: row.to ?? undefined,
    subject: headerText(rendered.subject),
    text: rendered.text,
    html: rendered.html,
    messageId: row.message_id ?? undefined,
    headers: { 'X-Kaigi-Notification': String(row.id) },
    attachments: [
      ...(rendered.ics
        ? [{ filename: 'kaigi.ics', content: rendered.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]
        : []),
      // inline parts (Content-ID): nodemailer puts them with the HTML in multipart/related
      ...(rendered.images ?? []).map((image) => ({ ...image, contentDisposition: 'inline' as const })),
    ],
  };
}
