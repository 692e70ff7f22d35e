/**
 * What bench/api.ts and bench/soak.ts share: the throwaway national-scale database and the API in a
 * process of its own (bench/api-server.ts).
 */
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/infra/embedded-postgres.ts';
import { API_NODE_FLAGS } from '../server/config/node-flags.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { LARGE_CCI_CODE, seedNational } from '../scripts/seed/national.ts';
import type { BenchApiConfig, ToChild, ToParent } from './api-server.ts';

/** BENCH_DATA_DIR / BENCH_PG_PORT: another throwaway database where two worktrees bench at once */
const BENCH_DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/kaigi-bench/postgres';
const BENCH_PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55439);

export async function database(): Promise<{ url: string; dataDir: string | null; stop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, dataDir: null, stop: async () => {} };
  mkdirSync(path.dirname(BENCH_DATA_DIR), { recursive: true, mode: 0o755 });
  const server = await startEmbeddedPostgres({ dataDir: BENCH_DATA_DIR, port: BENCH_PG_PORT });
  return { url: server.url, dataDir: BENCH_DATA_DIR, stop: server.stop };
}

export async function ensureSeeded(url: string, scale = 1) {
  await runMigrations(url);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query('select count(*)::int as n from chamber where cci_code = $1', [LARGE_CCI_CODE]);
  await pool.end();
  if (rows[0].n > 0) return;
  console.log('seeding national-scale data (a few minutes)…');
  await seedNational(url, { scale });
}

/** Starts bench/api-server.ts in a child process: this process's Node flags (the tsx loader) and the API's own. */
export function startApi(config: BenchApiConfig) {
  return startChild(new URL('./api-server.ts', import.meta.url), { BENCH_API_CONFIG: JSON.stringify(config) }, [
    ...API_NODE_FLAGS,
    ...(process.env.BENCH_API_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROF}`] : []),
    ...(process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ]);
}

/** Starts bench/http-sql-floor-server.ts (the HTTP floor, issue 37) in a child process, with the API's Node flags. */
export function startHttpFloor(config: { databaseUrl: string; connections: number }) {
  return startChild(new URL('./http-sql-floor-server.ts', import.meta.url), { BENCH_FLOOR_CONFIG: JSON.stringify(config) }, [
    ...API_NODE_FLAGS,
  ]);
}

/**
 * A benchmark's server in a child process speaking bench/api-server.ts's IPC messages.
 * BENCH_API_PROF=dir: a V8 CPU profile of the API process, written there when it stops;
 * BENCH_API_NODE_ARGS: more Node / V8 flags for the API processes only (e.g. '--trace-gc').
 */
async function startChild(script: URL, env: Record<string, string>, nodeArgs: string[]) {
  const child = fork(script, [], { env: { ...process.env, ...env }, execArgv: [...process.execArgv, ...nodeArgs] });
  const next = <T extends ToParent['type']>(type: T) =>
    new Promise<Extract<ToParent, { type: T }>>((resolve, reject) => {
      const onMessage = (m: ToParent) => {
        if (m.type !== type) return;
        child.off('exit', onExit);
        child.off('message', onMessage);
        resolve(m as Extract<ToParent, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`${script.pathname} exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const send = (m: ToChild) => child.send(m);
  const { address } = await next('ready');
  return {
    address,
    pid: child.pid!,
    /** CPU ms of the API process so far, and its monotonic clock (µs) when it answered */
    cpu: async () => {
      const reply = next('cpu');
      send({ type: 'cpu' });
      const { ms, monoUs } = await reply;
      return { ms, monoUs };
    },
    /** the API process's GC pauses (ms) since the last call */
    gcPauses: async () => {
      const reply = next('gc');
      send({ type: 'gc' });
      return (await reply).pauses;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        send({ type: 'stop' });
      }),
  };
}
