import { sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss } from 'pg-boss';
import type { Executor } from '../lib/audit.ts';
import { IMPORT_QUEUE, type ImportJobData } from './boss.ts';

/** Puts an import_job row on the queue, in the transaction that inserts it (as ExportQueue). */
export interface ImportQueue {
  enqueue(tx: Executor, importJobId: number): Promise<void>;
}

export function importQueueOf(boss: PgBoss): ImportQueue {
  return {
    async enqueue(tx, importJobId) {
      const data: ImportJobData = { import_job_id: importJobId };
      await boss.send(IMPORT_QUEUE, data, { db: fromDrizzle(tx, sql), singletonKey: `import-${importJobId}` });
    },
  };
}
