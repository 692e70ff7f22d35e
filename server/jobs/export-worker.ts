/**
 * The export worker: takes export jobs off the pg-boss queue (issue 6). It runs inside the API
 * process in embedded mode and as `npm run worker` processes in production (DESIGN.md §3); any
 * number of them may run side by side.
 */
import type { PgBoss, JobWithMetadata } from 'pg-boss';
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import type { StorageDriver } from '../storage/driver.ts';
import { EXPORT_CLEANUP_QUEUE, EXPORT_DEAD_QUEUE, EXPORT_QUEUE, type ExportJobData } from './boss.ts';
import { deleteExpiredExports } from './export-cleanup.ts';
import { runExport } from './export-run.ts';
import { exportState } from './export-state.ts';
import { deleteOrphanUploads } from './upload-cleanup.ts';
import { deleteExpiredImportFiles } from './import-cleanup.ts';
import { startImportWorker } from './import-worker.ts';

export interface ExportWorkerOptions {
  boss: PgBoss;
  pool: pg.Pool;
  db: Db;
  storage: StorageDriver;
  retentionDays: number;
  /** exports this process runs at once (each holds a database connection and a file) */
  concurrency?: number;
  log?: (message: string, err?: unknown) => void;
  tmpDir?: string;
}

/** Why a job whose every attempt was lost (worker killed, machine gone) failed. */
export const ABANDONED_REASON =
  'ファイルの作成が中断されました（処理中のワーカーが停止したため再試行しましたが、上限に達しました）。';

/** Hourly, at minute 17 (off the hour, when scheduled work of other systems piles up). */
const CLEANUP_CRON = '17 * * * *';

export async function startExportWorker(opts: ExportWorkerOptions): Promise<{ stop(): Promise<void> }> {
  const log = opts.log ?? ((message, err) => console.error(`[kaigi] ${message}`, err ?? ''));
  const state = exportState(opts.db);
  const deps = { pool: opts.pool, state, storage: opts.storage, retentionDays: opts.retentionDays, tmpDir: opts.tmpDir };

  await opts.boss.work(
    EXPORT_QUEUE,
    {
      includeMetadata: true,
      batchSize: 1,
      localConcurrency: opts.concurrency ?? 1,
      pollingIntervalSeconds: 1,
      // NOTIFY wakes the worker for new jobs, not for retries (a crashed attempt's job coming due
      // again): keep polling often enough that a retry starts within seconds, not pg-boss's 30
      notifyPollingIntervalSeconds: 2,
    },
    async ([job]: JobWithMetadata<ExportJobData>[]) => {
      try {
        await runExport(deps, job.data.export_job_id, job.retryCount >= job.retryLimit);
      } catch (err) {
        log(`export job ${job.data.export_job_id} attempt ${job.retryCount + 1} failed`, err);
        throw err;
      }
    },
  );

  // every attempt failed, including attempts pg-boss gave up on because their worker stopped
  // sending heartbeats: the row must not stay "running" forever
  await opts.boss.work<{ export_job_id?: number }>(EXPORT_DEAD_QUEUE, { pollingIntervalSeconds: 5 }, async (jobs) => {
    for (const job of jobs) if (job.data.export_job_id) await state.fail(job.data.export_job_id, ABANDONED_REASON);
  });

  // the hourly storage clean-up: expired export files, uploads no conference kept, expired import files
  await opts.boss.work(EXPORT_CLEANUP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await deleteExpiredExports(opts.db, opts.storage);
    await deleteOrphanUploads(opts.db, opts.storage);
    await deleteExpiredImportFiles(opts.db, opts.storage, opts.retentionDays);
  });
  await opts.boss.schedule(EXPORT_CLEANUP_QUEUE, CLEANUP_CRON, null, { tz: 'Asia/Tokyo' });

  // imports run beside the exports, in the same processes (DESIGN.md §11.4)
  const imports = await startImportWorker({ ...opts, log });

  return {
    async stop() {
      for (const queue of [EXPORT_QUEUE, EXPORT_DEAD_QUEUE, EXPORT_CLEANUP_QUEUE]) await opts.boss.offWork(queue);
      await imports.stop();
    },
  };
}
