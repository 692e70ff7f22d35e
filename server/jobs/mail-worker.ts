/**
 * The mail worker (DESIGN.md §11.2): takes outbox rows off the mail queue in batches and sends
 * them (server/jobs/mail-send.ts), marks rows whose every attempt failed, and runs the every-minute
 * due scan (reminders whose time has come, queued rows that lost their job). In-process in
 * embedded mode (MAIL_WORKER), in `npm run worker` processes in production; any number side by side.
 */
import type { JobWithMetadata, JobResult, PgBoss } from 'pg-boss';
import { processDueNotifications } from '../lib/mail/due.ts';
import { MAIL_DEAD_QUEUE, MAIL_DUE_QUEUE, MAIL_QUEUE, mailQueueOf, type MailJobData } from './mail-queue.ts';
import { failNotifications, sendNotifications, type MailSendDeps } from './mail-send.ts';

export interface MailWorkerOptions extends MailSendDeps {
  boss: PgBoss;
  log?: (message: string, err?: unknown) => void;
  /** rows per batch (default 50) and batches at once (default 2) */
  batchSize?: number;
  concurrency?: number;
  /** run the every-minute due scan here (default true) */
  dueScan?: boolean;
}

/** Why a row whose every attempt was lost (its worker killed each time) failed. */
export const MAIL_ABANDONED_REASON =
  '送信処理が中断されました（処理中のワーカーが停止したため再試行しましたが、上限に達しました）。';

const DUE_CRON = '* * * * *';

export async function startMailWorker(opts: MailWorkerOptions): Promise<{ stop(): Promise<void> }> {
  const log = opts.log ?? ((message, err) => console.error(`[kaigi] ${message}`, err ?? ''));
  const deps = opts;

  await opts.boss.work(
    MAIL_QUEUE,
    {
      includeMetadata: true,
      perJobResults: true,
      batchSize: opts.batchSize ?? 50,
      localConcurrency: opts.concurrency ?? 2,
      // a publish queues thousands of rows: fetch the next batch at once while batches come full
      burstWhenBatchFull: true,
      pollingIntervalSeconds: 1,
      // NOTIFY wakes the worker for new rows, not for retries coming due: poll for those
      notifyPollingIntervalSeconds: 2,
    },
    async (jobs: JobWithMetadata<MailJobData>[]): Promise<JobResult[]> => {
      const byRow = new Map(jobs.map((job) => [job.data.notification_id, job]));
      const lastAttempt = jobs.every((job) => job.retryCount >= job.retryLimit);
      const outcomes = await sendNotifications(deps, [...byRow.keys()], lastAttempt);
      return outcomes.map((o) => {
        const job = byRow.get(o.id)!;
        if (o.status !== 'retry') return { id: job.id, status: 'completed', output: { status: o.status } };
        log(`mail ${o.id} attempt ${job.retryCount + 1} failed: ${o.error}`);
        return { id: job.id, status: 'failed', output: { error: o.error } };
      });
    },
  );

  // every attempt failed, including attempts pg-boss gave up on because their worker stopped
  // sending heartbeats: the row must not stay `queued` or `sending` for ever
  await opts.boss.work<{ notification_id?: number }>(
    MAIL_DEAD_QUEUE,
    { batchSize: 50, pollingIntervalSeconds: 5 },
    async (jobs) => {
      const ids = jobs.flatMap((job) => (job.data.notification_id ? [job.data.notification_id] : []));
      if (ids.length > 0) await failNotifications(opts.pool, ids, MAIL_ABANDONED_REASON);
    },
  );

  if (opts.dueScan ?? true) {
    const queue = mailQueueOf(opts.boss);
    await opts.boss.work(MAIL_DUE_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
      const result = await processDueNotifications(opts.db, queue, new Date());
      if (result.queued + result.skipped + result.requeued > 0) log(`mail due scan: ${JSON.stringify(result)}`);
    });
    await opts.boss.schedule(MAIL_DUE_QUEUE, DUE_CRON, null, { tz: 'Asia/Tokyo' });
  }

  return {
    async stop() {
      for (const queue of [MAIL_QUEUE, MAIL_DEAD_QUEUE, MAIL_DUE_QUEUE]) await opts.boss.offWork(queue);
    },
  };
}
