/** The thin runner: configuration, real components, the API on PORT, clean shutdown. */
import path from 'node:path';
import { ConfigError, loadSettings } from './config/env.ts';
import { createServer } from './app.ts';
import { startStack } from './infra/stack.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './infra/demo-accounts.ts';
import { createStorage } from './storage/settings.ts';
import { startBoss } from './jobs/boss.ts';
import { startJobChild } from './jobs/job-child-host.ts';
import { workerPoolSize } from './jobs/settings.ts';
import { createDb } from './db/client.ts';
import { startMailWorker } from './jobs/mail-worker.ts';
import { createMailTransport } from './jobs/mail-transport.ts';
import { createLogger } from './config/logger.ts';

async function main() {
  let settings;
  try {
    settings = loadSettings();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const say = (line: string) => console.log(`[kaigi] ${line}`);
  const verbose = settings.logLevel === 'debug' || settings.logLevel === 'trace';
  const stack = await startStack(settings, say, verbose ? say : undefined);
  const storage = await createStorage(settings.storage);
  const log = createLogger(settings.logLevel);
  const boss = await startBoss(stack.databaseUrl, {}, (err) => log.error({ err }, 'pg-boss'));
  const app = await createServer(
    {
      pool: stack.pool,
      db: stack.db,
      production: settings.production,
      trustProxy: settings.trustProxy,
      auth: stack.auth,
      clientConfig: stack.clientConfig,
      spaRoot: path.resolve(import.meta.dirname, '../dist'),
      storage,
      boss,
      publicOrigin: settings.publicOrigin,
      room: { linkSecret: settings.roomLinkSecret },
    },
    { loggerInstance: log },
  );

  // The in-process mail worker gets a pool of its own, and the API's pool is kept small
  // (server/db/pool-settings.ts).
  const workers = settings.mail.inProcessWorker
    ? createDb(stack.databaseUrl, { max: workerPoolSize(settings.exports), applicationName: 'kaigi-worker' })
    : null;

  // embedded mode: exports and imports run in a child process of this one, never on the API's
  // event loop (DESIGN.md §10); production runs `npm run worker` (EXPORT_WORKER=off)
  const worker = settings.exports.inProcessWorker
    ? await startJobChild(
        {
          databaseUrl: stack.databaseUrl,
          storage: settings.storage,
          retentionDays: settings.exports.retentionDays,
          concurrency: settings.exports.concurrency,
          logLevel: settings.logLevel,
        },
        (message) => log.error(message),
      )
    : null;

  // embedded mode: mail is sent from this process (to the local sink unless SMTP_URL is set);
  // production runs `npm run worker` (MAIL_WORKER=off)
  const origin = settings.publicOrigin ?? `http://${settings.host}:${settings.port}`;
  const transport = settings.mail.inProcessWorker ? createMailTransport(stack.smtpUrl) : null;
  const mailWorker =
    workers && transport
      ? await startMailWorker({
          boss,
          pool: workers.pool,
          db: workers.db,
          transport,
          from: settings.mail.from,
          fromDomain: settings.mail.fromDomain,
          origin,
          roomLinkSecret: settings.roomLinkSecret,
          log: (message, err) => (err ? log.error({ err }, message) : log.info(message)),
        })
      : null;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping…`);
    await app.close().catch((err: unknown) => console.error(err));
    await worker?.stop().catch((err: unknown) => console.error(err));
    await mailWorker?.stop().catch((err: unknown) => console.error(err));
    await boss.stop({ graceful: true, timeout: 10_000 }).catch((err: unknown) => console.error(err));
    // pg-boss drops its listeners on stop; a pooled connection that PostgreSQL's own shutdown
    // then terminates (57P01) must not crash the exit.
    boss.on('error', () => {});
    transport?.close();
    await workers?.pool.end().catch((err: unknown) => console.error(err));
    await stack.stop();
    say('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: settings.host, port: settings.port });
  const url = `http://${settings.host}:${settings.port}`;
  say(`Kaigi is running: ${url}/login`);
  if (stack.mailSink) say(`mail is not sent out: every message is saved in ${stack.mailSink.dir}/*.eml`);
  if (stack.cognitoLocalEndpoint) {
    say(`demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) say(`  ${a.email.padEnd(28)} ${a.userType}`);
  }
}

main().catch((err: unknown) => {
  console.error('[kaigi] failed to start:', err);
  process.exit(1);
});
