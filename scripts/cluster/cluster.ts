/**
 * A Kaigi cluster on one machine (issue 16, DESIGN.md §2): the embedded stack started once (PostgreSQL,
 * cognito-local with the demo accounts, the local SMTP server, migrations and seed, exactly as
 * `npm start`), then stateless processes sharing it: API processes (server/main.ts with
 * EXPORT_WORKER=off, MAIL_WORKER=off, TRUST_PROXY=1), worker processes (server/worker.ts) and nginx
 * in front on the URL `npm start` uses. `npm run start:cluster` and the fault test both use this.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Settings } from '../../server/config/env.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../server/infra/embedded-postgres.ts';
import { startStack, type Stack } from '../../server/infra/stack.ts';
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from '../../server/config/node-flags.ts';
import { startNginx, type Nginx } from './nginx.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ClusterOptions {
  settings: Settings;
  /** the API processes' ports (nginx's upstream), one per process */
  apiPorts: number[];
  workers: number;
  log?: (line: string) => void;
  /** the processes' output; default: dropped (errors still go to `log`) */
  processLog?: (name: string, line: string) => void;
  /** extra environment for the API and worker processes (tests) */
  env?: NodeJS.ProcessEnv;
}

export interface Cluster {
  /** nginx's URL: the one users open */
  url: string;
  stack: Stack;
  apiPorts: number[];
  /** SIGKILL API process `i` (no clean shutdown), then start it again */
  killApi(i: number): Promise<void>;
  startApi(i: number): Promise<void>;
  /** SIGKILL worker `i` */
  killWorker(i: number): Promise<void>;
  startWorker(i: number): Promise<void>;
  /** SIGSTOP / SIGCONT worker `i` (tests: make the other worker take the jobs) */
  pauseWorker(i: number, paused: boolean): void;
  /** stop PostgreSQL (fast shutdown: every connection is cut) and start it again on the same data */
  restartPostgres(): Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const { settings } = opts;
  const log = opts.log ?? (() => {});
  const pgOptions = { dataDir: path.join(settings.dataDir, 'postgres'), port: settings.embeddedPostgresPort };
  let postgres: EmbeddedPostgresHandle | null = null;
  let stack: Stack | null = null;
  let nginx: Nginx | null = null;
  const apis: Array<ChildProcess | null> = opts.apiPorts.map(() => null);
  const workers: Array<ChildProcess | null> = Array.from({ length: opts.workers }, () => null);

  const stopAll = async () => {
    await nginx?.stop();
    // the API processes end their streams and requests, the workers finish the export in hand
    await Promise.all([...apis, ...workers].map((child) => (child ? terminate(child, 'SIGTERM', 40_000) : undefined)));
    await stack?.stop();
    await postgres?.stop();
  };

  try {
    if (!settings.databaseUrl) {
      log('starting embedded PostgreSQL…');
      postgres = await startEmbeddedPostgres(pgOptions);
    }
    const databaseUrl = settings.databaseUrl ?? postgres!.url;
    stack = await startStack({ ...settings, databaseUrl }, log);
    const origin = `http://${settings.host}:${settings.port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      COGNITO_USER_POOL_ID: stack.clientConfig.cognito.userPoolId,
      COGNITO_CLIENT_ID: stack.clientConfig.cognito.userPoolClientId,
      ...(stack.clientConfig.cognito.endpoint ? { COGNITO_ENDPOINT: stack.clientConfig.cognito.endpoint } : {}),
      SMTP_URL: stack.smtpUrl,
      EXPORT_WORKER: 'off',
      MAIL_WORKER: 'off',
      // nginx is the one proxy in front of the API (deploy/nginx/kaigi.conf)
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: settings.publicOrigin ?? origin,
      // one local storage folder and signing key for every process (production: S3)
      KAIGI_DATA_DIR: settings.dataDir,
      ...opts.env,
    };
    const shared = stack;

    const startApi = async (i: number) => {
      const port = opts.apiPorts[i];
      const child = spawnTsx(
        'server/main.ts',
        { ...env, HOST: '127.0.0.1', PORT: String(port) },
        `api-${i + 1}`,
        opts,
        API_NODE_FLAGS,
      );
      apis[i] = child;
      await waitFor(child, `api-${i + 1}`, () => healthy(port));
    };
    const startWorker = async (i: number) => {
      const child = spawnTsx('server/worker.ts', env, `worker-${i + 1}`, opts, WORKER_NODE_FLAGS);
      workers[i] = child;
      await waitFor(child, `worker-${i + 1}`, async () => said(child, 'ready'));
    };

    log(`starting ${opts.apiPorts.length} API and ${opts.workers} worker processes…`);
    await Promise.all([...opts.apiPorts.map((_, i) => startApi(i)), ...workers.map((_, i) => startWorker(i))]);
    nginx = await startNginx({
      dir: path.join(settings.dataDir, 'nginx'),
      listen: { host: settings.host, port: settings.port },
      apiPorts: opts.apiPorts,
      log: (line) => log(`nginx: ${line}`),
    });

    return {
      url: origin,
      stack: shared,
      apiPorts: opts.apiPorts,
      async killApi(i) {
        await terminate(apis[i]!, 'SIGKILL');
      },
      startApi,
      async killWorker(i) {
        await terminate(workers[i]!, 'SIGKILL');
      },
      startWorker,
      pauseWorker(i, paused) {
        workers[i]!.kill(paused ? 'SIGSTOP' : 'SIGCONT');
      },
      async restartPostgres() {
        if (!postgres) throw new Error('restartPostgres: only the embedded PostgreSQL can be restarted');
        await postgres.stop();
        postgres = await startEmbeddedPostgres(pgOptions);
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/**
 * `node --import tsx <file>`: its output appended to `<data>/logs/<name>.log` and given to
 * processLog line by line; the last lines are kept for the error when it fails to start.
 */
function spawnTsx(
  file: string,
  env: NodeJS.ProcessEnv,
  name: string,
  opts: ClusterOptions,
  nodeFlags: readonly string[] = [],
): ChildProcess {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', file], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logDir = path.join(opts.settings.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const logFile = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  child.stdout!.pipe(logFile, { end: false });
  child.stderr!.pipe(logFile, { end: false });
  child.on('exit', (code, signal) => logFile.end(`[kaigi-cluster] ${name} exited (${code ?? signal})\n`));
  const lines: string[] = [];
  (child as ChildProcess & { lines: string[] }).lines = lines;
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (!line.trim()) continue;
        lines.push(line);
        if (lines.length > 60) lines.shift();
        opts.processLog?.(name, line);
      }
    });
  }
  return child;
}

function said(child: ChildProcess, word: string): boolean {
  return ((child as ChildProcess & { lines?: string[] }).lines ?? []).some((line) => line.includes(word));
}

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health`)).ok;
  } catch {
    return false;
  }
}

async function waitFor(child: ChildProcess, name: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const lines = (child as ChildProcess & { lines?: string[] }).lines ?? [];
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${lines.join('\n')}`);
    }
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not become ready in 120 s`);
}

/** Signals the process and waits for its exit; SIGKILL after `graceMs`. */
async function terminate(child: ChildProcess, signal: NodeJS.Signals, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGCONT'); // a paused worker (pauseWorker) must run to stop
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
