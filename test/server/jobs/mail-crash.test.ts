/**
 * DESIGN.md §11.2, issue 13: "a message is never sent twice for one row, even when the worker dies
 * between sending and recording". A real `npm run worker` process (server/worker.ts) sending 200
 * queued rows to a slow SMTP server is killed with SIGKILL mid-batch; a second worker takes over
 * (pg-boss retries the dead worker's jobs after its heartbeats stop). Every row ends `sent`, and
 * the SMTP server holds exactly one message per row: the rows in flight at the kill are sent again
 * with the same Message-ID, which the server (as a recipient's mail system) takes as the same
 * message. The number of such repeated deliveries is printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { createDb, type Db } from '../../../server/db/client.ts';
import { emlFileName, startSmtpSink, type SmtpSink } from '../../../server/infra/smtp-sink.ts';
import { startBoss } from '../../../server/jobs/boss.ts';
import { mailQueueOf } from '../../../server/jobs/mail-queue.ts';
import { eventually } from '../../helpers/export-files.ts';
import { readSink, TEST_MAIL_FROM } from '../../helpers/mail.ts';
import { dropMailFixture, insertNotifications, mailFixture } from '../../helpers/mail-fixtures.ts';
import { testStack } from '../../helpers/stack.ts';

const stack = testStack();
const CCI = 'mail-crash';
const ROWS = 200;
/** in the middle of the second batch of 50 */
const KILL_AT = 70;
const ROOT = path.resolve(import.meta.dirname, '../../..');

let db: Db;
let pool: ReturnType<typeof createDb>['pool'];
let boss: PgBoss;
let dataDir: string;
let sink: SmtpSink;
const children: ChildProcess[] = [];
let first: ChildProcess | undefined;
let ids: number[] = [];
let atKill: Record<string, number> | undefined;
let ours = 0;

/** A worker process exactly as production runs it, on this run's database, sending to `sink`. */
function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: stack.databaseUrl,
      KAIGI_DATA_DIR: dataDir,
      STORAGE_DRIVER: 'local',
      STORAGE_SIGNING_SECRET: 'x'.repeat(43),
      SMTP_URL: sink.url,
      MAIL_FROM: TEST_MAIL_FROM,
      LOG_LEVEL: 'warn',
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

const counts = async (ids: number[]) =>
  Object.fromEntries(
    (
      await pool.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from notification where id = any($1) group by status',
        [ids],
      )
    ).rows.map((r) => [r.status, r.n]),
  ) as Record<string, number>;

beforeAll(async () => {
  ({ pool, db } = createDb(stack.databaseUrl, { max: 3 }));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-mail-crash-'));
  // a slow server (100 ms a message over the worker's 5 connections) that kills the first worker
  // when it has saved the KILL_AT-th message and before it answers 250 for it: that message is
  // delivered, and its row cannot yet say so
  sink = await startSmtpSink({
    dir: path.join(dataDir, 'sink'),
    delayMs: 100,
    beforeReply: async (raw) => {
      // other files' leftover rows, sent by the worker's due scan, do not count
      if (!raw.toString('latin1').includes(`.${CCI}@`) || ++ours !== KILL_AT || !first) return;
      atKill = await counts(ids);
      await stop(first, 'SIGKILL');
    },
  });
  await mailFixture(
    pool,
    CCI,
    Array.from({ length: ROWS }, (_, i) => `c${i + 1}@crash.example.jp`),
  );
  // the test's own pg-boss supervises every second: it notices the dead worker's missing heartbeats
  boss = await startBoss(stack.databaseUrl, { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, max: 2 });
});

afterAll(async () => {
  for (const child of children) await stop(child, 'SIGKILL');
  await boss?.stop({ graceful: false });
  await dropMailFixture(pool, CCI);
  await pool.end();
  await sink?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a mail worker killed in the middle of a batch (DESIGN.md §11.2)', () => {
  it('every row is sent, and the server holds exactly one message per row', { timeout: 180_000 }, async () => {
    const { rows: companies } = await pool.query<{ id: number }>('select id from company where cci_code = $1 order by id', [CCI]);
    const f = { cci: CCI, conferenceId: 0, subId: 0, companies: companies.map((c) => c.id), eventDate: new Date() };
    f.conferenceId = (await pool.query('select id from conference where cci_code = $1 and parent_id is null', [CCI])).rows[0].id;
    ids = await insertNotifications(pool, f, 'invitation', f.companies);
    await db.transaction((tx) => mailQueueOf(boss).enqueue(tx, ids));

    first = startWorkerProcess();
    await once(first, 'exit');
    expect(first.signalCode).toBe('SIGKILL');
    const afterKill = await counts(ids);
    expect(afterKill.sending).toBeGreaterThan(0);
    expect(afterKill.sent ?? 0).toBeLessThan(ROWS);

    const second = startWorkerProcess();
    await eventually(async () => ((await counts(ids)).sent === ROWS ? true : null), 150_000, 'every row sent');
    await stop(second, 'SIGTERM');

    const { rows } = await pool.query<{ id: number; message_id: string; attempts: number }>(
      'select id, message_id, attempts from notification where id = any($1) order by id',
      [ids],
    );
    // the rows in flight at the kill were claimed twice, with the Message-ID of their first claim
    expect(rows.filter((r) => r.attempts > 1).length).toBeGreaterThan(0);
    // the workers' due scan also sends rows other test files left queued (their apps run without
    // pg-boss): this test's messages are the ones whose Message-ID names its chamber
    const everything = await readSink(sink.dir);
    const saved = everything.filter((m) => m.raw.includes(`.${CCI}@`));
    expect(saved).toHaveLength(ROWS);
    expect(saved.map((m) => m.file).sort()).toEqual(
      rows.map((r) => emlFileName(Buffer.from(`Message-ID: ${r.message_id}\r\n\r\n`))).sort(),
    );
    const { received, duplicates } = sink.stats();
    // every delivery was either the first of its Message-ID or a repeat of one already saved
    expect(received).toBe(everything.length + duplicates);
    // what was accepted before the kill and not recorded was delivered again, as the same message
    expect(duplicates).toBeGreaterThan(0);
    console.log(
      `mail crash: killed with ${atKill?.sent ?? 0} sent and ${atKill?.sending ?? 0} sending; ${rows.filter((r) => r.attempts > 1).length} rows claimed again; ` +
        `the SMTP server received ${received} messages, ${duplicates} of them repeated deliveries of an already received Message-ID`,
    );
  });
});
