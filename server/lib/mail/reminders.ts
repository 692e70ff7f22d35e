/**
 * Reminder rows (DESIGN.md §11.2): one `scheduled` row per company with invitees and per N of
 * `reminder_days`, at reminderTimes(); the due scan (due.ts) decides at that moment whether it still
 * goes out. When the deadline or the days change, the pending rows are marked `skipped` /
 * `deadline_changed` rather than deleted, so 送信履歴 keeps what had been planned, and new ones are
 * written.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { conference, notification } from '../../db/schema.ts';
import type { MailQueue } from '../../jobs/mail-queue.ts';
import type { Executor } from '../audit.ts';
import { reminderTimes } from './business-days.ts';
import { SKIP, writeOutbox, type ConferenceRow } from './outbox.ts';
import { invitedCompanies } from './recipients.ts';

/** Pending reminders of the conference (and of its sub-conferences) become `skipped` with `reason`. */
export async function skipPendingReminders(tx: Executor, conferenceId: number, reason: string): Promise<void> {
  await tx
    .update(notification)
    .set({ status: 'skipped', error: reason, updated_at: new Date() })
    .where(
      and(
        eq(notification.status, 'scheduled'),
        inArray(
          notification.conference_id,
          tx
            .select({ id: conference.id })
            .from(conference)
            .where(or(eq(conference.id, conferenceId), eq(conference.parent_id, conferenceId))),
        ),
      ),
    );
}

/** Writes the reminder rows of a published conference for the companies invited to it (and its subs for a parent). */
export async function scheduleReminders(
  tx: Executor,
  queue: MailQueue,
  target: ConferenceRow,
  actor: string,
  now: Date,
  companyIds?: number[],
): Promise<void> {
  if (target.status !== 'published' || target.answer_deadline === null) return;
  const companies = companyIds ?? (await invitedCompanies(tx, target.id, target.parent_id === null));
  for (const { days_before, scheduled_for } of reminderTimes(target.answer_deadline, target.reminder_days, now)) {
    if (scheduled_for === null) continue;
    await writeOutbox(
      tx,
      queue,
      target,
      { kind: 'reminder', companyIds: companies, reminder: { days_before, scheduled_for } },
      actor,
    );
  }
}

/** Deadline or reminder days changed (or answering reopened): replace the pending reminders. */
export async function rescheduleReminders(
  tx: Executor,
  queue: MailQueue,
  target: ConferenceRow,
  actor: string,
  now: Date,
): Promise<void> {
  await tx
    .update(notification)
    .set({ status: 'skipped', error: SKIP.deadlineChanged, updated_at: now })
    .where(and(eq(notification.conference_id, target.id), eq(notification.status, 'scheduled')));
  await scheduleReminders(tx, queue, target, actor, now);
}

/** The conference's schedule as the conference screen shows it (GET …/conferences/{id}/notifications). */
export function reminderSchedule(
  target: Pick<ConferenceRow, 'answer_deadline' | 'reminder_days'>,
  now: Date,
): Array<{ days_before: number; scheduled_for: string | null }> {
  if (target.answer_deadline === null) return [];
  return reminderTimes(target.answer_deadline, target.reminder_days, now).map((r) => ({
    days_before: r.days_before,
    scheduled_for: r.scheduled_for?.toISOString() ?? null,
  }));
}
