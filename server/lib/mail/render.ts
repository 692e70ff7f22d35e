/**
 * Renders one outbox row into the message to send (issue 13 "Mail is Japanese business mail").
 * PLACEHOLDER body until the composer lands: the signature is the contract.
 */
import type { Executor } from '../audit.ts';
import type { notification } from '../../db/schema.ts';

export type NotificationRow = typeof notification.$inferSelect;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** the conference as an iCalendar file (invitation, reminder, change, cancel) */
  ics?: string;
}

/** `row` need not be stored yet (the manual message's preview renders an unsaved row). */
export async function renderNotification(_db: Executor, row: NotificationRow): Promise<RenderedMail> {
  const body = typeof row.payload.body === 'string' ? row.payload.body : '';
  return { subject: row.subject, text: body, html: `<pre>${body}</pre>` };
}
