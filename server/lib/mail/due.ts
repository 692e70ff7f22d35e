/**
 * The every-minute scan of the mail-due job (DESIGN.md §11.2).
 *
 * Moves reminders whose `scheduled_for` has come to `queued` (or `skipped` with why: the deadline
 * passed, the conference no longer open, nothing unanswered) and re-enqueues `queued` rows whose job
 * was lost. Rows are taken with FOR UPDATE SKIP LOCKED, so two workers never take the same row.
 * Returns what it did, for logs and tests.
 */
import { and, asc, eq, inArray, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conference, notification } from '../../db/schema.ts';
import type { MailQueue } from '../../jobs/mail-queue.ts';
import type { Executor } from '../audit.ts';
import { SKIP } from './outbox.ts';
import { companiesWithUnanswered } from './recipients.ts';

export interface DueResult {
  queued: number;
  skipped: number;
  requeued: number;
}

/** A queued row older than this without being sent has lost its job (the enqueue is in its transaction). */
const LOST_AFTER_MS = 60_000;
const BATCH = 500;

async function whyNot(tx: Executor, row: typeof notification.$inferSelect, now: Date): Promise<string | null> {
  const [target] = await tx
    .select({ status: conference.status, answer_deadline: conference.answer_deadline, parent_id: conference.parent_id })
    .from(conference)
    .where(eq(conference.id, row.conference_id));
  if (target.answer_deadline !== null && target.answer_deadline.getTime() <= now.getTime()) return SKIP.deadlinePassed;
  if (target.status !== 'published') return SKIP.conferenceNotOpen;
  const unanswered = await companiesWithUnanswered(tx, row.conference_id, target.parent_id === null, [row.company_id]);
  return unanswered.length === 0 ? SKIP.nothingUnanswered : null;
}

export async function processDueNotifications(db: Db, queue: MailQueue, now: Date): Promise<DueResult> {
  return db.transaction(async (tx) => {
    const result: DueResult = { queued: 0, skipped: 0, requeued: 0 };
    const due = await tx
      .select()
      .from(notification)
      .where(and(eq(notification.status, 'scheduled'), lte(notification.scheduled_for, now)))
      .orderBy(asc(notification.scheduled_for), asc(notification.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const toQueue: number[] = [];
    for (const row of due) {
      const reason = await whyNot(tx, row, now);
      if (reason === null) toQueue.push(row.id);
      else {
        await tx
          .update(notification)
          .set({ status: 'skipped', error: reason, updated_at: now })
          .where(eq(notification.id, row.id));
        result.skipped += 1;
      }
    }
    if (toQueue.length > 0) {
      await tx.update(notification).set({ status: 'queued', updated_at: now }).where(inArray(notification.id, toQueue));
    }
    const lost = await tx
      .select({ id: notification.id })
      .from(notification)
      .where(and(eq(notification.status, 'queued'), lt(notification.updated_at, new Date(now.getTime() - LOST_AFTER_MS))))
      .orderBy(asc(notification.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (lost.length > 0) {
      await tx
        .update(notification)
        .set({ updated_at: now })
        .where(
          inArray(
            notification.id,
            lost.map((r) => r.id),
          ),
        );
    }
    await queue.enqueue(tx, [...toQueue, ...lost.map((r) => r.id)]);
    result.queued = toQueue.length;
    result.requeued = lost.length;
    return result;
  });
}
