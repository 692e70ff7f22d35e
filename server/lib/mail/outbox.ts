/**
 * Writing the outbox (DESIGN.md §11.2): rows are inserted in the transaction of the change that
 * causes them; `queued` rows go on the mail queue in that same transaction (MailQueue.enqueue), and
 * `scheduled` reminders wait for the due scan (due.ts). A company without an address gets its row
 * as `skipped` / `no_address` (送付不可), so staff see who was not reached.
 */
import { notification, type NotificationKind, type conference } from '../../db/schema.ts';
import type { MailQueue } from '../../jobs/mail-queue.ts';
import type { Executor } from '../audit.ts';
import type { NotificationPayload } from './payload.ts';
import { addressesOf } from './recipients.ts';
import { subjectOf } from './subject.ts';

export type ConferenceRow = typeof conference.$inferSelect;
export type NotificationRow = typeof notification.$inferSelect;

/** Why a row was not sent (notification.error of `skipped` rows; schemas/notification.ts). */
export const SKIP = {
  noAddress: 'no_address',
  nothingUnanswered: 'nothing_unanswered',
  deadlinePassed: 'deadline_passed',
  deadlineChanged: 'deadline_changed',
  conferenceNotOpen: 'conference_not_open',
} as const;

export interface OutboxMessage {
  kind: NotificationKind;
  companyIds: number[];
  /** per company, or one for all */
  payload?: NotificationPayload | ((companyId: number) => NotificationPayload);
  /** the staff's subject (manual) */
  subject?: string;
  /** reminders: written `scheduled` for this time */
  reminder?: { days_before: number; scheduled_for: Date };
}

/** The rows as they would be written (not stored): also the manual message's preview. */
export async function outboxRows(
  tx: Executor,
  target: Pick<ConferenceRow, 'id' | 'cci_code' | 'name' | 'event_date'>,
  message: OutboxMessage,
  actor: string,
): Promise<Array<typeof notification.$inferInsert>> {
  const addresses = await addressesOf(tx, message.companyIds);
  const subject = subjectOf(message.kind, target, message.subject);
  return message.companyIds.map((companyId) => {
    const to = addresses.get(companyId) ?? null;
    const payload = typeof message.payload === 'function' ? message.payload(companyId) : (message.payload ?? {});
    return {
      cci_code: target.cci_code,
      conference_id: target.id,
      company_id: companyId,
      kind: message.kind,
      to,
      subject,
      payload: payload as Record<string, unknown>,
      status: to === null ? 'skipped' : message.reminder ? 'scheduled' : 'queued',
      error: to === null ? SKIP.noAddress : null,
      days_before: message.reminder?.days_before ?? null,
      scheduled_for: message.reminder?.scheduled_for ?? null,
      created_by: actor,
    };
  });
}

/** Writes one message to each company and puts the `queued` ones on the mail queue. */
export async function writeOutbox(
  tx: Executor,
  queue: MailQueue,
  target: Pick<ConferenceRow, 'id' | 'cci_code' | 'name' | 'event_date'>,
  message: OutboxMessage,
  actor: string,
): Promise<NotificationRow[]> {
  if (message.companyIds.length === 0) return [];
  const values = await outboxRows(tx, target, message, actor);
  const rows = await tx.insert(notification).values(values).returning();
  await queue.enqueue(
    tx,
    rows.filter((r) => r.status === 'queued').map((r) => r.id),
  );
  return rows;
}
