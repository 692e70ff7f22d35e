/**
 * npm run bench:smoke — every benchmark once at its smallest scale (issue 31), so a benchmark that
 * breaks is seen in CI the day it breaks. Nothing here is a measurement: the reports go to a
 * temporary folder (BENCH_RESULTS_DIR), bench/results keeps what was measured at full scale.
 *
 * One throwaway embedded PostgreSQL, a database of its own per benchmark (BENCH_DATABASE_URL), so
 * no smoke run seeds a smaller data set into a folder a full run would reuse.
 * BENCH_SMOKE_ONLY=bench:room,soak runs only those. bench:web needs the production build (dist/): built here when missing (CI built it for the journeys).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/infra/embedded-postgres.ts';
import { freePort } from '../server/infra/free-port.ts';
import { pooled } from './api-process.ts';

interface Smoke {
  name: string;
  args: string[];
  env?: Record<string, string>;
}

const tsx = (file: string, ...args: string[]) => ['--import', 'tsx', file, ...args];
const SMOKES: Smoke[] = [
  // the longest first, so the two lanes end together
  { name: 'bench:web', args: tsx('bench/web.ts') },
  { name: 'bench:api', args: tsx('bench/api.ts', '--duration=1', '--connections=2', '--scale=0.0005', '--rounds=1') },
  {
    name: 'bench:room',
    args: tsx('bench/room.ts', '--clients=8', '--messages=2', '--floor-round-trips=10'),
    // the run with jobs: a few hundred rows to import and export, not 80 000 and 100 000
    env: { BENCH_ROOM_SCALE: '0.002' },
  },
  {
    name: 'soak',
    args: ['--max-semi-space-size=4', ...tsx('bench/soak.ts')],
    env: {
      SOAK_DIRECT: '1',
      SOAK_SCALE: '0.0005',
      SOAK_SECONDS: '6',
      SOAK_USERS: '4',
      SOAK_SAMPLE_SECONDS: '2',
      SOAK_RAMP_SECONDS: '1',
      SOAK_THINK_MS: '100',
    },
  },
  { name: 'bench:export', args: tsx('bench/export.ts'), env: { BENCH_ROWS: '500', BENCH_RUNS: '1' } },
  { name: 'bench:import', args: tsx('bench/import.ts'), env: { BENCH_ROWS: '200', BENCH_ROUNDS: '1' } },
  { name: 'bench:vote', args: tsx('bench/vote.ts', '--voters=6', '--seconds=1', '--tally-runs=3') },
  { name: 'bench:mail', args: tsx('bench/mail.ts'), env: { BENCH_COMPANIES: '20' } },
];

/**
 * Runs a command; `output` collects what it prints instead of the terminal (two smoke runs at once
 * would interleave their lines), and it is printed whole when the command ends.
 */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, output?: Buffer[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    child.stdout?.on('data', (chunk: Buffer) => output?.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output?.push(chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')}: exit ${code ?? signal}`)),
    );
  });
}

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'kaigi-bench-smoke-'));
  chmodSync(tmp, 0o755); // embedded PostgreSQL runs as its own user when we are root
  const server = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'postgres'), port: await freePort() });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  const timings: string[] = [];
  try {
    if (!existsSync('dist/index.html')) await run('npx', ['vite', 'build'], process.env);
    // BENCH_SMOKE_ONLY=bench:room,soak: only those
    const only = process.env.BENCH_SMOKE_ONLY?.split(',');
    // two at a time (issue 31): a smoke run keeps about one core busy, waiting on its servers and
    // browser for the rest; they share nothing but the PostgreSQL server
    await pooled(
      SMOKES.filter((s) => !only || only.includes(s.name)),
      2,
      async (smoke) => {
        const database = `smoke_${smoke.name.replace(/\W/g, '_')}`;
        await admin.query(`create database ${database}`);
        const url = new URL(server.url);
        url.pathname = `/${database}`;
        const output: Buffer[] = [];
        const start = performance.now();
        try {
          await run(
            process.execPath,
            smoke.args,
            {
              ...process.env,
              ...smoke.env,
              BENCH_DATABASE_URL: url.toString(),
              BENCH_RESULTS_DIR: path.join(tmp, 'results'),
            },
            output,
          );
        } finally {
          process.stdout.write(`\n=== ${smoke.name} (smoke) ===\n${Buffer.concat(output).toString()}`);
        }
        timings.push(`${smoke.name} ${((performance.now() - start) / 1000).toFixed(1)} s`);
      },
    );
    console.log(
      `\nbench smoke runs passed (load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}): ${timings.join(', ')}`,
    );
  } finally {
    await admin.end();
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
