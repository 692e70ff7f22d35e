/**
 * npm run bench:export — 100 000-row exports through the real worker path (issue 6, DESIGN.md §9):
 * PostgreSQL cursor → row source → XLSX / CSV writer → temporary file → storage (local disk), the
 * job row updated as the console would see it. Prints rows/s and peak RSS growth beside the
 * raw-SQL floor (the same query read through the same cursor, nothing written) and writes
 * bench/results/export.md. Budget: ≥ 50 000 rows/s, < 150 MB peak RSS growth.
 *
 *   npm run bench:export                    throwaway embedded PostgreSQL in /tmp/kaigi-bench-export (seeded once, reused)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:export
 *
 * Each scenario runs three times, each in a fresh process (`--run=type:format`) so one run's heap
 * does not hide the next one's growth; the median time and the largest RSS growth are reported. RSS
 * is sampled every 5 ms from just before the export starts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { writeResult } from './results-dir.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { startEmbeddedPostgres } from '../server/infra/embedded-postgres.ts';
import { runExport } from '../server/jobs/export-run.ts';
import { exportState } from '../server/jobs/export-state.ts';
import { SOURCES } from '../server/jobs/sources/index.ts';
import { seedMembers } from './export-seed.ts';
import { dateFormatter } from '../server/lib/export-dates.ts';
import { LocalDiskDriver } from '../server/storage/local.ts';
import type { ExportFormat, ExportJobParams, TableType } from '../server/schemas/export.ts';

const CCI = 'bench-export';
/** BENCH_ROWS / BENCH_RUNS: a smaller run for the CI smoke run (bench/smoke.ts) */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_ROWS_PER_S = 50_000;
const BUDGET_RSS_MB = 150;

/** the row exports (the 議事録 is one document, not a table to measure) */
interface Scenario {
  type: TableType;
  format: ExportFormat;
}
const SCENARIOS: Scenario[] = [
  { type: 'members', format: 'xlsx' },
  { type: 'members', format: 'csv_utf8' },
  { type: 'members', format: 'csv_sjis' },
  { type: 'attendance', format: 'xlsx' },
  { type: 'attendance', format: 'csv_utf8' },
];

interface Result {
  rows: number;
  seconds: number;
  rssGrowthMb: number;
  floorSeconds: number;
  fileMb: number;
}

const { values: args } = parseArgs({ options: { run: { type: 'string' }, url: { type: 'string' } } });

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  const dataDir = '/tmp/kaigi-bench-export/postgres';
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  const server = await startEmbeddedPostgres({ dataDir, port: 55449 });
  return { url: server.url, stop: server.stop };
}

/** 2 000 companies, 100 000 members with a position each, a conference (+ sub) inviting all of them. */
async function ensureSeeded(url: string): Promise<number> {
  await runMigrations(url);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const existing = await pool.query<{ id: number }>(`select id from conference where cci_code = $1 and parent_id is null`, [
      CCI,
    ]);
    if (existing.rows[0]) return existing.rows[0].id;
    console.log(`seeding ${ROWS} members…`);
    await pool.query('begin');
    await pool.query(`insert into chamber (cci_code, name) values ($1, 'ベンチ商工会議所')`, [CCI]);
    await seedMembers(pool, CCI, ROWS);
    const { rows } = await pool.query<{ id: number }>(
      `insert into conference (cci_code, name, event_date, status) values ($1, '第1回 ベンチ総会', now() + interval '30 days', 'published') returning id`,
      [CCI],
    );
    const main = rows[0].id;
    const sub = (
      await pool.query<{ id: number }>(
        `insert into conference (cci_code, parent_id, name, event_date, status) values ($1, $2, '懇親会', now() + interval '30 days', 'published') returning id`,
        [CCI, main],
      )
    ).rows[0].id;
    await pool.query(
      `insert into conference_member (cci_code, conference_id, company_id, member_id, answer_content, proxy_name, proxy_title, sort, answered_at)
       select $1, $2, company_id, id, (array['attend','absent','proxy_attend',null])[1 + id % 4],
              case when id % 4 = 2 then '代理 花子' end, case when id % 4 = 2 then '専務取締役' end,
              row_number() over (order by id), now() - (id % 30) * interval '1 day'
         from member where cci_code = $1`,
      [CCI, main],
    );
    await pool.query(
      `insert into conference_member (cci_code, conference_id, company_id, member_id, answer_content, sort, answered_at)
       select $1, $2, company_id, id, 'attend', row_number() over (order by id), now()
         from member where cci_code = $1 and id % 3 = 0`,
      [CCI, sub],
    );
    await pool.query('commit');
    await pool.query('analyze');
    return main;
  } finally {
    await pool.end();
  }
}

/** One export, in this (fresh) process. */
async function runOne(url: string, scenario: Scenario, conferenceId: number): Promise<Result> {
  const { pool, db } = createDb(url, { max: 4 });
  const root = await mkdtemp(path.join(os.tmpdir(), 'kaigi-bench-objects-'));
  const storage = new LocalDiskDriver({ root, secret: Buffer.alloc(32, 1) });
  const params: ExportJobParams = {
    order: 'protocol',
    date_style: 'japanese',
    ...(scenario.type === 'members' ? { as_of: '2030-01-01' } : { conference_id: conferenceId }),
  };
  try {
    // the raw-SQL floor: the source's own query through the same cursor and batch size, nothing written
    const floorStart = performance.now();
    const client = await pool.connect();
    await client.query('begin isolation level repeatable read read only');
    const source = await SOURCES[scenario.type]({ client, cciCode: CCI, params, dates: dateFormatter('japanese') });
    await client.query(`declare c no scroll cursor for ${source.rows.text}`, source.rows.values);
    while ((await client.query('fetch 5000 from c')).rows.length > 0);
    await client.query('commit');
    client.release();
    const floorSeconds = (performance.now() - floorStart) / 1000;

    const { rows } = await pool.query<{ id: number }>(
      `insert into export_job (cci_code, created_by, type, format, params) values ($1, 'bench', $2, $3, $4) returning id`,
      [CCI, scenario.type, scenario.format, params],
    );
    (globalThis as { gc?: () => void }).gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const start = performance.now();
    const outcome = await runExport({ pool, state: exportState(db), storage, retentionDays: 1 }, rows[0].id, true);
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (outcome !== 'succeeded') throw new Error(`export ${outcome}`);
    const job = (await pool.query('select progress_done, file_key from export_job where id = $1', [rows[0].id])).rows[0];
    const file = await storage.open(job.file_key);
    return { rows: job.progress_done, seconds, rssGrowthMb: (peak - baseline) / 1e6, floorSeconds, fileMb: file!.size / 1e6 };
  } finally {
    await pool.end();
    await rm(root, { recursive: true, force: true });
  }
}

async function main() {
  if (args.run) {
    const [type, format] = args.run.split(':') as [TableType, ExportFormat];
    const [url, conference] = args.url!.split('#');
    console.log(JSON.stringify(await runOne(url, { type, format }, Number(conference))));
    return;
  }
  const db = await database();
  try {
    const conferenceId = await ensureSeeded(db.url);
    const load = os.loadavg()[0].toFixed(2);
    const runChild = (scenario: Scenario): Result => {
      const child = spawnSync(
        process.execPath,
        [
          '--expose-gc',
          '--import',
          'tsx',
          'bench/export.ts',
          `--run=${scenario.type}:${scenario.format}`,
          `--url=${db.url}#${conferenceId}`,
        ],
        { encoding: 'utf8' },
      );
      if (child.status !== 0) throw new Error(child.stderr);
      return JSON.parse(child.stdout.trim().split('\n').pop()!);
    };
    runChild(SCENARIOS[1]); // warms the OS page cache and PostgreSQL's buffers
    const lines: string[] = [];
    for (const scenario of SCENARIOS) {
      // the median of three runs (by time): a shared machine's noise moves single runs by ±10 %
      const runs = Array.from({ length: RUNS }, () => runChild(scenario)).sort((a, b) => a.seconds - b.seconds);
      const r = { ...runs[Math.floor(RUNS / 2)], rssGrowthMb: Math.max(...runs.map((x) => x.rssGrowthMb)) };
      const rate = r.rows / r.seconds;
      const floorRate = r.rows / r.floorSeconds;
      const met = rate >= BUDGET_ROWS_PER_S && r.rssGrowthMb < BUDGET_RSS_MB;
      const line = `| ${scenario.type} | ${scenario.format} | ${r.rows} | ${r.seconds.toFixed(2)} | ${Math.round(rate)} | ${r.rssGrowthMb.toFixed(0)} | ${r.fileMb.toFixed(1)} | ${Math.round(floorRate)} | ${(rate / floorRate).toFixed(2)} | ${met ? 'met' : 'MISSED'} |`;
      console.log(line);
      lines.push(line);
    }
    const report = [
      '# Export benchmark (npm run bench:export)',
      '',
      `Run ${new Date().toISOString()} on ${process.platform}/${process.arch}, ${os.cpus().length} CPUs, Node ${process.version}; load average ${load} at start.`,
      `Each export: ${ROWS} rows through the worker path (PostgreSQL cursor → row source → writer → temporary file → local-disk storage, job row updated), 和暦 dates, protocol order, median of three runs, each in a fresh process, after one warm-up run.`,
      'Floor: the same row query read through the same cursor (5 000 rows per fetch), nothing written. RSS growth: peak RSS during the export minus RSS just before it (after a GC), the largest of the three runs.',
      `Budget (DESIGN.md §9, issue 6): ≥ ${BUDGET_ROWS_PER_S} rows/s and < ${BUDGET_RSS_MB} MB peak RSS growth.`,
      '',
      '| type | format | rows | seconds | rows/s | peak RSS growth MB | file MB | SQL floor rows/s | export/floor | budget |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...lines,
      '',
      'Where the time goes: every ordered export first waits for PostgreSQL to sort the whole result (0.65–0.75 s here, 五十音順',
      'ties compared with ICU) before its first row; the rows then cost about 3.5 µs each to write as XLSX (the XML built and',
      'encoded on the main thread, deflate on the thread pool) and less as CSV. Until 2026-11-24 XLSX went through exceljs, at',
      'about 11.5 µs a row: 35 000–42 000 rows/s on this machine (docs/decisions/0007-xlsx-writer.md).',
      '',
    ].join('\n');
    console.log(`\nwritten ${writeResult('export.md', report)}`);
  } finally {
    await db.stop();
  }
}

if (!existsSync('package.json')) throw new Error('run from the repository root');
await main();
