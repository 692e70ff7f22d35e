/**
 * The import worker (DESIGN.md §11.4): takes import jobs off their pg-boss queue, beside the
 * exports and with their process (startExportWorker starts it: the API in embedded mode, `npm run
 * worker` in production).
 */
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import type { StorageDriver } from '../storage/driver.ts';
import { importMessages as m } from '../lib/import/messages.ts';
import { IMPORT_DEAD_QUEUE, IMPORT_QUEUE, type ImportJobData } from './boss.ts';
import { runImport } from './import-run.ts';
import { importState } from './import-state.ts';

export interface ImportWorkerOptions {
  boss: PgBoss;
  pool: pg.Pool;
  db: Db;
  storage: StorageDriver;
  log: (message: string, err?: unknown) => void;
  tmpDir?: string;
}

export async function startImportWorker(opts: ImportWorkerOptions): Promise<{ stop(): Promise<void> }> {
  const state = importState(opts.db);
  const deps = { pool: opts.pool, state, storage: opts.storage, tmpDir: opts.tmpDir };
  await opts.boss.work(
    IMPORT_QUEUE,
    { includeMetadata: true, batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 2 },
    async ([job]: JobWithMetadata<ImportJobData>[]) => {
      try {
        await runImport(deps, job.data.import_job_id, job.retryCount >= job.retryLimit);
      } catch (err) {
        opts.log(`import job ${job.data.import_job_id} attempt ${job.retryCount + 1} failed`, err);
        throw err;
      }
    },
  );
  await opts.boss.work<{ import_job_id?: number }>(IMPORT_DEAD_QUEUE, { pollingIntervalSeconds: 5 }, async (jobs) => {
    for (const job of jobs) if (job.data.import_job_id) await state.fail(job.data.import_job_id, 'import_abandoned', m.abandoned());
  });
  return {
    async stop() {
      for (const queue of [IMPORT_QUEUE, IMPORT_DEAD_QUEUE]) await opts.boss.offWork(queue);
    },
  };
}
