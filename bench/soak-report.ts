/** bench/soak.ts's report: the checks of issue 16, CPU and GC after the warm-up, and the samples (bench/results/soak.md). */
import { writeResult } from './results-dir.ts';
import os from 'node:os';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** the name bench/soak.ts gives its own process among the watched ones */
export const LOAD_GENERATOR = 'soak';

export interface Sample {
  at: number;
  requests: number;
  errors: number;
  p99: number;
  rss: Record<string, number | null>;
  pgAnon: number | null;
  connections: number;
  /** the longest GC pause in the window: of the API processes, and of this process (the load generator) */
  apiGcMax: number;
  soakGcMax: number;
  /** PostgreSQL's automatic vacuums and analyzes, and its checkpoints, finished in the window */
  autovacuums: number | null;
  checkpoints: number | null;
}

export interface SoakSettings {
  seconds: number;
  thinkMs: number;
  rampSeconds: number;
  sampleSeconds: number;
  warmUpSeconds: number;
  apis: number;
  /** each API process's pool */
  pool: number;
  /** where the load went, as the report says it */
  via: string;
}

export function writeReport(
  r: {
    samples: Sample[];
    allLatencies: number[];
    steadyLatencies: number[];
    gcPauses: ReadonlyArray<readonly [string, number[]]>;
    cpuShare: ReadonlyArray<readonly [string, number]>;
    byKind: Map<string, number[]>;
    totalErrors: number;
    errorKinds: Map<string, number>;
    loadAtStart: number[];
    loadAtEnd: number[];
    admins: number;
  },
  settings: SoakSettings,
) {
  const sorted = r.allLatencies.sort((x, y) => x - y);
  const p99 = percentile(sorted, 99);
  const steadyP99 = percentile(
    r.steadyLatencies.sort((x, y) => x - y),
    99,
  );
  const warm = r.samples.find((s) => s.at >= settings.warmUpSeconds) ?? r.samples[0]!;
  const last = r.samples.at(-1)!;
  const growth = (a: number | null, b: number | null) => (a && b ? (b - a) / a : 0);
  const names = Object.keys(last.rss);
  const growths = names.map((n) => [n, growth(warm.rss[n] ?? null, last.rss[n] ?? null)] as const);
  // A pool that re-grows after idling a moment is not a leak: compare the highest value of the
  // first and the second half after the warm-up, not two instants.
  const steady = r.samples.filter((s) => s.at >= settings.warmUpSeconds);
  const halves = (value: (s: Sample) => number | null) => {
    const half = Math.floor(steady.length / 2);
    const max = (part: Sample[]) => Math.max(0, ...part.map((s) => value(s) ?? 0));
    // a run too short for two halves compares its one window with itself
    return half === 0 ? ([max(steady), max(steady)] as const) : ([max(steady.slice(0, half)), max(steady.slice(half))] as const);
  };
  const [pgFirst, pgSecond] = halves((s) => s.pgAnon);
  const pgGrowth = growth(pgFirst, pgSecond);
  const [connectionsFirst, connectionsSecond] = halves((s) => s.connections);
  const maxConnections = Math.max(...r.samples.map((s) => s.connections));
  // each API process: its pool and the room hub's LISTEN connection; the soak's own pool: 2
  const connectionLimit = settings.apis * (settings.pool + 1) + 2;
  const rssCheck = ([n, g]: readonly [string, number]) =>
    n === LOAD_GENERATOR
      ? ([`RSS of ${n} (the load generator, not Kaigi: it keeps every latency)`, `${(g * 100).toFixed(1)} %`, null] as const)
      : ([`RSS of ${n}: growth after warm-up < 10 %`, `${(g * 100).toFixed(1)} %`, g < 0.1] as const);
  const checks: ReadonlyArray<readonly [string, string, boolean | null]> = [
    [`p99 ≤ 100 ms, the whole run`, `${p99.toFixed(0)} ms`, p99 <= 100],
    [`p99 ≤ 100 ms after the warm-up (${r.steadyLatencies.length} requests)`, `${steadyP99.toFixed(0)} ms`, steadyP99 <= 100],
    [
      '0 errors',
      `${r.totalErrors}${r.errorKinds.size ? ` (${[...r.errorKinds].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`,
      r.totalErrors === 0,
    ],
    ...growths.map(rssCheck),
    [
      'PostgreSQL backends (RssAnon, highest of each half after warm-up): growth < 10 %',
      `${pgFirst.toFixed(0)} → ${pgSecond.toFixed(0)} MB, ${(pgGrowth * 100).toFixed(1)} %`,
      pgGrowth < 0.1,
    ],
    [
      `connections: never above the pools (${connectionLimit}), none gained after warm-up (highest of each half)`,
      `max ${maxConnections}, ${connectionsFirst} → ${connectionsSecond}`,
      maxConnections <= connectionLimit && connectionsSecond <= connectionsFirst,
    ],
  ];
  const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  const report = [
    '# Soak (npm run soak)',
    '',
    `Run ${new Date().toISOString()} on ${process.platform}/${process.arch}, ${os.cpus().length} CPUs, Node ${process.version}; ` +
      `${r.admins} company admins for ${settings.seconds} s (each: answer, conference list, conference with expand, answer; ${settings.thinkMs} ms ± 50 % between requests), ` +
      `${settings.apis} API processes (pool ${settings.pool} each), load sent ${settings.via}; ` +
      `arrivals spread over ${Math.max(settings.thinkMs / 1000, settings.rampSeconds)} s; warm-up ${settings.warmUpSeconds} s. Command: \`SOAK_SECONDS=${settings.seconds} npm run soak\`.`,
    `Load average (1 / 5 / 15 min) at start ${loads(r.loadAtStart)}, at end ${loads(r.loadAtEnd)}.`,
    '',
    `${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; ` +
      [...r.byKind]
        .map(([kind, l]) => {
          const k = l.sort((x, y) => x - y);
          return `${kind} p50 ${percentile(k, 50).toFixed(0)} / p99 ${percentile(k, 99).toFixed(0)} ms (${k.length})`;
        })
        .join(', ') +
      '.',
    '',
    '| check | measured | |',
    '|---|---|---|',
    ...checks.map(([what, measured, ok]) => `| ${what} | ${measured} | ${ok === null ? 'not judged' : ok ? 'met' : 'MISSED'} |`),
    '',
    `## CPU after the warm-up (${os.cpus().length} CPUs)`,
    '',
    '| process | CPUs busy |',
    '|---|---|',
    ...r.cpuShare.map(([name, share]) => `| ${name} | ${share.toFixed(2)} |`),
    `| all of these | ${r.cpuShare.reduce((sum, [, share]) => sum + share, 0).toFixed(2)} |`,
    '',
    '## GC pauses after the warm-up',
    '',
    "Each pause stops the process's event loop: every request in flight there waits it out (server/config/node-flags.ts).",
    '',
    '| process | pauses | p50 ms | p99 ms | max ms | total s |',
    '|---|---|---|---|---|---|',
    ...r.gcPauses.map(([name, pauses]) => {
      const p = pauses.sort((x, y) => x - y);
      const total = p.reduce((sum, x) => sum + x, 0) / 1000;
      return `| ${name} | ${p.length} | ${percentile(p, 50).toFixed(1)} | ${percentile(p, 99).toFixed(1)} | ${(p.at(-1) ?? 0).toFixed(1)} | ${total.toFixed(1)} |`;
    }),
    '',
    '## Samples',
    '',
    'Per window: its p99; the longest GC pause of the API processes and of the load generator; the automatic',
    'vacuums / analyzes and checkpoints PostgreSQL finished in it.',
    '',
    `| s | req/s | p99 ms | errors | ${names.map((n) => `RSS ${n} MB`).join(' | ')} | PostgreSQL RssAnon MB | connections | API GC max ms | soak GC max ms | autovacuums | checkpoints |`,
    `|${'---|'.repeat(names.length + 10)}`,
    ...r.samples.map(
      (s) =>
        `| ${s.at} | ${(s.requests / settings.sampleSeconds).toFixed(0)} | ${s.p99.toFixed(0)} | ${s.errors} | ` +
        `${names.map((n) => s.rss[n]?.toFixed(0) ?? '?').join(' | ')} | ${s.pgAnon?.toFixed(0) ?? '?'} | ${s.connections} | ` +
        `${s.apiGcMax.toFixed(0)} | ${s.soakGcMax.toFixed(0)} | ${s.autovacuums ?? '?'} | ${s.checkpoints ?? '?'} |`,
    ),
    '',
  ].join('\n');
  console.log(`\n${report}\nwritten ${writeResult('soak.md', report)}`);
}
