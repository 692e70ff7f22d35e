/**
 * pg-boss: the job queue in the application's PostgreSQL (DESIGN.md §2). The API enqueues in the
 * transaction that creates the export_job row; workers (in-process in embedded mode, `npm run
 * worker` in production) take the jobs. pg-boss keeps its tables in its own `pgboss` schema.
 */
import { PgBoss, type ConstructorOptions, type Queue } from 'pg-boss';
import { MAIL_DEAD_QUEUE, MAIL_DUE_QUEUE, MAIL_QUEUE } from './mail-queue.ts';

/** One export_job row to produce. */
export const EXPORT_QUEUE = 'export';
/** Export jobs whose every attempt failed (crashes included): the export_job row is marked failed. */
export const EXPORT_DEAD_QUEUE = 'export-dead';
/** Hourly: delete export files past their expiry. */
export const EXPORT_CLEANUP_QUEUE = 'export-cleanup';

export interface ExportJobData {
  export_job_id: number;
}

/** One import_job row to run (DESIGN.md §11.4), beside the exports and with their retry rules. */
export const IMPORT_QUEUE = 'import';
export const IMPORT_DEAD_QUEUE = 'import-dead';

export interface ImportJobData {
  import_job_id: number;
}

/**
 * A crashed worker stops sending heartbeats; after `heartbeatSeconds` (pg-boss's minimum, 10 s) the
 * supervisor fails the attempt and the job is retried. Three retries, 5 s apart, then the
 * dead-letter queue. An attempt may run at most an hour (a national-scale export takes seconds).
 */
const EXPORT_QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  retryLimit: 3,
  retryDelay: 5,
  heartbeatSeconds: 10,
  expireInSeconds: 3600,
  deadLetter: EXPORT_DEAD_QUEUE,
  // a new export wakes an idle worker at once (LISTEN/NOTIFY) instead of at its next poll
  notify: true,
};

/**
 * One job per notification row (DESIGN.md §11.2). `exclusive`: at most one job per row (singletonKey
 * `mail-{id}`) waiting, retrying or running, so two workers never send one row at once and the due
 * scan's re-enqueue of a row that still has its job is a no-op. An SMTP error is retried with
 * back-off (about 10 s, 20 s, 40 s, 80 s, 160 s); a killed worker's batch after its heartbeats stop.
 */
const MAIL_QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  policy: 'exclusive',
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 600,
  heartbeatSeconds: 10,
  expireInSeconds: 600,
  deadLetter: MAIL_DEAD_QUEUE,
  notify: true,
};

export type BossOptions = Pick<ConstructorOptions, 'superviseIntervalSeconds' | 'monitorIntervalSeconds' | 'max'>;

/**
 * A started pg-boss on `connectionString` with the export and mail queues in place. `onError` gets the
 * failures of its own maintenance (the process logger: server/config/logger.ts).
 */
export async function startBoss(
  connectionString: string,
  opts: BossOptions = {},
  onError: (err: unknown) => void = (err) => console.error('[kaigi] pg-boss:', err),
): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, application_name: 'kaigi-jobs', max: 4, useListenNotify: true, ...opts });
  // without a listener an 'error' event would crash the process
  boss.on('error', onError);
  await boss.start();
  // the dead-letter queue must exist before the queue that names it
  await boss.createQueue(EXPORT_DEAD_QUEUE, { retryLimit: 3 });
  await boss.createQueue(EXPORT_QUEUE, EXPORT_QUEUE_OPTIONS);
  await boss.createQueue(EXPORT_CLEANUP_QUEUE, { retryLimit: 1 });
  await boss.createQueue(IMPORT_DEAD_QUEUE, { retryLimit: 3 });
  await boss.createQueue(IMPORT_QUEUE, { ...EXPORT_QUEUE_OPTIONS, deadLetter: IMPORT_DEAD_QUEUE });
  await boss.createQueue(MAIL_DEAD_QUEUE, { retryLimit: 3 });
  await boss.createQueue(MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
  // every minute; one scan at a time
  await boss.createQueue(MAIL_DUE_QUEUE, { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 });
  return boss;
}
