/**
 * npm run bench:api — bounded autocannon runs against the real API on loopback, on national-scale
 * data (DESIGN.md §9), each beside the raw-SQL floor of the same statements measured in the same run.
 *
 *   npm run bench:api                       throwaway embedded PostgreSQL in /tmp/kaigi-bench (seeded once, reused)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:api     an existing database seeded by `npm run seed:national`
 *   … -- --duration=10 --connections=20 --scale=1
 *   BENCH_ONLY='largest chamber$' npm run bench:api       only the scenarios whose name matches (bench/results/api-only.md)
 *
 * The API runs in a child process (bench/api-server.ts) so that neither autocannon nor the floor's
 * client shares its event loop. Tokens: the benchmark is its own token issuer (an RS256 key and a
 * JWKS served on loopback) and mints ID tokens for the seed's users, so the API verifies signatures
 * exactly as with Cognito. The answer scenario adds `bench-company-…` COMPANY_ADMIN rows to users.
 *
 * Besides req/s and latencies, the report gives CPU milliseconds per request of the API process,
 * of the floor's client and of PostgreSQL (embedded server only): on a shared machine those move
 * far less with the other load than req/s do. Writes bench/results/api.md.
 *
 * BENCH_API_PROF=/dir: the API process also writes a V8 CPU profile there, and each row's measured
 * run gets bench/results/profiles/<row>.md (ms per request by group and by request stage) and .svg
 * (its flame graph), cut from that profile (bench/profile/).
 */
import { existsSync } from 'node:fs';
import { resultsDir, writeResult } from './results-dir.ts';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { CLIENT_ID, ISSUER, tokenIssuer } from './token-issuer.ts';
import pg from 'pg';
import { scenarios, type Scenario } from './api-scenarios.ts';
import { sqlFloor, type LoadResult } from './sql-floor.ts';
import { ownCpuMs, postgresCpuMs } from './cpu.ts';
import { database, ensureSeeded, startApi, startHttpFloor } from './api-setup.ts';
import {
  HTTP_HEADER,
  MAIN_HEADER,
  PAST_HEADER,
  httpLine,
  mainLine,
  pastLine,
  verdict,
  type Round,
  type Row,
} from './api-report.ts';
import { profileWindows } from './profile/api-windows.ts';
import { SESSION_OPTIONS } from '../server/db/client.ts';
import { poolSettingsFrom } from '../server/db/pool-settings.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    scale: { type: 'string', default: '1' },
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '3' },
  },
});
const DURATION = Number(args.duration);
/** rounds of every row in turn (issue 37); each row reports the median round */
const ROUNDS = Number(args.rounds);
/** seconds of warm-up before the later rounds' runs and the HTTP floor's (no longer than a run) */
const WARM_UP = Math.min(3, DURATION);
const CONNECTIONS = Number(args.connections);
const API_POOL_SIZE = poolSettingsFrom(process.env, []).size;
function runAutocannon(url: string, s: Scenario, tokens: Map<string, string>, duration = DURATION): Promise<LoadResult> {
  const headersOf = (connection: number) => ({
    authorization: `Bearer ${tokens.get(s.users[connection % s.users.length])}`,
    'content-type': 'application/json',
  });
  let connections = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${s.path}`,
        method: s.method,
        headers: headersOf(0),
        connections: CONNECTIONS,
        duration,
        // each connection its caller and its bodies (answer scenarios: one company per connection)
        setupClient: (client) => {
          const connection = connections++;
          const headers = headersOf(connection);
          const bodies = s.bodies?.(connection) ?? [undefined];
          client.setRequests(bodies.map((body) => ({ method: s.method, path: s.path, headers, body })));
        },
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.non2xx + result.errors + result.timeouts,
          requests: result.requests.total,
        });
      },
    );
  });
}

/** CPU ms per request: [own process, PostgreSQL] over a measured run. */
async function measured<T extends LoadResult>(
  processCpu: () => Promise<number> | number,
  dataDir: string | null,
  run: () => Promise<T>,
): Promise<T & { cpu: [number, number | null] }> {
  const [p0, g0] = [await processCpu(), dataDir ? postgresCpuMs(dataDir) : null];
  const result = await run();
  const [p1, g1] = [await processCpu(), dataDir ? postgresCpuMs(dataDir) : null];
  const n = Math.max(1, result.requests);
  return { ...result, cpu: [(p1 - p0) / n, g0 !== null && g1 !== null ? (g1 - g0) / n : null] };
}

async function main() {
  const db = await database();
  try {
    await ensureSeeded(db.url, Number(args.scale));
    const issuer = await tokenIssuer();
    const api = await startApi({
      databaseUrl: db.url,
      issuer: ISSUER,
      jwksUri: issuer.jwksUri,
      clientId: CLIENT_ID,
    });
    // the floor's connections have the API's session settings: the same plans
    const floorPool = new pg.Pool({ connectionString: db.url, max: CONNECTIONS * 2, options: SESSION_OPTIONS });
    // an idle client still closing when the embedded server stops: not a failure of the run
    floorPool.on('error', () => undefined);
    const { rows: version } = await floorPool.query<{ server_version: string }>('show server_version');
    const loadAtStart = os.loadavg();
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    const profiles = profileWindows(resultsDir());
    const all = await scenarios(floorPool);
    const selected = all.filter((x) => !only || only.test(x.name));
    const rows: Row[] = selected.map((scenario) => ({ scenario, rounds: [] }));
    const httpFloor = await startHttpFloor({ databaseUrl: db.url, connections: CONNECTIONS });
    const tokens = new Map<string, string>();
    for (const u of new Set(selected.flatMap((s) => s.users))) tokens.set(u, await issuer.mint(u));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const row of rows) {
        const s = row.scenario;
        // warm-up (JWKS, plans, caches): a whole run the first time, a short one between rounds
        const warmUp = round === 1 ? DURATION : WARM_UP;
        await runAutocannon(api.address, s, tokens, warmUp).catch(() => undefined);
        const client0 = ownCpuMs();
        // the API's clock at the two CPU readings: the measured run's window of its CPU profile
        const clock: number[] = [];
        const apiCpuMs = async () => {
          const { ms, monoUs } = await api.cpu();
          clock.push(monoUs);
          return ms;
        };
        const apiRun = await measured(apiCpuMs, db.dataDir, () => runAutocannon(api.address, s, tokens));
        // autocannon runs in this process: the load generator's share of the two CPUs the API run had
        const client = (ownCpuMs() - client0) / Math.max(1, apiRun.requests);
        const load = os.loadavg()[0];
        if (round === 1)
          profiles.add({
            title: s.name,
            fromUs: clock[0],
            toUs: clock[1],
            requests: apiRun.requests,
            cpuMsPerRequest: apiRun.cpu[0],
            note: `${apiRun.rps.toFixed(0)} req/s, p99 ${apiRun.p99} ms, ${CONNECTIONS} connections; 1-minute load average after the run ${load.toFixed(1)} on ${os.cpus().length} CPUs.`,
          });
        const floor = await measured(ownCpuMs, db.dataDir, () => sqlFloor(floorPool, s.floor, CONNECTIONS, DURATION));
        const result: Round = { api: apiRun, client, load, floor };
        if (s.kind !== 'answer') {
          // the same statements behind a bare Fastify route (issue 37): what HTTP adds to the SQL floor
          const floorRoute = { ...s, path: `/floor/${all.indexOf(s)}` };
          await runAutocannon(httpFloor.address, floorRoute, tokens, WARM_UP).catch(() => undefined);
          const httpClient0 = ownCpuMs();
          const httpCpuMs = async () => (await httpFloor.cpu()).ms;
          const http = await measured(httpCpuMs, db.dataDir, () => runAutocannon(httpFloor.address, floorRoute, tokens));
          result.http = { ...http, client: (ownCpuMs() - httpClient0) / Math.max(1, http.requests) };
        }
        // issue 16: the naive page ‖ count(*) floor beside the figure of a list that no longer counts
        if (s.naive) {
          const naiveFloor = s.naive.floor;
          result.naive = await measured(ownCpuMs, db.dataDir, () => sqlFloor(floorPool, naiveFloor, CONNECTIONS, DURATION));
        }
        row.rounds.push(result);
        const { ratio } = verdict({ scenario: s, rounds: [result] });
        console.log(
          `round ${round}: ${s.name}: API ${apiRun.rps.toFixed(0)} req/s p99 ${apiRun.p99} ms, SQL ${floor.rps.toFixed(0)} req/s, ` +
            `${result.http ? `HTTP floor ${result.http.rps.toFixed(0)} req/s, ` : ''}API/SQL ${ratio.toFixed(2)}, load ${load.toFixed(1)}`,
        );
      }
    }
    await httpFloor.stop();
    const loadAtEnd = os.loadavg();
    await api.stop();
    if (process.env.BENCH_API_PROF)
      for (const file of profiles.write(process.env.BENCH_API_PROF, api.pid)) console.log(`written ${file}`);
    await floorPool.end();
    issuer.close();
    const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
    const report = [
      '# API benchmark (npm run bench:api)',
      '',
      `Run ${new Date().toISOString()} on ${process.platform}/${process.arch}, ${os.cpus().length} CPUs, Node ${process.version}, ` +
        `PostgreSQL ${version[0]!.server_version}; ${CONNECTIONS} connections, ${DURATION} s per run after a warm-up run; national-scale seed (scale ${args.scale}); ` +
        `${ROUNDS} rounds of every row in turn, each figure the median of its rounds.`,
      `Load average (1 / 5 / 15 min) at start ${loads(loadAtStart)}, at end ${loads(loadAtEnd)}: anything above the CPU count means other work shared the machine and lowered every req/s.`,
      '',
      `API: the real Fastify app (JWT verification, users row, validation, serialisation) in a process of its own, on loopback, with its pool as deployed (${API_POOL_SIZE} connections, DATABASE_POOL_SIZE): the requests beyond it wait in the pool's queue. ` +
        'Floor: the SQL statements the API sends for the same request (same texts, parameters, prepared or not, page ‖ count for lists) from a bare node-postgres client with the same concurrency. ' +
        'CPU ms/req: the API process (or the floor client) + PostgreSQL; autocannon: the load generator, on the same two CPUs during the API run (the floor has no HTTP client). Load: 1-minute load average after the API run.',
      '',
      ...MAIN_HEADER,
      ...rows.map(mainLine),
      '',
      ...(rows.some((r) => r.scenario.kind !== 'answer')
        ? [
            '## The HTTP floor (issue 37)',
            '',
            "HTTP floor: the SQL floor's statements, pool and concurrency behind a bare Fastify route in a process of its own " +
              '(bench/http-sql-floor-server.ts: no token, no users row, no hooks, no validation, no schemas; JSON.stringify of the rows), ' +
              "driven by autocannon like the API. HTTP floor/SQL: what HTTP (the server's parsing and writing, the load generator on the same CPUs) " +
              "leaves of the SQL floor's req/s, for any HTTP API on this machine. API/HTTP floor: what the API's own work leaves of that.",
            '',
            ...HTTP_HEADER,
            ...rows.filter((r) => r.scenario.kind !== 'answer').map(httpLine),
            '',
          ]
        : []),
      ...(rows.some((r) => r.scenario.naive)
        ? [
            '## Past the naive floor (issue 16)',
            '',
            "The unfiltered companies list reads its total from company_count (migration 0010, kept by triggers) instead of counting the chamber's rows; " +
              'its floor above is the page ‖ that lookup. Naive floor: the page ‖ count(*) the API sent before, measured in the same run.',
            '',
            ...PAST_HEADER,
            ...rows.filter((r) => r.scenario.naive).map(pastLine),
            '',
          ]
        : []),
    ].join('\n');
    // a filtered run leaves the full report alone
    const out = writeResult(
      only ? 'api-only.md' : 'api.md',
      only ? report.replace('\n\n', `\n\nOnly the scenarios matching BENCH_ONLY=${only.source}.\n`) : report,
    );
    console.log(`\nwritten ${out}`);
  } finally {
    await db.stop();
  }
}

if (!existsSync('package.json')) throw new Error('run from the repository root');
await main();
