/**
 * The worker's writes to an export_job row: queued → running → succeeded | failed (DESIGN.md §4).
 * An attempt is identified by its `started_at`: every later write of the attempt is conditional on
 * it, so an attempt the supervisor already gave up on (a stalled worker that wakes up) can no
 * longer change the row a newer attempt owns.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { export_job, type ExportJob } from '../db/schema.ts';
import type { SjisReplacement } from '../schemas/export.ts';

/** How often a job's progress reaches the row the console polls (exports and imports). */
export const PROGRESS_INTERVAL_MS = 500;

export interface Attempt {
  id: number;
  startedAt: Date;
}

const ofAttempt = (a: Attempt) =>
  and(eq(export_job.id, a.id), eq(export_job.started_at, a.startedAt), eq(export_job.status, 'running'));

export function exportState(db: Db) {
  return {
    /** Starts an attempt; null when the job is already finished (a duplicate delivery). */
    async claim(id: number): Promise<ExportJob | null> {
      const [row] = await db
        .update(export_job)
        .set({
          status: 'running',
          started_at: new Date(),
          finished_at: null,
          progress_done: 0,
          progress_total: null,
          replaced_char_count: null,
          replacements: null,
          error: null,
        })
        .where(and(eq(export_job.id, id), inArray(export_job.status, ['queued', 'running'])))
        .returning();
      return row ?? null;
    },

    async progress(a: Attempt, done: number, total?: number): Promise<void> {
      await db
        .update(export_job)
        .set({ progress_done: done, ...(total !== undefined ? { progress_total: total } : {}) })
        .where(ofAttempt(a));
    },

    async succeed(
      a: Attempt,
      result: {
        fileKey: string;
        rows: number;
        replacedCharCount: number | null;
        replacements?: SjisReplacement[] | null;
        expiresAt: Date;
      },
    ) {
      const done = await db
        .update(export_job)
        .set({
          status: 'succeeded',
          file_key: result.fileKey,
          progress_done: result.rows,
          progress_total: result.rows,
          replaced_char_count: result.replacedCharCount,
          replacements: result.replacements ?? null,
          finished_at: new Date(),
          expires_at: result.expiresAt,
        })
        .where(ofAttempt(a))
        .returning({ id: export_job.id });
      return done.length > 0;
    },

    /** The attempt stopped and pg-boss will retry: back to queued, with the reason for the user. */
    async awaitRetry(a: Attempt, reason: string): Promise<void> {
      await db.update(export_job).set({ status: 'queued', error: reason }).where(ofAttempt(a));
    },

    /** Final failure. Without an attempt (dead letter): whatever attempt was last left unfinished. */
    async fail(id: number, reason: string, a?: Attempt): Promise<void> {
      await db
        .update(export_job)
        .set({ status: 'failed', error: reason, finished_at: new Date() })
        .where(a ? ofAttempt(a) : and(eq(export_job.id, id), inArray(export_job.status, ['queued', 'running'])));
    },
  };
}

export type ExportState = ReturnType<typeof exportState>;
