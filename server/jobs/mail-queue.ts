import { sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss } from 'pg-boss';
import type { Executor } from '../lib/audit.ts';

/** One notification row to send (DESIGN.md §11.2). */
export const MAIL_QUEUE = 'mail';
/** Mail whose every attempt failed: the row is marked failed with the last error. */
export const MAIL_DEAD_QUEUE = 'mail-dead';
/** Every minute: reminders whose time has come, and queued rows that lost their job. */
export const MAIL_DUE_QUEUE = 'mail-due';

export interface MailJobData {
  notification_id: number;
}

/** Puts queued notification rows on the mail queue. */
export interface MailQueue {
  /**
   * Inside the transaction `tx` that writes the rows (status `queued`): both commit or neither does.
   * A row whose job is lost anyway is picked up by the every-minute due scan.
   */
  enqueue(tx: Executor, notificationIds: number[]): Promise<void>;
}

export function mailQueueOf(boss: PgBoss): MailQueue {
  return {
    async enqueue(tx, ids) {
      if (ids.length === 0) return;
      const db = fromDrizzle(tx, sql);
      await boss.insert(
        MAIL_QUEUE,
        ids.map((id) => ({ data: { notification_id: id } satisfies MailJobData, singletonKey: `mail-${id}` })),
        { db },
      );
    },
  };
}

/** Without pg-boss (API-only tests): the rows stay `queued` for the due scan of a worker. */
export const noMailQueue: MailQueue = { enqueue: async () => {} };
