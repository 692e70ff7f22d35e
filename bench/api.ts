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
import { database, ensureSeeded, startApi } from './api-setup.ts';
import { profileWindows } from './profile/api-windows.ts';
import { SESSION_OPTIONS } from '../server/db/client.ts';
import { poolSettingsFrom } from '../server/db/pool-settings.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    scale: { type: 'string', default: '1' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const API_POOL_SIZE = poolSettingsFrom(process.env, []).size;
function runAutocannon(url: string, s: Scenario, tokens: Map<string, string>): Promise<LoadResult> {
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
        duration: DURATION,
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

const cpuCell = ([node, postgres]: [number, number | null]) =>
  `${node.toFixed(2)} + ${postgres === null ? '?' : postgres.toFixed(2)}`;

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
    const rows: string[] = [];
    const pastRows: string[] = [];
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    const profiles = profileWindows(resultsDir());
    for (const s of (await scenarios(floorPool)).filter((x) => !only || only.test(x.name))) {
      const tokens = new Map(await Promise.all(s.users.map(async (u) => [u, await issuer.mint(u)] as const)));
      await runAutocannon(api.address, s, tokens).catch(() => undefined); // warm-up (JWKS, plans, caches)
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
      const clientCpu = (ownCpuMs() - client0) / Math.max(1, apiRun.requests);
      const load = os.loadavg()[0];
      profiles.add({
        title: s.name,
        fromUs: clock[0],
        toUs: clock[1],
        requests: apiRun.requests,
        cpuMsPerRequest: apiRun.cpu[0],
        note: `${apiRun.rps.toFixed(0)} req/s, p99 ${apiRun.p99} ms, ${CONNECTIONS} connections; 1-minute load average after the run ${load.toFixed(1)} on ${os.cpus().length} CPUs.`,
      });
      const floor = await measured(ownCpuMs, db.dataDir, () => sqlFloor(floorPool, s.floor, CONNECTIONS, DURATION));
      const ratio = apiRun.rps / floor.rps;
      // issue 16: the naive page ‖ count(*) floor beside the figure of a list that no longer counts
      const target = s.naive?.past;
      let pastMet = true;
      if (s.naive) {
        const naiveFloor = s.naive.floor;
        const naive = await measured(ownCpuMs, db.dataDir, () => sqlFloor(floorPool, naiveFloor, CONNECTIONS, DURATION));
        const past = apiRun.rps / naive.rps;
        pastMet = !target || past >= target;
        pastRows.push(
          `| ${s.name} | ${apiRun.rps.toFixed(0)} | ${apiRun.p99} | ${naive.rps.toFixed(0)} | ${naive.p99.toFixed(1)} | ${cpuCell(naive.cpu)} | ` +
            `${past.toFixed(2)} | ${target ? `≥ ${target}×` : '—'} | ${target ? (pastMet ? 'met' : 'MISSED') : ''} |`,
        );
      }
      // DESIGN.md §9: p99 budgets for lists, details and answers; the floor ratio for lists
      const met = apiRun.p99 <= s.budgetP99Ms && (s.kind !== 'list' || ratio >= 0.75) && apiRun.errors === 0 && pastMet;
      const budget = `≤ ${s.budgetP99Ms} ms${s.kind === 'list' ? ', ≥ 0.75×' : ''}${target ? `, ≥ ${target}× naive` : ''}`;
      const line =
        `| ${s.name} | ${apiRun.rps.toFixed(0)} | ${apiRun.p50} | ${apiRun.p99} | ${apiRun.errors} | ${cpuCell(apiRun.cpu)} | ${clientCpu.toFixed(2)} | ` +
        `${floor.rps.toFixed(0)} | ${floor.p50.toFixed(1)} | ${floor.p99.toFixed(1)} | ${cpuCell(floor.cpu)} | ${ratio.toFixed(2)} | ` +
        `${load.toFixed(1)} | ${budget} | ${met ? 'met' : 'MISSED'} |`;
      console.log(line);
      rows.push(line);
    }
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
        `PostgreSQL ${version[0]!.server_version}; ${CONNECTIONS} connections, ${DURATION} s per run after a warm-up run; national-scale seed (scale ${args.scale}).`,
      `Load average (1 / 5 / 15 min) at start ${loads(loadAtStart)}, at end ${loads(loadAtEnd)}: anything above the CPU count means other work shared the machine and lowered every req/s.`,
      '',
      `API: the real Fastify app (JWT verification, users row, validation, serialisation) in a process of its own, on loopback, with its pool as deployed (${API_POOL_SIZE} connections, DATABASE_POOL_SIZE): the requests beyond it wait in the pool's queue. ` +
        'Floor: the SQL statements the API sends for the same request (same texts, parameters, prepared or not, page ‖ count for lists) from a bare node-postgres client with the same concurrency. ' +
        'CPU ms/req: the API process (or the floor client) + PostgreSQL; autocannon: the load generator, on the same two CPUs during the API run (the floor has no HTTP client). Load: 1-minute load average after the API run.',
      '',
      '| scenario | API req/s | API p50 ms | API p99 ms | API errors | API CPU ms/req | autocannon CPU ms/req | SQL req/s | SQL p50 ms | SQL p99 ms | SQL CPU ms/req | API/SQL | load | budget | |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      ...(pastRows.length
        ? [
            '## Past the naive floor (issue 16)',
            '',
            "The unfiltered companies list reads its total from company_count (migration 0010, kept by triggers) instead of counting the chamber's rows; " +
              'its floor above is the page ‖ that lookup. Naive floor: the page ‖ count(*) the API sent before, measured in the same run.',
            '',
            '| scenario | API req/s | API p99 ms | naive floor req/s | naive p99 ms | naive CPU ms/req | API/naive | target | |',
            '|---|---|---|---|---|---|---|---|---|',
            ...pastRows,
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
