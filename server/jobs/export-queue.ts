import { sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss } from 'pg-boss';
import type { Executor } from '../lib/audit.ts';
import { EXPORT_QUEUE, type ExportJobData } from './boss.ts';

/** Puts an export_job row on the queue. */
export interface ExportQueue {
  /**
   * Inside the transaction `tx` that inserts the row: both commit or neither does, so there is never
   * a queued row nobody will run, nor a queue job for a row that does not exist.
   */
  enqueue(tx: Executor, exportJobId: number): Promise<void>;
}

export function exportQueueOf(boss: PgBoss): ExportQueue {
  return {
    async enqueue(tx, exportJobId) {
      const data: ExportJobData = { export_job_id: exportJobId };
      await boss.send(EXPORT_QUEUE, data, { db: fromDrizzle(tx, sql), singletonKey: `export-${exportJobId}` });
    },
  };
}
