/**
 * npm run bench:mail — 2 000 invitations from ONE publish into the local SMTP server (issue 13,
 * DESIGN.md §9). A conference inviting 2 000 companies (each with an e-mail) is published through
 * the real API (PUT …/conferences/{id} status published); the notification rules write the outbox
 * rows in that transaction and queue them; the in-process mail worker (as `npm start` runs it)
 * renders and sends them to the local SMTP sink. Prints messages/s and the time from the publish
 * to the last message, with the load average; writes bench/results/mail.md. Budget ≥ 50 messages/s.
 *
 *   npm run bench:mail                      throwaway embedded PostgreSQL in /tmp/kaigi-bench-mail (seeded once, reused)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:mail
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeResult } from './results-dir.ts';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServer } from '../server/app.ts';
import { createDb } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { DEMO_CCI_CODE, seedDemo } from '../server/db/seed/demo.ts';
import { startEmbeddedPostgres } from '../server/infra/embedded-postgres.ts';
import { startSmtpSink } from '../server/infra/smtp-sink.ts';
import { startBoss } from '../server/jobs/boss.ts';
import { createMailTransport } from '../server/jobs/mail-transport.ts';
import { startMailWorker } from '../server/jobs/mail-worker.ts';
import { CLIENT_ID, ISSUER, tokenIssuer } from './token-issuer.ts';

/** BENCH_COMPANIES: fewer invitations for the CI smoke run (bench/smoke.ts) */
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 2_000);
const BUDGET_PER_S = 50;
const STAFF = 'bench-mail-staff';
const ROOT = '/tmp/kaigi-bench-mail';
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  mkdirSync(ROOT, { recursive: true, mode: 0o755 });
  const server = await startEmbeddedPostgres({ dataDir: path.join(ROOT, 'postgres'), port: 55479 });
  return { url: server.url, stop: server.stop };
}

/**
 * The demo chamber, its staff user, 2 000 companies with an e-mail, an admin account (same address) and an invitee
 * each (once); a fresh draft conference inviting all of them.
 */
async function prepare(url: string): Promise<{ conferenceId: number; version: number }> {
  await runMigrations(url);
  const { pool, db } = createDb(url, { max: 1 });
  try {
    await seedDemo(db, {
      users: [{ username: STAFF, email: 'staff@bench.example.jp', userType: 'CCI_ADMIN', displayName: '事務局 ベンチ' }],
    });
    const { rows: seeded } = await pool.query(
      `select 1 from company where cci_code = $1 and company_code = 'BM' || lpad($2::text, 5, '0')`,
      [DEMO_CCI_CODE, COMPANIES],
    );
    if (seeded.length === 0) {
      console.log(`seeding ${COMPANIES} companies…`);
      await pool.query(
        `insert into company (cci_code, company_code, attributes)
         select $1, 'BM' || lpad(n::text, 5, '0'),
                jsonb_build_object('name1', '株式会社ベンチ商事 第' || n || '支店', 'email', 'soumu' || n || '@bench-mail.example.jp')
           from generate_series(1, ${COMPANIES}) n`,
        [DEMO_CCI_CODE],
      );
      // the company's admin account, with the same address (the rules may take either)
      await pool.query(
        `insert into users (username, cci_code, user_type, company_id, email, display_name)
         select 'bench-mail-' || company_code, cci_code, 'COMPANY_ADMIN', id, attributes ->> 'email', '総務 ' || company_code
           from company where cci_code = $1 and company_code like 'BM%'`,
        [DEMO_CCI_CODE],
      );
      await pool.query(
        `insert into member (cci_code, company_id, company_code, name, title)
         select $1, id, company_code, '代表 ' || company_code, '代表取締役' from company where cci_code = $1 and company_code like 'BM%'`,
        [DEMO_CCI_CODE],
      );
    }
    const { rows } = await pool.query<{ id: number; version: number }>(
      `insert into conference (cci_code, name, event_date, end_at, place, answer_deadline, status, attachments)
       values ($1, '第76回通常議員総会（ベンチ）', now() + interval '30 days', now() + interval '30 days 2 hours',
               '商工会議所会館 4階 大会議室', now() + interval '14 days', 'draft', '[{"key": "k", "name": "議案書.pdf", "size": 1}]')
       returning id, version`,
      [DEMO_CCI_CODE],
    );
    const conferenceId = rows[0].id;
    await pool.query(
      `insert into conference_company (cci_code, conference_id, company_id)
       select $1, $2, id from company where cci_code = $1 and company_code like 'BM%'`,
      [DEMO_CCI_CODE, conferenceId],
    );
    await pool.query(
      `insert into conference_member (cci_code, conference_id, company_id, member_id, sort)
       select $1, $2, m.company_id, m.id, row_number() over (order by m.id)
         from member m where m.cci_code = $1 and m.company_code like 'BM%'`,
      [DEMO_CCI_CODE, conferenceId],
    );
    return { conferenceId, version: rows[0].version };
  } finally {
    await pool.end();
  }
}

async function main() {
  const loadAtStart = loadavg();
  const db = await database();
  const issuer = await tokenIssuer();
  const mailDir = path.join(ROOT, 'mail');
  rmSync(mailDir, { recursive: true, force: true });
  const sink = await startSmtpSink({ dir: mailDir });
  const { pool, db: orm } = createDb(db.url, { max: 10 });
  const boss = await startBoss(db.url);
  const transport = createMailTransport(sink.url);
  try {
    const { conferenceId, version } = await prepare(db.url);
    const app = await createServer(
      {
        pool,
        db: orm,
        production: false,
        auth: { issuer: ISSUER, jwksUri: issuer.jwksUri, clientId: CLIENT_ID },
        clientConfig: {
          apiBaseUrl: '',
          cognito: {
            region: 'ap-northeast-1',
            userPoolId: 'bench',
            userPoolClientId: CLIENT_ID,
            authFlowType: 'USER_PASSWORD_AUTH',
            hostedLoginDomain: null,
          },
          sentry: { dsn: null, environment: 'bench' },
        },
        boss,
      },
      { logger: false },
    );
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const worker = await startMailWorker({
      boss,
      pool,
      db: orm,
      transport,
      from: '商工会議所 <kaigi@bench-mail.example.jp>',
      fromDomain: 'bench-mail.example.jp',
      origin: address,
      log: (message, err) => err && console.error(message, err),
    });

    const rowsOf = async () =>
      (
        await pool.query<{ total: number; sent: number; last: Date | null }>(
          `select count(*)::int as total, count(*) filter (where status = 'sent')::int as sent, max(sent_at) as last
             from notification where conference_id = $1 and kind = 'invitation' and status <> 'skipped'`,
          [conferenceId],
        )
      ).rows[0];

    console.log(`publishing a conference that invites ${COMPANIES} companies…`);
    const start = new Date();
    const response = await fetch(`${address}/v1/cci/admin/master/conferences/${conferenceId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await issuer.mint(STAFF)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version, status: 'published' }),
    });
    if (!response.ok) throw new Error(`publish: ${response.status} ${await response.text()}`);
    const publishMs = Date.now() - start.getTime();

    if ((await rowsOf()).total === 0) throw new Error('the publish wrote no invitation rows');

    let rows = await rowsOf();
    let loadPeak = os.loadavg()[0];
    while (rows.sent < rows.total) {
      if (Date.now() - start.getTime() > 600_000) throw new Error(`timed out: ${rows.sent} of ${rows.total} sent`);
      await sleep(100);
      loadPeak = Math.max(loadPeak, os.loadavg()[0]);
      rows = await rowsOf();
    }
    const seconds = (rows.last!.getTime() - start.getTime()) / 1000;
    const rate = rows.sent / seconds;
    const files = readdirSync(mailDir).filter((f) => f.endsWith('.eml')).length;
    const stats = sink.stats();
    await worker.stop();
    await app.close();

    const line = `| ${rows.sent} | ${publishMs} | ${seconds.toFixed(2)} | ${rate.toFixed(0)} | ${files} | ${stats.duplicates} | ${loadAtStart} | ${loadPeak.toFixed(2)} | ${rate >= BUDGET_PER_S ? 'met' : 'MISSED'} |`;
    const report = [
      '# Mail benchmark (npm run bench:mail)',
      '',
      `Run ${new Date().toISOString()} on ${process.platform}/${process.arch}, ${os.cpus().length} CPUs, Node ${process.version}.`,
      `One publish (PUT /v1/cci/admin/master/conferences/{id}, status published) of a conference inviting ${COMPANIES} companies, each with an e-mail;`,
      'the in-process mail worker (batches of 50, two at once, five pooled SMTP connections) renders each invitation (text, HTML, .ics) and sends it',
      'to the local SMTP server (server/infra/smtp-sink.ts), which writes one .eml file per message. Time: from the publish request to the last',
      "row's sent_at. The outbox rows are written by the publish itself (the notification rules).",
      `Budget (DESIGN.md §9, issue 13): ≥ ${BUDGET_PER_S} messages/s.`,
      '',
      '| messages | publish ms | seconds to the last | messages/s | .eml files | repeated deliveries | load avg at start (1/5/15 min) | 1-min load peak | budget |',
      '|---|---|---|---|---|---|---|---|---|',
      line,
      '',
    ].join('\n');
    console.log(report);
    console.log(`written ${writeResult('mail.md', report)}`);
  } finally {
    transport.close();
    await boss.stop({ graceful: false });
    await pool.end();
    await sink.stop();
    issuer.close();
    await db.stop();
  }
}

if (!existsSync('package.json')) throw new Error('run from the repository root');
await main();
