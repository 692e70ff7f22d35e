/**
 * `npm run worker`: an export and mail worker process (DESIGN.md §3 production mode). It needs the
 * shared PostgreSQL (DATABASE_URL), the shared storage and SMTP_URL/MAIL_FROM; run as many as the
 * load needs, beside the API processes (which then run with EXPORT_WORKER=off, MAIL_WORKER=off).
 * Outside production without SMTP_URL, mail goes to the local sink of an `npm start` on this machine
 * (127.0.0.1:SMTP_PORT). A killed worker's mail batch is sent again with the same Message-IDs.
 * SIGTERM/SIGINT finish the export in hand (up to 30 s) and stop; a killed worker's export is
 * retried by another (pg-boss heartbeats).
 */
import { ConfigError, loadSettings } from './config/env.ts';
import { createDb } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { startBoss } from './jobs/boss.ts';
import { startExportWorker } from './jobs/export-worker.ts';
import { createMailTransport } from './jobs/mail-transport.ts';
import { startMailWorker } from './jobs/mail-worker.ts';
import { exportSettingsFrom, workerPoolSize } from './jobs/settings.ts';
import { createStorage, storageSettingsFrom } from './storage/settings.ts';
import { createLogger } from './config/logger.ts';

const say = (line: string) => console.log(`[kaigi-worker] ${line}`);

/** Settings, storage and export settings; every problem reported at once (exit 1). */
function configuration() {
  try {
    const settings = loadSettings();
    const problems: string[] = [];
    const storage = storageSettingsFrom(process.env, settings, problems);
    const exports = exportSettingsFrom(process.env, settings, problems);
    if (!settings.databaseUrl) {
      problems.push('DATABASE_URL is required: a separate worker joins the API’s database (npm start runs one in-process)');
    }
    if (problems.length > 0) throw new ConfigError(problems);
    return {
      databaseUrl: settings.databaseUrl!,
      storage,
      exports,
      mail: settings.mail,
      origin: settings.publicOrigin ?? `http://${settings.host}:${settings.port}`,
      // the receipts' 受付票 are signed with the API's key: set ROOM_LINK_SECRET alike on both, or on neither
      roomLinkSecret: settings.roomLinkSecret,
      logLevel: settings.logLevel,
    };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main() {
  const config = configuration();
  const log = createLogger(config.logLevel);
  await runMigrations(config.databaseUrl);
  const { pool, db } = createDb(config.databaseUrl, { max: workerPoolSize(config.exports), applicationName: 'kaigi-worker' });
  const storage = await createStorage(config.storage);
  const boss = await startBoss(config.databaseUrl, {}, (err) => log.error({ err }, 'pg-boss'));
  const worker = await startExportWorker({
    boss,
    pool,
    db,
    storage,
    retentionDays: config.exports.retentionDays,
    concurrency: config.exports.concurrency,
    log: (message, err) => log.error({ err }, message),
  });
  const transport = createMailTransport(config.mail.smtpUrl ?? `smtp://127.0.0.1:${config.mail.sinkPort}`);
  const mailWorker = await startMailWorker({
    boss,
    pool,
    db,
    transport,
    from: config.mail.from,
    fromDomain: config.mail.fromDomain,
    origin: config.origin,
    roomLinkSecret: config.roomLinkSecret,
    log: (message, err) => (err ? log.error({ err }, message) : log.info(message)),
  });
  say(`ready (storage: ${config.storage.driver}, concurrency ${config.exports.concurrency})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: finishing the export and mail in hand…`);
    await worker.stop();
    await mailWorker.stop();
    await boss.stop({ graceful: true, timeout: 30_000 });
    transport.close();
    await pool.end();
    say('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('[kaigi-worker] failed to start:', err);
  process.exit(1);
});
