/**
 * DESIGN.md §10, issue 6: an export survives a worker crash. A real `npm run worker` process
 * (server/worker.ts) is killed with SIGKILL in the middle of a 100 000-row export; after a worker
 * is started again, pg-boss retries the job (heartbeat timeout), it succeeds, and the stored file
 * is whole — never the half written when the first worker died.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { createDb, type Db } from '../../../server/db/client.ts';
import { EXPORT_QUEUE, startBoss } from '../../../server/jobs/boss.ts';
import { exportQueueOf } from '../../../server/jobs/export-queue.ts';
import { LocalDiskDriver } from '../../../server/storage/local.ts';
import { eventually, readXlsx } from '../../helpers/export-files.ts';
import { testStack } from '../../helpers/stack.ts';

const stack = testStack();
const CCI = 'crash';
const ROWS = 100_000;
const ROOT = path.resolve(import.meta.dirname, '../../..');

let db: Db;
let pool: ReturnType<typeof createDb>['pool'];
let boss: PgBoss;
let dataDir: string;
const secret = randomBytes(32).toString('base64url');
const children: ChildProcess[] = [];

/** A worker process exactly as production runs it, on this run's database and a local storage. */
function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: stack.databaseUrl,
      KAIGI_DATA_DIR: dataDir,
      STORAGE_DRIVER: 'local',
      STORAGE_SIGNING_SECRET: secret,
      TMPDIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

const jobRow = async (id: number) =>
  (
    await pool.query<{
      status: string;
      progress_done: number;
      progress_total: number | null;
      file_key: string | null;
      started_at: Date;
    }>('select status, progress_done, progress_total, file_key, started_at from export_job where id = $1', [id])
  ).rows[0];

beforeAll(async () => {
  ({ pool, db } = createDb(stack.databaseUrl, { max: 3 }));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-crash-'));
  await pool.query(`insert into chamber (cci_code, name) values ($1, 'クラッシュ試験商工会議所') on conflict do nothing`, [CCI]);
  const { rows } = await pool.query<{ id: number }>(
    `insert into company (cci_code, company_code, attributes) values ($1, 'K0001', '{"name1": "株式会社大量"}') returning id`,
    [CCI],
  );
  await pool.query(
    `insert into member (cci_code, company_id, company_code, name, name_kana)
     select $1, $2, 'K0001', '会員 ' || lpad(n::text, 6, '0'), 'カイイン ' || lpad(n::text, 6, '0')
       from generate_series(1, ${ROWS}) n`,
    [CCI, rows[0].id],
  );
  // the test's own pg-boss supervises every second: it notices the dead worker's missing heartbeats
  boss = await startBoss(stack.databaseUrl, { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, max: 2 });
});

afterAll(async () => {
  for (const child of children) await stop(child, 'SIGKILL');
  await boss?.stop({ graceful: false });
  await pool.query('delete from export_job where cci_code = $1', [CCI]);
  await pool.query('delete from member where cci_code = $1', [CCI]);
  await pool.query('delete from company where cci_code = $1', [CCI]);
  await pool.end();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a worker killed in the middle of an export (DESIGN.md §10)', () => {
  it('is retried after a restart and the file it stores is whole', { timeout: 120_000 }, async () => {
    const id = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(
        `insert into export_job (cci_code, created_by, type, format, params)
         values ('${CCI}', 'crash-test', 'members', 'xlsx', '{"order": "kana", "date_style": "western", "as_of": "2030-01-01"}')
         returning id`,
      );
      await exportQueueOf(boss).enqueue(tx, rows[0].id);
      return rows[0].id;
    });

    const first = startWorkerProcess();
    const firstLog = text(first.stderr!);
    const midway = await eventually(
      async () => {
        const row = await jobRow(id);
        return row.status === 'running' && row.progress_done > 0 ? row : null;
      },
      60_000,
      'the first worker to be half-way',
    ).catch(async (err: Error) => {
      await stop(first, 'SIGKILL');
      throw new Error(`${err.message}\n${await firstLog}`);
    });
    await stop(first, 'SIGKILL');

    const killed = await jobRow(id);
    expect(killed.status).toBe('running');
    expect(killed.progress_total).toBe(ROWS);
    expect(killed.progress_done).toBeLessThan(ROWS);
    expect(killed.file_key).toBeNull();
    // nothing reached storage: the half-written file was a temporary one
    await expect(readdir(path.join(dataDir, 'objects', CCI))).rejects.toThrow(/ENOENT/);

    const second = startWorkerProcess();
    const done = await eventually(
      async () => {
        const row = await jobRow(id);
        return row.status === 'succeeded' || row.status === 'failed' ? row : null;
      },
      90_000,
      'the retried export',
    );
    expect(done.status).toBe('succeeded');
    expect(done.started_at.getTime()).toBeGreaterThan(midway.started_at.getTime());
    const [queued] = await boss.findJobs(EXPORT_QUEUE, { data: { export_job_id: id } });
    expect(queued.retryCount).toBeGreaterThanOrEqual(1);

    const storage = new LocalDiskDriver({ root: path.join(dataDir, 'objects'), secret: Buffer.from(secret) });
    const file = await storage.open(done.file_key!);
    const { rows } = await readXlsx(Buffer.concat(await file!.stream.toArray()));
    expect(rows).toHaveLength(ROWS + 1);
    // 会員ID first (DESIGN.md §11.4), then 事業所コード, 事業所名, 氏名, フリガナ
    expect(rows[1].slice(1, 5)).toEqual(['K0001', '株式会社大量', '会員 000001', 'カイイン 000001']);
    expect(rows[ROWS].slice(3, 5)).toEqual(['会員 100000', 'カイイン 100000']);
    await stop(second, 'SIGTERM');
  });
});
