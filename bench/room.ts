/**
 * npm run bench:room — the live room's fan-out (issue 12, DESIGN.md §9): 1 000 SSE viewers spread
 * over two API processes on one PostgreSQL, so every chat message reaches half of them through the
 * other process's LISTEN. Reports the delivery latency of a chat message to all viewers (p50, p99)
 * and the RSS per connection of each API process, beside the floor of a bare NOTIFY → LISTEN round
 * trip measured in the same run, and where the time goes (bench/room-probe.ts). Budget: p99 ≤ 250 ms,
 * ≤ 50 KB RSS per connection. Writes bench/results/room.md (bench/room-report.ts).
 *
 *   npm run bench:room                      throwaway embedded PostgreSQL in /tmp/kaigi-bench-room (reused)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:room
 *   … -- --clients=1000 --messages=30
 *
 * The API processes are bench/api-server.ts (the real createServer, each on its own port, same
 * DATABASE_URL); staff bearer tokens come from the benchmark's own JWKS, as in bench/api.ts. The
 * viewers hold room links (staff POST …/room/links, kind guest), so no sign-in per viewer (one
 * link each, as a link holds at most 20 streams; the limits on a user's new links a minute and on
 * one address's streams are raised for this setup of 1 000 viewers on loopback); staff
 * posts the chat, alternately to each process, one message per 1.1 s (the 1 msg/s/sender limit).
 * Latency: from just before the POST to each viewer's receipt of that chat event; each process's
 * viewers read their sockets in a worker thread of this process (bench/room-viewers.ts).
 *
 * Then the same again while an 80 000-row import and a 100 000-row export run, again and again, on
 * the first API process, which does its jobs as `npm start` does (issue 29: in a process of its own,
 * server/jobs/job-child-host.ts); budget: the same p99 ≤ 250 ms for delivery and for the chat POST.
 *
 *   BENCH_ROOM_SCALE=0.02 npm run bench:room     a small run (viewers, messages and job rows scaled)
 *   BENCH_NOTE='…' npm run bench:room            a line for the report (e.g. what else loads the machine)
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { CLIENT_ID, ISSUER, tokenIssuer } from './token-issuer.ts';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/infra/embedded-postgres.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { createDb } from '../server/db/client.ts';
import { seedDemo, DEMO_CCI_CODE } from '../server/db/seed/demo.ts';
import type { BenchApiConfig } from './api-server.ts';
import { api, loadavg, pooled, startApi, type ApiProcess } from './api-process.ts';
import { notifyFloor } from './notify-floor.ts';
import { openSse } from './sse-client.ts';
import type { FromViewers, ToViewers } from './room-viewers.ts';
import { ownCpuMs, postgresCpuMs } from './cpu.ts';
import { writeReport, type MessageResult } from './room-report.ts';
import { DEFAULT_ROOM_LIMITS } from '../server/lib/room/limits.ts';
import { importFileOf, keepJobsRunning, prepareJobData } from './room-jobs.ts';

const SCALE = Number(process.env.BENCH_ROOM_SCALE ?? 1);
const scaled = (n: number, least: number) => String(Math.max(least, Math.round(n * SCALE)));
const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: scaled(1000, 2) },
    messages: { type: 'string', default: scaled(30, 5) },
    'floor-round-trips': { type: 'string', default: '300' },
    'import-rows': { type: 'string', default: scaled(80_000, 100) },
    'export-rows': { type: 'string', default: scaled(100_000, 100) },
  },
});
const CLIENTS = Number(args.clients);
const MESSAGES = Number(args.messages);
const IMPORT_ROWS = Number(args['import-rows']);
const EXPORT_ROWS = Number(args['export-rows']);
/** the throwaway database and the jobs' files; BENCH_ROOM_DIR and BENCH_ROOM_PG_PORT for a second copy beside */
const BENCH_DIR = process.env.BENCH_ROOM_DIR ?? '/tmp/kaigi-bench-room';
const PG_PORT = Number(process.env.BENCH_ROOM_PG_PORT ?? 55469);
const FLOOR_ROUND_TRIPS = Number(args['floor-round-trips']);
const PROCESSES = 2;
/** the chat limit is one message a second per sender (DESIGN.md §11.1) */
const MESSAGE_INTERVAL_MS = 1_100;
const DELIVERY_TIMEOUT_MS = 10_000;
const STAFF = 'bench-room-staff';

async function database(): Promise<{ url: string; dataDir: string | null; stop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, dataDir: null, stop: async () => {} };
  const dataDir = `${BENCH_DIR}/postgres`;
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  const server = await startEmbeddedPostgres({ dataDir, port: PG_PORT });
  return { url: server.url, dataDir, stop: server.stop };
}

/** The demo chamber, a staff user of it and a fresh published conference (its room starts empty). */
async function prepare(url: string): Promise<number> {
  await runMigrations(url);
  const { pool, db } = createDb(url, { max: 1 });
  try {
    await seedDemo(db, {
      users: [{ username: STAFF, email: 'staff@bench.example.jp', userType: 'CCI_ADMIN', displayName: '事務局 ベンチ' }],
    });
    await prepareJobData(pool, DEMO_CCI_CODE, EXPORT_ROWS);
    const { rows } = await pool.query<{ id: number }>(
      `insert into conference (cci_code, name, event_date, status) values ($1, 'ベンチ総会', now() + interval '1 day', 'published') returning id`,
      [DEMO_CCI_CODE],
    );
    return rows[0].id;
  } finally {
    await pool.end();
  }
}

const postgresCpu = (dataDir: string | null) => (dataDir ? postgresCpuMs(dataDir) : null);

/** One process's viewers in a worker thread (bench/room-viewers.ts), open once `connected` resolves. */
function startViewers(urls: string[]) {
  const worker = new Worker(new URL('./room-viewers.ts', import.meta.url), { workerData: { urls } });
  const waiting = new Map<string, (times: number[]) => void>();
  const connected = new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: FromViewers) => {
      if (m.type === 'connected') resolve(m.seconds);
      else waiting.get(m.body)?.(m.times);
    });
  });
  return {
    connected,
    /** receipt times (performance.timeOrigin + now) of a chat message: all viewers', or those by the timeout */
    times: (body: string, timeoutMs: number) =>
      new Promise<number[]>((resolve) => {
        waiting.set(body, resolve);
        worker.postMessage({ type: 'wait', body, timeoutMs } satisfies ToViewers);
      }),
    close: () => worker.postMessage({ type: 'close' } satisfies ToViewers),
  };
}

async function main() {
  const loadAtStart = loadavg();
  const startedAt = new Date();
  const db = await database();
  const viewers: ReturnType<typeof startViewers>[] = [];
  const apis: ApiProcess[] = [];
  const issuer = await tokenIssuer();
  try {
    const conferenceId = await prepare(db.url);
    const config: BenchApiConfig = {
      databaseUrl: db.url,
      poolSize: 10,
      issuer: ISSUER,
      jwksUri: issuer.jwksUri,
      clientId: CLIENT_ID,
      // the setup issues every viewer's link at once; the viewers all come from loopback
      roomLimits: {
        linksPerUser: { max: CLIENTS, timeWindowMs: 60_000 },
        streamsPerIp: Math.max(CLIENTS, DEFAULT_ROOM_LIMITS.streamsPerIp),
      },
    };
    // the first process does the jobs too, as `npm start` does (its own jobs process)
    const jobs = { storageRoot: `${BENCH_DIR}/objects`, storageSecret: 'bench-room-storage-signing-secret-32+' };
    apis.push(
      ...(await Promise.all(Array.from({ length: PROCESSES }, (_, i) => startApi(i === 0 ? { ...config, jobs } : config)))),
    );
    const staffToken = await issuer.mint(STAFF);
    const staffRoom = (i: number) => `${apis[i % PROCESSES]!.address}/v1/cci/admin/master/conferences/${conferenceId}/room`;

    console.log(`creating ${CLIENTS} guest links…`);
    const tokens = await pooled(Array.from({ length: CLIENTS }), 8, async (_, i) => {
      const { json } = await api<{ url: string }>('POST', `${staffRoom(i)}/links`, staffToken, {
        kind: 'guest',
        name: `ゲスト ${i + 1}`,
      });
      return json.url.split('/room/')[1]!;
    });
    const eventsUrl = (i: number) => `${apis[i % PROCESSES]!.address}/v1/room/${tokens[i]}/events`;
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

    // warm-up: each process serves a few room reads and streams before its baseline RSS is read
    for (let i = 0; i < 4 * PROCESSES; i++) {
      await api('GET', `${apis[i % PROCESSES]!.address}/v1/room/${tokens[i]}`, null);
      (await openSse(eventsUrl(i), agent, () => {})).close();
    }
    await sleep(1_000);
    const rssBefore = apis.map((a) => a.rssKb());

    console.log(`connecting ${CLIENTS} viewers (${CLIENTS / PROCESSES} per process)…`);
    // as the SPA does (src/room/useRoomStream.ts): the room's last event id from its state, so a
    // stream whose subscription is read after an event still gets it (from PostgreSQL)
    const lastEventId = (await api<{ last_event_id: number }>('GET', `${apis[0]!.address}/v1/room/${tokens[0]}`, null)).json
      .last_event_id;
    const connectStart = performance.now();
    for (let p = 0; p < PROCESSES; p++)
      viewers.push(
        startViewers(tokens.flatMap((_, i) => (i % PROCESSES === p ? [`${eventsUrl(i)}?last_event_id=${lastEventId}`] : []))),
      );
    await Promise.all(viewers.map((v) => v.connected));
    const connectSeconds = (performance.now() - connectStart) / 1000;
    // a message every viewer receives proves every subscription is live (not measured)
    await api('POST', `${staffRoom(0)}/chat`, staffToken, { body: 'warm-up' });
    const warm = (await Promise.all(viewers.map((v) => v.times('warm-up', 30_000)))).flat();
    if (warm.length < CLIENTS) throw new Error(`only ${warm.length} of ${CLIENTS} viewers got the warm-up message`);
    console.log(
      `every viewer had the warm-up message ${((performance.now() - connectStart) / 1000).toFixed(1)} s after connecting began`,
    );
    await sleep(2_000);
    const rssAfter = apis.map((a) => a.rssKb());

    /** `MESSAGES` chat messages, one per MESSAGE_INTERVAL_MS, each followed to every viewer */
    const chat = async (prefix: string): Promise<MessageResult[]> => {
      console.log(`sending ${MESSAGES} chat messages, one per ${MESSAGE_INTERVAL_MS} ms…`);
      const results: MessageResult[] = [];
      // the previous message was stored before its response came back: a second after that response
      // is a second after it for the server's limit too, however late the server was
      let lastPost = performance.now();
      let lastAnswer = lastPost;
      for (let k = 1; k <= MESSAGES; k++) {
        await sleep(Math.max(0, lastPost + MESSAGE_INTERVAL_MS - performance.now(), lastAnswer + 1_000 - performance.now()));
        const body = `${prefix} ${k}`;
        const sentAt = (lastPost = performance.now());
        await api('POST', `${staffRoom(k)}/chat`, staffToken, { body });
        lastAnswer = performance.now();
        const postMs = lastAnswer - sentAt;
        const sentAtWall = performance.timeOrigin + sentAt;
        const byProcess = (await Promise.all(viewers.map((v) => v.times(body, DELIVERY_TIMEOUT_MS)))).map((times) =>
          times.map((at) => at - sentAtWall),
        );
        const latencies = byProcess.flat();
        results.push({ body, sentAtWall, postMs, latencies, byProcess, missed: CLIENTS - latencies.length });
      }
      return results;
    };

    const cpuBefore = { bench: ownCpuMs(), apis: await Promise.all(apis.map((a) => a.probe())), pg: postgresCpu(db.dataDir) };
    const results = await chat('ベンチ');
    const cpuAfter = { bench: ownCpuMs(), apis: await Promise.all(apis.map((a) => a.probe())), pg: postgresCpu(db.dataDir) };
    await sleep(500);

    // the same again, with an import and an export running all along on the first process
    const importFile = await importFileOf(BENCH_DIR, IMPORT_ROWS);
    const jobsLoadAtStart = loadavg();
    console.log(`again with ${IMPORT_ROWS}-row imports and ${EXPORT_ROWS}-row exports running…`);
    const staffApi = async <T>(method: string, url: string, body?: unknown) => (await api<T>(method, url, staffToken, body)).json;
    const running = keepJobsRunning(`${apis[0]!.address}/v1/cci/${DEMO_CCI_CODE}`, staffApi, importFile);
    await sleep(2_000); // both jobs under way
    const jobResults = await chat('ジョブ中');
    const jobsLoadAtEnd = loadavg();
    const jobProbes = await Promise.all(apis.map((x) => x.probe()));
    console.log('waiting for the jobs in hand…');
    const jobRuns = await running.stop();

    console.log(`NOTIFY → LISTEN floor, ${FLOOR_ROUND_TRIPS} round trips…`);
    const floor = await notifyFloor(db.url, FLOOR_ROUND_TRIPS);
    const loadAtEnd = loadavg();

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const pgVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    await client.end();

    writeReport({
      clients: CLIENTS,
      processes: PROCESSES,
      intervalMs: MESSAGE_INTERVAL_MS,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      startedAt,
      loadAtStart,
      loadAtEnd,
      pgVersion,
      connectSeconds,
      rssBefore,
      rssAfter,
      results,
      withJobs: {
        results: jobResults,
        runs: jobRuns,
        probes: jobProbes.map((x) => x.times),
        loadAtStart: jobsLoadAtStart,
        loadAtEnd: jobsLoadAtEnd,
        importRows: IMPORT_ROWS,
        exportRows: EXPORT_ROWS,
      },
      note: process.env.BENCH_NOTE,
      probes: cpuAfter.apis.map((p) => p.times),
      cpuMsPerMessage: {
        bench: (cpuAfter.bench - cpuBefore.bench) / MESSAGES,
        apis: cpuAfter.apis.map(({ cpu }, i) => ({
          user: (cpu.user - cpuBefore.apis[i]!.cpu.user) / MESSAGES,
          system: (cpu.system - cpuBefore.apis[i]!.cpu.system) / MESSAGES,
        })),
        pg: cpuBefore.pg === null || cpuAfter.pg === null ? null : (cpuAfter.pg - cpuBefore.pg) / MESSAGES,
      },
      floor,
    });
  } finally {
    for (const v of viewers) v.close();
    await Promise.all(apis.map((a) => a.stop()));
    issuer.close();
    await db.stop();
  }
}

if (!existsSync('package.json')) throw new Error('run from the repository root');
await main();
