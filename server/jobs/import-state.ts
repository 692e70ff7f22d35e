/**
 * The worker's writes to an import_job row: queued → running → succeeded | failed, each later write
 * of an attempt conditional on its `started_at` (as export-state.ts: a stalled attempt cannot
 * overwrite a newer one's row).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { import_job, type ImportJob } from '../db/schema.ts';
import type { Attempt } from './export-state.ts';

const ofAttempt = (a: Attempt) =>
  and(eq(import_job.id, a.id), eq(import_job.started_at, a.startedAt), eq(import_job.status, 'running'));

export type ImportResult = Pick<ImportJob, 'counts' | 'errors' | 'warnings' | 'preview' | 'error_file_key'>;

export function importState(db: Db) {
  return {
    async claim(id: number): Promise<ImportJob | null> {
      const [row] = await db
        .update(import_job)
        .set({
          status: 'running',
          started_at: new Date(),
          finished_at: null,
          progress_done: 0,
          progress_total: null,
          error: null,
          error_code: null,
        })
        .where(and(eq(import_job.id, id), inArray(import_job.status, ['queued', 'running'])))
        .returning();
      return row ?? null;
    },

    async progress(a: Attempt, done: number, total?: number): Promise<void> {
      await db
        .update(import_job)
        .set({ progress_done: done, ...(total !== undefined ? { progress_total: total } : {}) })
        .where(ofAttempt(a));
    },

    /** Finished: succeeded, or failed with a reason (rows that stop an all-or-nothing import) and the result. */
    async finish(a: Attempt, result: ImportResult, failure?: { code: string; message: string }): Promise<void> {
      const rows = result.counts?.rows ?? 0;
      await db
        .update(import_job)
        .set({
          ...result,
          status: failure ? 'failed' : 'succeeded',
          error: failure?.message ?? null,
          error_code: failure?.code ?? null,
          progress_done: rows,
          progress_total: rows,
          finished_at: new Date(),
        })
        .where(ofAttempt(a));
    },

    async awaitRetry(a: Attempt, reason: string): Promise<void> {
      await db.update(import_job).set({ status: 'queued', error: reason }).where(ofAttempt(a));
    },

    /** A job that cannot run at all (file-level error, lost attempts): failed with its code and reason. */
    async fail(id: number, code: string, reason: string, a?: Attempt): Promise<void> {
      await db
        .update(import_job)
        .set({ status: 'failed', error: reason, error_code: code, finished_at: new Date() })
        .where(a ? ofAttempt(a) : and(eq(import_job.id, id), inArray(import_job.status, ['queued', 'running'])));
    },
  };
}

export type ImportState = ReturnType<typeof importState>;
