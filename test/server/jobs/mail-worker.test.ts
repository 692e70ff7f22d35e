/**
 * DESIGN.md §11.2: the mail worker sends queued outbox rows through pg-boss and records them; a
 * row already sent is never sent again; a temporary SMTP error is retried and, when every attempt
 * failed, the row is `failed` with the server's answer; a permanent refusal (5xx) fails at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { createDb, type Db } from '../../../server/db/client.ts';
import { startSmtpSink, type SmtpSink } from '../../../server/infra/smtp-sink.ts';
import { startBoss } from '../../../server/jobs/boss.ts';
import { MAIL_QUEUE, mailQueueOf } from '../../../server/jobs/mail-queue.ts';
import { createMailTransport, type MailTransport } from '../../../server/jobs/mail-transport.ts';
import { startMailWorker } from '../../../server/jobs/mail-worker.ts';
import { eventually } from '../../helpers/export-files.ts';
import { readSink, testSink, TEST_MAIL_FROM, TEST_ORIGIN, toAddresses } from '../../helpers/mail.ts';
import { dropMailFixture, insertNotifications, mailFixture, type MailFixture } from '../../helpers/mail-fixtures.ts';
import { testStack } from '../../helpers/stack.ts';

const stack = testStack();
const CCI = 'mail-worker';
const COMPANIES = 30;
let db: Db;
let pool: ReturnType<typeof createDb>['pool'];
let boss: PgBoss;
let f: MailFixture;
const addresses = Array.from({ length: COMPANIES }, (_, i) => `c${i + 1}@worker.example.jp`);

type Status = {
  id: number;
  status: string;
  attempts: number;
  error: string | null;
  message_id: string | null;
  sent_at: Date | null;
};
const rowsOf = async (ids: number[]) =>
  (
    await pool.query<Status>(
      'select id, status, attempts, error, message_id, sent_at from notification where id = any($1) order by id',
      [ids],
    )
  ).rows;
const settled = (ids: number[], status: string) =>
  eventually(
    async () => {
      const rows = await rowsOf(ids);
      return rows.every((r) => r.status === status) ? rows : null;
    },
    60_000,
    `rows ${status}`,
  );

/** A mail worker on this file's pg-boss, sending through `transport`; stopped by the returned function. */
async function worker(transport: MailTransport) {
  const w = await startMailWorker({
    boss,
    pool,
    db,
    transport,
    from: TEST_MAIL_FROM,
    fromDomain: 'test.example.jp',
    origin: TEST_ORIGIN,
    dueScan: false,
    log: () => {},
  });
  return async () => {
    await w.stop();
    transport.close();
  };
}

beforeAll(async () => {
  ({ pool, db } = createDb(stack.databaseUrl, { max: 6 }));
  boss = await startBoss(stack.databaseUrl, { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, max: 3 });
  f = await mailFixture(pool, CCI, addresses);
});

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await dropMailFixture(pool, CCI);
  await pool.end();
});

describe('the mail worker', () => {
  it('sends queued rows, records them sent, and never sends a sent row again', async () => {
    const stop = await worker(createMailTransport(testSink().smtpUrl));
    try {
      const ids = await insertNotifications(pool, f, 'invitation', f.companies);
      // queued twice while the first jobs wait: one job per row (the queue's exclusive policy)
      await db.transaction(async (tx) => {
        await mailQueueOf(boss).enqueue(tx, ids);
        await mailQueueOf(boss).enqueue(tx, ids);
      });
      const rows = await settled(ids, 'sent');
      for (const r of rows) {
        expect(r).toMatchObject({
          attempts: 1,
          error: null,
          message_id: `<kaigi-notification-${r.id}.mail-worker@test.example.jp>`,
        });
        expect(r.sent_at).toBeInstanceOf(Date);
      }
      const mine = () =>
        readSink(undefined, '@worker.example.jp').then((all) =>
          all.filter((m) => toAddresses(m.mail).some((a) => addresses.includes(a))),
        );
      const received = await mine();
      expect(received.map((m) => toAddresses(m.mail)[0]).sort()).toEqual([...addresses].sort());

      // the due scan (or a resend button) queueing the same rows again sends nothing
      await db.transaction((tx) => mailQueueOf(boss).enqueue(tx, ids));
      await eventually(
        async () => {
          const jobs = await boss.findJobs(MAIL_QUEUE, { data: { notification_id: ids[0] } });
          return jobs.length === 2 && jobs.every((j) => j.state === 'completed');
        },
        30_000,
        'the second jobs to complete',
      );
      expect((await rowsOf(ids)).every((r) => r.attempts === 1 && r.status === 'sent')).toBe(true);
      expect(await mine()).toHaveLength(COMPANIES);
    } finally {
      await stop();
    }
  });

  describe('against a failing SMTP server', () => {
    let dir: string;
    let sink: SmtpSink;
    afterAll(async () => {
      await sink?.stop();
      await rm(dir, { recursive: true, force: true });
    });

    it('retries a temporary error, then marks the row failed with the server’s answer', async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-sink-fail-'));
      sink = await startSmtpSink({ dir, reject: { code: 451, message: 'Temporary local problem, try later' } });
      const stop = await worker(createMailTransport(sink.url));
      try {
        const ids = await insertNotifications(pool, f, 'reminder', f.companies.slice(0, 2));
        // one retry, one second apart, instead of the queue's five with back-off
        await boss.insert(
          MAIL_QUEUE,
          ids.map((id) => ({
            data: { notification_id: id },
            singletonKey: `mail-${id}`,
            retryLimit: 1,
            retryDelay: 1,
            retryBackoff: false,
          })),
        );
        const rows = await settled(ids, 'failed');
        for (const r of rows) {
          expect(r.attempts).toBe(2);
          expect(r.error).toMatch(/451 Temporary local problem/);
          expect(r.sent_at).toBeNull();
        }
        expect(await readSink(dir)).toEqual([]);
      } finally {
        await stop();
      }
    });

    it('fails a permanently refused message at once', async () => {
      await sink.stop();
      sink = await startSmtpSink({ dir, reject: { code: 550, message: 'Mailbox unavailable' } });
      const stop = await worker(createMailTransport(sink.url));
      try {
        const [id] = await insertNotifications(pool, f, 'manual', f.companies.slice(0, 1), { body: 'x' });
        await db.transaction((tx) => mailQueueOf(boss).enqueue(tx, [id]));
        const [row] = await settled([id], 'failed');
        expect(row.attempts).toBe(1);
        expect(row.error).toMatch(/550 Mailbox unavailable/);
      } finally {
        await stop();
      }
    });
  });
});
