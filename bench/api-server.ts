/**
 * The API under benchmark, in a process of its own (started by bench/api.ts with child_process.fork):
 * the load generator and the raw-SQL floor must not share its event loop or its CPU account.
 *
 * Reads BENCH_API_CONFIG (JSON: databaseUrl, poolSize?, issuer, jwksUri, clientId, port?, roomLimits?,
 * jobs?), listens on a loopback port and answers the parent's IPC messages. With `jobs`, it runs as
 * `npm start` does: exports and imports on, done by the heavy jobs' own process
 * (server/jobs/job-child-host.ts).
 *   → { type: 'ready', address, jobsPid? }           once listening
 *   ← { type: 'cpu' }   → { type: 'cpu', ms, monoUs } CPU time of this process so far (all threads), and
 *                                                     its monotonic clock in µs: the clock of --cpu-prof's
 *                                                     timestamps (bench/profile/read.ts)
 *   ← { type: 'gc' }    → { type: 'gc', pauses }     the GC pauses (ms) since the last 'gc' message
 *   ← { type: 'stop' }                               closes the server and the pool, then exits
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { pino } from 'pino';
import { createServer } from '../server/app.ts';
import { createLogger } from '../server/config/logger.ts';
import { createDb } from '../server/db/client.ts';
import { poolSettingsFrom } from '../server/db/pool-settings.ts';
import type { RoomLimits } from '../server/lib/room/limits.ts';
import { startBoss } from '../server/jobs/boss.ts';
import { startJobChild } from '../server/jobs/job-child-host.ts';
import { LocalDiskDriver } from '../server/storage/local.ts';

export interface BenchApiConfig {
  databaseUrl: string;
  /** the API's pool; default the product's (DATABASE_POOL_SIZE, server/db/pool-settings.ts) */
  poolSize?: number;
  issuer: string;
  jwksUri: string;
  clientId: string;
  /** the port to listen on (bench/soak.ts behind a proxy); default any free port */
  port?: number;
  /** overrides of the room's limits (bench/room.ts issues its thousand viewer links at once) */
  roomLimits?: Partial<RoomLimits>;
  /** exports and imports as `npm start` runs them, files on a local disk */
  jobs?: { storageRoot: string; storageSecret: string };
}

export type ToParent =
  | { type: 'ready'; address: string; jobsPid?: number }
  | { type: 'cpu'; ms: number; monoUs: number }
  | { type: 'gc'; pauses: number[] };
export type ToChild = { type: 'cpu' } | { type: 'gc' } | { type: 'stop' };

const config = JSON.parse(process.env.BENCH_API_CONFIG ?? '{}') as BenchApiConfig;
const send = (message: ToParent) => process.send!(message);

// each collection's pause of this process's main thread: every request in flight waits it out
let gcPauses: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push(entry.duration);
}).observe({ entryTypes: ['gc'] });

// the pool as a deployed API process has it, whatever the load generator's concurrency
const poolSettings = poolSettingsFrom(process.env, []);
const { pool, db } = createDb(config.databaseUrl, {
  max: config.poolSize ?? poolSettings.size,
  connectionTimeoutMillis: poolSettings.timeoutMs,
});
const jobs = config.jobs;
const boss = jobs ? await startBoss(config.databaseUrl) : undefined;
const storage = jobs
  ? new LocalDiskDriver({ root: jobs.storageRoot, secret: Buffer.from(jobs.storageSecret, 'utf8') })
  : undefined;
const jobChild = jobs
  ? await startJobChild(
      {
        databaseUrl: config.databaseUrl,
        storage: {
          driver: 'local',
          root: jobs.storageRoot,
          secret: jobs.storageSecret,
          secretFile: `${jobs.storageRoot}.secret`,
        },
        retentionDays: 7,
        concurrency: 1,
        logLevel: 'warn',
      },
      (message) => console.error(`[bench api] ${message}`),
    )
  : undefined;
const app = await createServer(
  {
    pool,
    db,
    storage,
    boss,
    production: false,
    auth: { issuer: config.issuer, jwksUri: config.jwksUri, clientId: config.clientId },
    clientConfig: {
      apiBaseUrl: '',
      cognito: {
        region: 'ap-northeast-1',
        userPoolId: 'bench',
        userPoolClientId: config.clientId,
        authFlowType: 'USER_PASSWORD_AUTH',
        hostedLoginDomain: null,
      },
      sentry: { dsn: null, environment: 'bench' },
    },
    room: { limits: config.roomLimits },
  },
  // BENCH_API_LOG=info: the logger `npm start` runs with (server/config/logger.ts: a line per request
  // received and one per reply), its lines written to /dev/null as they would be to stdout
  process.env.BENCH_API_LOG
    ? { loggerInstance: createLogger(process.env.BENCH_API_LOG, pino.destination({ dest: '/dev/null', sync: true })) }
    : { logger: false },
);
const address = await app.listen({ host: '127.0.0.1', port: config.port ?? 0 });

process.on('message', async (message: ToChild) => {
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ type: 'cpu', ms: (user + system) / 1000, monoUs: Number(process.hrtime.bigint() / 1000n) });
  } else if (message.type === 'gc') {
    send({ type: 'gc', pauses: gcPauses });
    gcPauses = [];
  } else if (message.type === 'stop') {
    await app.close();
    await jobChild?.stop();
    await boss?.stop({ graceful: false });
    await pool.end();
    process.exit(0);
  }
});
// the parent died: do not linger
process.on('disconnect', () => process.exit(1));
send({ type: 'ready', address, jobsPid: jobChild?.pid });
