/**
 * The heavy jobs' own process in the embedded default (DESIGN.md §10, issue 29): `npm start` forks
 * this file (job-child-host.ts) so that exports and imports never run on the API's event loop and
 * have a memory limit of their own, as `npm run worker` processes do in production. It runs the
 * export worker (imports and the hourly clean-up with it) on its own pg-boss and pool; mail stays
 * in the API process. SIGTERM/SIGINT, or the API gone (the IPC channel closed), finish the job in
 * hand (up to 30 s) and exit; a killed child's job is retried by pg-boss once its heartbeats stop.
 */
import { createDb } from '../db/client.ts';
import { createLogger } from '../config/logger.ts';
import { createStorage } from '../storage/settings.ts';
import { startBoss } from './boss.ts';
import { startExportWorker } from './export-worker.ts';
import { JOB_CHILD_CONFIG_ENV, type JobChildConfig, type JobChildMessage } from './job-child-config.ts';

async function main() {
  const config = JSON.parse(process.env[JOB_CHILD_CONFIG_ENV] ?? '') as JobChildConfig;
  const log = createLogger(config.logLevel).child({ process: 'jobs' });
  const { pool, db } = createDb(config.databaseUrl, { max: config.concurrency + 3, applicationName: 'kaigi-jobs' });
  const storage = await createStorage(config.storage);
  const boss = await startBoss(config.databaseUrl, config.boss ?? {}, (err) => log.error({ err }, 'pg-boss'));
  const worker = await startExportWorker({
    boss,
    pool,
    db,
    storage,
    retentionDays: config.retentionDays,
    concurrency: config.concurrency,
    tmpDir: config.tmpDir,
    log: (message, err) => log.error({ err }, message),
  });
  const send = (message: JobChildMessage) => process.send?.(message);
  send({ type: 'ready', pid: process.pid });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await worker.stop();
    await boss.stop({ graceful: true, timeout: 30_000 });
    boss.on('error', () => {});
    await pool.end();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  process.on('disconnect', () => void shutdown());
}

main().catch((err: unknown) => {
  console.error('[kaigi-jobs] failed to start:', err);
  process.exit(1);
});
