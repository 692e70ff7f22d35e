/**
 * The every-minute scan of the mail-due job (DESIGN.md §11.2). PLACEHOLDER until the notification
 * rules land: the signature is the contract between the mail worker and the rules.
 *
 * Moves reminders whose `scheduled_for` has come to `queued` (or `skipped` with why: the deadline
 * passed, nothing unanswered, the conference no longer open) and re-enqueues `queued` rows whose job
 * was lost. Returns what it did, for logs and tests.
 */
import type { Db } from '../../db/client.ts';
import type { MailQueue } from '../../jobs/mail-queue.ts';

export interface DueResult {
  queued: number;
  skipped: number;
  requeued: number;
}

export async function processDueNotifications(_db: Db, _queue: MailQueue, _now: Date): Promise<DueResult> {
  return { queued: 0, skipped: 0, requeued: 0 };
}
