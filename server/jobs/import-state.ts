/**
 * The worker's writes to an import_job row: queued → running → succeeded | failed, each later write
 * of an attempt conditional on its `started_at` (as export-state.ts: a stalled attempt cannot
 * overwrite a newer one's row). A job that ends failed keeps no change list (issue 33): nothing was
 * written, and what a stopped apply would have changed is its dry run's list.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { import_change, import_job, type ImportJob } from '../db/schema.ts';
import type { Attempt } from './export-state.ts';

const ofAttempt = (a: Attempt) =>
  and(eq(import_job.id, a.id), eq(import_job.started_at, a.startedAt), eq(import_job.status, 'running'));

export type ImportResult = Pick<ImportJob, 'counts' | 'errors' | 'warnings' | 'preview' | 'error_file_key'>;

export function importState(db: Db) {
  /** The row update of a finish or a failure; a failed job's change list goes with it. */
  const end = async (where: SQL | undefined, values: Partial<ImportJob>) => {
    await db.transaction(async (tx) => {
      const ended = await tx.update(import_job).set(values).where(where).returning({ id: import_job.id });
      if (values.status === 'failed' && ended.length > 0)
        await tx.delete(import_change).where(eq(import_change.import_job_id, ended[0].id));
    });
  };
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

    /** The rows a finished dry run read: the total an apply of its file shows progress against. */
    async rowsOf(id: number): Promise<number | undefined> {
      const [row] = await db.select({ counts: import_job.counts }).from(import_job).where(eq(import_job.id, id));
      return row?.counts?.rows;
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
      await end(ofAttempt(a), {
        ...result,
        status: failure ? 'failed' : 'succeeded',
        error: failure?.message ?? null,
        error_code: failure?.code ?? null,
        progress_done: rows,
        progress_total: rows,
        finished_at: new Date(),
      });
    },

    async awaitRetry(a: Attempt, reason: string): Promise<void> {
      await db.update(import_job).set({ status: 'queued', error: reason }).where(ofAttempt(a));
    },

    /** A job that cannot run at all (file-level error, lost attempts): failed with its code and reason. */
    async fail(id: number, code: string, reason: string, a?: Attempt): Promise<void> {
      await end(a ? ofAttempt(a) : and(eq(import_job.id, id), inArray(import_job.status, ['queued', 'running'])), {
        status: 'failed',
        error: reason,
        error_code: code,
        finished_at: new Date(),
      });
    },
  };
}

export type ImportState = ReturnType<typeof importState>;
