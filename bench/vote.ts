/**
 * npm run bench:vote — a 記名 採決 at full size (issue 34 Benchmark, DESIGN.md §9, §12.1): 500 voters
 * checked in, each on their personal room link, cast their ballots within 10 s over two API
 * processes on one PostgreSQL, while a 定足数 board (a staff stream) is open on each process. Checks
 * that every ballot is counted once (the closed tally against the choices sent, the ballot rows),
 * reports the ballot PUT's time and the time from a ballot's 200 to each board's update carrying it
 * (budget p99 ≤ 250 ms), and the tally's SQL (server/lib/votes/tally.ts) beside a bare count of the
 * same rows. Writes bench/results/vote.md.
 *
 *   npm run bench:vote                          throwaway embedded PostgreSQL in /tmp/kaigi-bench-vote (reused)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:vote
 *   … -- --voters=500 --seconds=10 --tally-runs=50
 *
 * Which board event carries which ballot: a ballot's audit row and its staff `poll` event are
 * written in one transaction (server/repositories/room-ballots.ts), so they share the transaction
 * id (xmin); the event's SSE id is its seq. Each board's receipt time of that seq, less the time the
 * ballot's 200 came back, is the latency (0 when the board had it first). The voters' links and the
 * check-ins are set up directly in SQL and through the staff API before anything is measured.
 */
import http from 'node:http';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/infra/embedded-postgres.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { createDb } from '../server/db/client.ts';
import { seedDemo, DEMO_CCI_CODE } from '../server/db/seed/demo.ts';
import { DEFAULT_ROOM_LIMITS } from '../server/lib/room/limits.ts';
import { tallyOf } from '../server/lib/votes/tally.ts';
import { api, loadavg, pooled, startApi, type ApiProcess } from './api-process.ts';
import { CLIENT_ID, ISSUER, tokenIssuer } from './token-issuer.ts';
import { openBoard } from './vote-board.ts';
import { writeVoteReport, type BoardLatency } from './vote-report.ts';

const { values: args } = parseArgs({
  options: {
    voters: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '10' },
    'tally-runs': { type: 'string', default: '50' },
  },
});
const VOTERS = Number(args.voters);
const SECONDS = Number(args.seconds);
const TALLY_RUNS = Number(args['tally-runs']);
const BENCH_DIR = process.env.BENCH_VOTE_DIR ?? '/tmp/kaigi-bench-vote';
const PG_PORT = Number(process.env.BENCH_VOTE_PG_PORT ?? 55489);
const PROCESSES = 2;
const STAFF = 'bench-vote-staff';
const CHOICES = ['yes', 'no', 'abstain'] as const;
const BOARD_TIMEOUT_MS = 30_000;

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  const dataDir = `${BENCH_DIR}/postgres`;
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  const server = await startEmbeddedPostgres({ dataDir, port: PG_PORT });
  return { url: server.url, stop: server.stop };
}

/** A fresh published conference of the demo chamber with `VOTERS` principals, each of a run's own companies, answered 出席 and checked in. */
async function prepare(url: string): Promise<{ conferenceId: number; memberIds: number[] }> {
  await runMigrations(url);
  const { pool, db } = createDb(url, { max: 1 });
  try {
    await seedDemo(db, {
      users: [{ username: STAFF, email: 'staff@bench.example.jp', userType: 'CCI_ADMIN', displayName: '事務局 ベンチ' }],
    });
    const prefix = `V${Date.now().toString(36)}`; // a run's own companies: an earlier run's stay as they were
    await pool.query(
      `insert into company (cci_code, company_code, attributes)
       select $1, $2 || lpad(n::text, 4, '0'), jsonb_build_object('name1', '株式会社採決ベンチ 第' || n || '支店')
         from generate_series(1, $3::int) n`,
      [DEMO_CCI_CODE, prefix, Math.ceil(VOTERS / 5)],
    );
    const { rows: conference } = await pool.query<{ id: number }>(
      `insert into conference (cci_code, name, event_date, status) values ($1, '採決ベンチ総会', now() + interval '1 day', 'published') returning id`,
      [DEMO_CCI_CODE],
    );
    const conferenceId = conference[0]!.id;
    const { rows } = await pool.query<{ id: number }>(
      `with m as (
         insert into member (cci_code, company_id, company_code, name, name_kana, title, email, start_at)
         select $1, c.id, c.company_code, '議員 ' || n, 'ギイン ' || n, '代表取締役', 'v' || n || '@bench.example.jp', date '2020-04-01'
           from generate_series(1, $3::int) n
           join company c on c.cci_code = $1 and c.company_code = $2 || lpad((1 + (n - 1) / 5)::text, 4, '0')
         returning id, company_id)
       insert into conference_member (cci_code, conference_id, company_id, member_id, category, answer_content, sort,
                                      answered_at, answered_by, checked_in_at)
       select $1, $4, m.company_id, m.id, 'principal', 'attend', row_number() over (order by m.id), now(), 'bench', now()
         from m returning id`,
      [DEMO_CCI_CODE, prefix, VOTERS, conferenceId],
    );
    await pool.query(
      `insert into conference_company (cci_code, conference_id, company_id)
       select distinct $1, $2::int, company_id from conference_member where conference_id = $2`,
      [DEMO_CCI_CODE, conferenceId],
    );
    return { conferenceId, memberIds: rows.map((r) => r.id).sort((a, b) => a - b) };
  } finally {
    await pool.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

async function main() {
  const loadAtStart = loadavg();
  const startedAt = new Date();
  const db = await database();
  const apis: ApiProcess[] = [];
  const boards: ReturnType<typeof openBoard>[] = [];
  const issuer = await tokenIssuer();
  try {
    const { conferenceId, memberIds } = await prepare(db.url);
    apis.push(
      ...(await Promise.all(
        Array.from({ length: PROCESSES }, () =>
          startApi({
            databaseUrl: db.url,
            poolSize: 10,
            issuer: ISSUER,
            jwksUri: issuer.jwksUri,
            clientId: CLIENT_ID,
            // the setup issues every voter's link at once (and again on a run within the minute: the
            // count is shared in the database); every voter comes from loopback
            roomLimits: {
              linksPerUser: { max: VOTERS * 100, timeWindowMs: 60_000 },
              linkWritesPerIp: { max: VOTERS * 10, timeWindowMs: 60_000 },
              streamsPerIp: Math.max(VOTERS, DEFAULT_ROOM_LIMITS.streamsPerIp),
            },
          }),
        ),
      )),
    );
    const staff = await issuer.mint(STAFF);
    const master = (i: number) => `${apis[i % PROCESSES]!.address}/v1/cci/admin/master/conferences/${conferenceId}`;

    console.log(`issuing ${VOTERS} personal links…`);
    const tokens = await pooled(memberIds, 8, async (id, i) => {
      const { json } = await api<{ url: string }>('POST', `${master(i)}/room/links`, staff, {
        kind: 'user',
        conference_member_id: id,
      });
      return json.url.split('/room/')[1]!;
    });
    const motion = (
      await api<{ id: number }>('POST', `${master(0)}/motions`, staff, { number: '第1号議案', title: '採決ベンチの件' })
    ).json;

    // a board on each process, open before the vote (as in the hall)
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    for (let p = 0; p < PROCESSES; p++) {
      const { json } = await api<{ ticket: string }>('POST', `${master(p)}/room/ticket`, staff);
      boards.push(openBoard(`${master(p)}/room/events?ticket=${json.ticket}`, agent));
    }
    await sleep(500);
    const opened = await api<{ poll: { id: number; version: number } }>(
      'POST',
      `${master(0)}/motions/${motion.id}/polls`,
      staff,
      {
        method: 'roll_call',
        show_counts_live: true,
      },
    );
    const poll = opened.json.poll;
    for (const board of boards) {
      if (!(await board.until(() => true, BOARD_TIMEOUT_MS))) throw new Error('a board missed the poll opening');
    }

    console.log(`${VOTERS} ballots over ${SECONDS} s, alternately to each process…`);
    const sent = new Map<number, { choice: string; ms: number; doneAt: number }>();
    const castStart = performance.now();
    await Promise.all(
      tokens.map(async (token, i) => {
        await sleep((i * SECONDS * 1000) / VOTERS);
        const choice = CHOICES[i % CHOICES.length]!;
        const start = performance.now();
        await api('PUT', `${apis[i % PROCESSES]!.address}/v1/room/${token}/polls/${poll.id}/ballot`, null, { choice });
        const doneAt = performance.now();
        sent.set(memberIds[i]!, { choice, ms: doneAt - start, doneAt });
      }),
    );
    const castSeconds = (performance.now() - castStart) / 1000;
    for (const board of boards) {
      if (!(await board.until((e) => e.voted === VOTERS, BOARD_TIMEOUT_MS))) throw new Error('a board never showed every ballot');
    }

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // the event of each ballot: the one its audit row shares a transaction with
      const { rows: carried } = await client.query<{ member: number; seq: number }>(
        `select (a.after ->> 'conference_member_id')::int as member, e.seq::int as seq
           from audit_log a join room_event e on e.xmin = a.xmin and e.conference_id = $1 and e.kind = 'poll'
          where a.action = 'vote' and a.entity = 'poll' and a.entity_id = $2::text`,
        [conferenceId, String(poll.id)],
      );
      const latencies: BoardLatency[] = boards.map((board) => {
        const at = new Map(board.events.map((e) => [e.seq, e.at]));
        const ms: number[] = [];
        let first = 0;
        for (const { member, seq } of carried) {
          const received = at.get(seq);
          const ballot = sent.get(member);
          if (received === undefined || !ballot) continue;
          if (received < ballot.doneAt) first++;
          ms.push(Math.max(0, received - ballot.doneAt));
        }
        return { ms, boardFirst: first };
      });

      const closed = await api<{ poll: { counts: Record<string, number> } }>(
        'PUT',
        `${master(1)}/motions/${motion.id}/polls/${poll.id}`,
        staff,
        { version: poll.version, status: 'closed' },
      );
      const counts = closed.json.poll.counts;
      const expected = Object.fromEntries(CHOICES.map((c) => [c, [...sent.values()].filter((s) => s.choice === c).length]));
      const { rows: ballotRows } = await client.query<{ n: number; distinct_members: number }>(
        'select count(*)::int as n, count(distinct conference_member_id)::int as distinct_members from ballot where poll_id = $1',
        [poll.id],
      );
      const countedOnce =
        sent.size === VOTERS &&
        carried.length === VOTERS &&
        ballotRows[0]!.n === VOTERS &&
        ballotRows[0]!.distinct_members === VOTERS &&
        counts.not_voted === 0 &&
        CHOICES.every((c) => counts[c] === expected[c]);

      console.log(`the tally's SQL and a bare count, ${TALLY_RUNS} runs each…`);
      const tallyMs = await timed(TALLY_RUNS, () => tallyOf(client, poll.id));
      const bareMs = await timed(TALLY_RUNS, () =>
        client.query(
          'select (select count(*) from poll_voter where poll_id = $1) + (select count(*) from ballot where poll_id = $1) as n',
          [poll.id],
        ),
      );
      const pgVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;

      const file = writeVoteReport({
        voters: VOTERS,
        processes: PROCESSES,
        seconds: SECONDS,
        castSeconds,
        startedAt,
        loadAtStart,
        loadAtEnd: loadavg(),
        pgVersion,
        ballotMs: [...sent.values()].map((s) => s.ms),
        boards: latencies,
        counts,
        expected,
        countedOnce,
        tallyMs,
        bareMs,
        note: process.env.BENCH_NOTE,
      });
      console.log(`ballot p50 ${median([...sent.values()].map((s) => s.ms)).toFixed(1)} ms; report: ${file}`);
      if (!countedOnce)
        throw new Error(`the tally ${JSON.stringify(counts)} is not the ballots sent ${JSON.stringify(expected)}`);
    } finally {
      await client.end();
    }
  } finally {
    for (const board of boards) board.close();
    await Promise.all(apis.map((a) => a.stop()));
    issuer.close();
    await db.stop();
  }
}

if (!existsSync('package.json')) throw new Error('run from the repository root');
await main();
