/**
 * npm run soak — issue 16: 200 company admins answering and reading for 10 minutes; p99, errors, the
 * RSS of every process over time (flat after warm-up: growth < 10 %) and PostgreSQL's connections
 * (pg_stat_activity over time: no leak). Only its smallest run is in CI (npm run bench:smoke); writes bench/results/soak.md.
 *
 *   npm run soak                              SOAK_APIS (2) API processes on the national seed, as bench:api starts them,
 *                                             behind Debian's nginx with deploy/nginx/kaigi.conf (as npm run start:cluster)
 *   SOAK_DIRECT=1 npm run soak                the same without nginx: the load goes to the API processes in turn
 *   SOAK_SECONDS=60 npm run soak              a short run (default 600)
 *   SOAK_API_PORTS=3101,3102 SOAK_URL=http://127.0.0.1:8080 npm run soak
 *                                             the API processes on those ports, the load through a proxy at SOAK_URL
 *                                             (an nginx whose upstreams are those ports); SOAK_PIDS=1,2 adds its processes
 * Also SOAK_USERS (200), SOAK_THINK_MS (1000: each admin's pause between requests), SOAK_SAMPLE_SECONDS (10),
 * SOAK_RAMP_SECONDS (10: the admins' first requests are spread over it), SOAK_SCALE (1: the national seed's scale),
 * and BENCH_DATA_DIR / BENCH_PG_PORT / BENCH_DATABASE_URL as for bench:api.
 *
 * The load generator shares the CPUs with what it measures, so it is kept light: undici's request
 * rather than fetch, and the npm script runs it with the API processes' young generation
 * (server/config/node-flags.ts), since its own GC pauses add to every latency it measures.
 *
 * Tokens come from the benchmarks' own issuer (bench/token-issuer.ts), so the API processes are the
 * soak's own; the proxy in front of them is what SOAK_URL adds. RSS: VmRSS of each Node process;
 * PostgreSQL's backends by RssAnon (their private memory: shared buffers they touch are not a leak).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { CLIENT_ID, ISSUER, tokenIssuer } from './token-issuer.ts';
import { database, ensureSeeded, startApi } from './api-setup.ts';
import { answerBodies, answerers } from './api-scenarios.ts';
import { startNginx, type Nginx } from '../scripts/cluster/nginx.ts';
import { cpuSeconds, maintenanceCounts, memory, postgresAnonMb } from './soak-probes.ts';
import { LOAD_GENERATOR, percentile, writeReport, type Sample } from './soak-report.ts';
import { poolSettingsFrom } from '../server/db/pool-settings.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = env('SOAK_SECONDS', 600);
const USERS = env('SOAK_USERS', 200);
const THINK_MS = env('SOAK_THINK_MS', 1000);
const SAMPLE_SECONDS = env('SOAK_SAMPLE_SECONDS', 10);
const RAMP_SECONDS = env('SOAK_RAMP_SECONDS', 10);
const PORTS = process.env.SOAK_API_PORTS?.split(',').map(Number);
const APIS = PORTS?.length ?? env('SOAK_APIS', 2);
/** warm-up: the first fifth of the run, at most two minutes; growth is measured from its end */
const WARM_UP_SECONDS = Math.min(120, SECONDS / 5);
/** each API process's pool, as deployed; the soak's PostgreSQL connections may not pass APIS × this + its own */
const POOL = poolSettingsFrom(process.env, []).size;
/** nginx in front of the API processes (unless SOAK_DIRECT), or the proxy given as SOAK_URL */
let proxy: Nginx | undefined;
let proxyUrl = process.env.SOAK_URL;

async function main() {
  const db = await database();
  const apis: Array<Awaited<ReturnType<typeof startApi>>> = [];
  const issuer = await tokenIssuer();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    await ensureSeeded(db.url, env('SOAK_SCALE', 1));
    for (let i = 0; i < APIS; i++) {
      apis.push(
        await startApi({
          databaseUrl: db.url,
          issuer: ISSUER,
          jwksUri: issuer.jwksUri,
          clientId: CLIENT_ID,
          port: PORTS?.[i],
        }),
      );
    }
    const companies = await answerers(pool, USERS);
    if (companies.length < USERS)
      console.log(`only ${companies.length} companies invited to the conference: ${companies.length} admins`);
    const tokens = await Promise.all(companies.map((a) => issuer.mint(a.username)));
    if (!process.env.SOAK_URL && !process.env.SOAK_DIRECT) {
      const port = env('SOAK_NGINX_PORT', 18480);
      proxy = await startNginx({
        dir: path.join(os.tmpdir(), 'kaigi-soak-nginx'),
        listen: { host: '127.0.0.1', port },
        apiPorts: apis.map((a) => Number(new URL(a.address).port)),
      });
      proxyUrl = `http://127.0.0.1:${port}`;
    }
    const targets = proxyUrl ? [proxyUrl] : apis.map((a) => a.address);
    const watched: Record<string, number> = Object.fromEntries(apis.map((a, i) => [`api ${i + 1}`, a.pid]));
    watched[LOAD_GENERATOR] = process.pid;
    for (const pid of process.env.SOAK_PIDS?.split(',').map(Number) ?? []) watched[`pid ${pid}`] = pid;

    let latencies: number[] = [];
    const byKind = new Map<string, number[]>();
    let errors = 0;
    const allLatencies: number[] = [];
    /** the latencies of the sample windows after the warm-up, and the API processes' GC pauses there */
    const steadyLatencies: number[] = [];
    const apiGcSteady: number[][] = apis.map(() => []);
    const soakGcSteady: number[] = [];
    let soakGcWindow: number[] = [];
    const ownGc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) soakGcWindow.push(entry.duration);
    });
    ownGc.observe({ entryTypes: ['gc'] });
    let maintenance = await maintenanceCounts(pool);
    // CPU seconds after the warm-up by process, summed per pid and window: a PostgreSQL backend
    // that ends loses at most its last window, and one that starts counts from zero
    const cpuSteady: Record<string, number> = {};
    let cpuSteadySeconds = 0;
    let cpuLast = { at: Date.now(), byPid: cpuSeconds(watched) };
    let totalErrors = 0;
    const errorKinds = new Map<string, number>();
    const end = Date.now() + SECONDS * 1000;
    // undici's request, not fetch: the load generator shares the CPUs with what it measures, and
    // fetch cost it ~1 ms of CPU per request (0.20 CPUs at 195 req/s)
    const dispatcher = new Agent({ keepAliveTimeout: 30_000 });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    // one company admin: answers (attend / absent in turn), reads the list and the conference
    const admin = async (i: number) => {
      const a = companies[i]!;
      const base = targets[i % targets.length]!;
      // gzip as a browser asks for it (nginx compresses the larger replies); the body is read, not unpacked
      const headers = { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json', 'accept-encoding': 'gzip' };
      const bodies = answerBodies(a);
      const send = (path: string, body?: string) =>
        request(`${base}${path}`, { dispatcher, method: body ? 'POST' : 'GET', headers, body });
      const steps: Array<[string, () => ReturnType<typeof send>]> = [
        ['answer', () => send('/v1/company/conference_members/answer', bodies[0])],
        ['conference list', () => send('/v1/company/conferences')],
        [
          'conference with expand',
          () => send(`/v1/company/conferences/${a.conferenceId}?expand=sub_conferences,members,attachments`),
        ],
        ['answer', () => send('/v1/company/conference_members/answer', bodies[1])],
      ];
      // the admins arrive over the ramp, as people sign in over time, not in the same second
      await sleep(Math.random() * Math.max(THINK_MS, RAMP_SECONDS * 1000));
      for (let n = 0; Date.now() < end; n++) {
        const t = performance.now();
        const [kind, step] = steps[n % steps.length]!;
        try {
          const res = await step();
          await res.body.arrayBuffer();
          if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`HTTP ${res.statusCode}`);
          const ms = performance.now() - t;
          latencies.push(ms);
          if (!byKind.has(kind)) byKind.set(kind, []);
          byKind.get(kind)!.push(ms);
        } catch (err) {
          errors++;
          const kind = (err as Error).message;
          errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
        }
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    };

    const started = Date.now();
    const samples: Sample[] = [];
    const sample = async () => {
      const sorted = latencies.sort((x, y) => x - y);
      const { rows } = await pool.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database()',
      );
      const at = Math.round((Date.now() - started) / 1000);
      const apiGc = await Promise.all(apis.map((api) => api.gcPauses()));
      const soakGc = soakGcWindow;
      soakGcWindow = [];
      const counts = await maintenanceCounts(pool);
      const since = (now: number | undefined, before: number | undefined) =>
        now !== undefined && before !== undefined ? now - before : null;
      const cpuNow = { at: Date.now(), byPid: cpuSeconds(watched) };
      // a window wholly after the warm-up
      if (at - SAMPLE_SECONDS >= WARM_UP_SECONDS) {
        steadyLatencies.push(...sorted);
        apiGc.forEach((pauses, i) => apiGcSteady[i]!.push(...pauses));
        soakGcSteady.push(...soakGc);
        for (const [pid, { name, seconds }] of cpuNow.byPid)
          cpuSteady[name] = (cpuSteady[name] ?? 0) + seconds - (cpuLast.byPid.get(pid)?.seconds ?? 0);
        cpuSteadySeconds += (cpuNow.at - cpuLast.at) / 1000;
      }
      cpuLast = cpuNow;
      samples.push({
        at,
        requests: sorted.length,
        errors,
        p99: percentile(sorted, 99),
        rss: Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, memory(pid, 'VmRSS')])),
        pgAnon: postgresAnonMb(db.dataDir),
        connections: rows[0]!.n,
        apiGcMax: Math.max(0, ...apiGc.flat()),
        soakGcMax: Math.max(0, ...soakGc),
        autovacuums: since(counts?.autovacuums, maintenance?.autovacuums),
        checkpoints: since(counts?.checkpoints, maintenance?.checkpoints),
      });
      maintenance = counts;
      allLatencies.push(...sorted);
      totalErrors += errors;
      latencies = [];
      errors = 0;
      const s = samples.at(-1)!;
      console.log(
        `${s.at}s: ${(s.requests / SAMPLE_SECONDS).toFixed(0)} req/s, p99 ${s.p99.toFixed(0)} ms, ${s.errors} errors, ` +
          `${s.connections} connections, RSS ${Object.values(s.rss)
            .map((r) => r?.toFixed(0))
            .join(' / ')} MB, GC max ${s.apiGcMax.toFixed(0)} / ${s.soakGcMax.toFixed(0)} ms, ` +
          `${s.autovacuums ?? '?'} autovacuums, ${s.checkpoints ?? '?'} checkpoints`,
      );
    };
    const sampler = setInterval(() => void sample(), SAMPLE_SECONDS * 1000);
    const loadAtStart = os.loadavg();
    await Promise.all(companies.map((_, i) => admin(i)));
    clearInterval(sampler);
    await dispatcher.close();
    await sample();
    const loadAtEnd = os.loadavg();
    ownGc.disconnect();
    const gcPauses = [
      ...apiGcSteady.map((pauses, i) => [`api ${i + 1}`, pauses] as const),
      ['soak (the load generator)', soakGcSteady] as const,
    ];
    // in CPUs kept busy
    const cpuShare = Object.entries(cpuSteady).map(([name, seconds]) => [name, seconds / cpuSteadySeconds] as const);

    writeReport(
      {
        samples,
        allLatencies,
        steadyLatencies,
        gcPauses,
        cpuShare,
        byKind,
        totalErrors,
        errorKinds,
        loadAtStart,
        loadAtEnd,
        admins: companies.length,
      },
      {
        seconds: SECONDS,
        thinkMs: THINK_MS,
        rampSeconds: RAMP_SECONDS,
        sampleSeconds: SAMPLE_SECONDS,
        warmUpSeconds: WARM_UP_SECONDS,
        apis: APIS,
        pool: POOL,
        via: proxyUrl
          ? `through ${process.env.SOAK_URL ? `the proxy at ${proxyUrl}` : 'nginx (deploy/nginx/kaigi.conf)'}`
          : 'to the API processes directly',
      },
    );
  } finally {
    await proxy?.stop();
    for (const api of apis) await api.stop();
    await pool.end();
    issuer.close();
    await db.stop();
  }
}

if (!existsSync('package.json')) throw new Error('run from the repository root');
await main();
