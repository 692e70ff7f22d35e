/**
 * Where a profiled process's milliseconds per request go, over one window of a V8 .cpuprofile:
 * self time by group, inclusive time by request stage (bench/profile/groups.ts), the top functions,
 * and an icicle graph (bench/profile/flame-svg.ts). bench/api.ts writes one per row with
 * BENCH_API_PROF; the CLI slices any profile (e.g. one of bench/answer-cpu.ts):
 *
 *   npx tsx bench/profile/report.ts <file.cpuprofile> [--from-us X --to-us Y] [--requests N] \
 *     [--title T] [--cpu-ms-per-request M] [--note TEXT] --out bench/results/profiles/<name>
 *
 * writes <name>.md and <name>.svg. --from-us / --to-us: the process's monotonic clock in µs (the
 * profile's own timestamps; default its whole span); --requests: what the window's milliseconds are
 * divided by (default 1).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readProfile, slice, stacks, type CallFrame, type CpuProfile } from './read.ts';
import { GROUP_RULES, IDLE, STAGES, selfGroup } from './groups.ts';
import { flameSvg, flameTree } from './flame-svg.ts';

export interface Window {
  title: string;
  /** monotonic µs; default the profile's span */
  fromUs?: number;
  toUs?: number;
  requests: number;
  /** the process's CPU per request over the window as the OS counted it (bench/api.ts: process.cpuUsage) */
  cpuMsPerRequest?: number;
  /** a line under the source: the run's conditions */
  note?: string;
}

export interface Breakdown {
  windowMs: number;
  samples: number;
  busySamples: number;
  busyUs: number;
  idleUs: number;
  /** self µs per group, busy samples only */
  groups: Map<string, number>;
  /** inclusive µs per stage name */
  stages: Map<string, number>;
  /** self µs per function (name, file:line) */
  functions: Map<string, number>;
}

const frameLabel = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'}${f.url ? ` ${f.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(server|bench|scripts|access)\//, '$1/')}:${f.lineNumber + 1}` : ''}`;

const add = (m: Map<string, number>, key: string, us: number) => m.set(key, (m.get(key) ?? 0) + us);

export function breakdown(profile: CpuProfile, fromUs?: number, toUs?: number) {
  const window = slice(profile, fromUs, toUs);
  const byNode = stacks(profile);
  const frames = new Map([...byNode].map(([id, s]) => [id, s.map((n) => n.callFrame)]));
  const result: Breakdown = {
    windowMs: (window.toUs - window.fromUs) / 1000,
    samples: window.samples.length,
    busySamples: 0,
    busyUs: 0,
    idleUs: 0,
    groups: new Map(),
    stages: new Map(STAGES.map((s) => [s.name, 0])),
    functions: new Map(),
  };
  for (const { node, weightUs } of window.samples) {
    const stack = frames.get(node) ?? [];
    const group = selfGroup(stack);
    if (group === IDLE) {
      result.idleUs += weightUs;
      continue;
    }
    result.busySamples++;
    result.busyUs += weightUs;
    add(result.groups, group, weightUs);
    const leaf = stack.at(-1);
    if (leaf) add(result.functions, frameLabel(leaf), weightUs);
    for (const stage of STAGES) if (stage.matches(stack)) add(result.stages, stage.name, weightUs);
  }
  return { result, window, byNode };
}

const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);

export function markdown(b: Breakdown, w: Window, source: string): string {
  const n = Math.max(1, w.requests);
  const ms = (us: number) => (us / 1000 / n).toFixed(3);
  const pct = (us: number) => (b.busyUs > 0 ? ((100 * us) / b.busyUs).toFixed(1) : '0.0');
  const row = ([k, us]: [string, number]) => `| ${k} | ${ms(us)} | ${pct(us)} % |`;
  const small = sorted(b.groups).filter(([, us]) => us / b.busyUs < 0.001);
  return [
    `# CPU profile: ${w.title}`,
    '',
    `Source: \`${source}\`, window ${w.fromUs ?? 'start'} – ${w.toUs ?? 'end'} µs (monotonic clock), ${b.windowMs.toFixed(0)} ms long; ` +
      `${w.requests} requests; ${b.samples} samples, ${b.busySamples} busy. Flame graph: the .svg beside this file.`,
    ...(w.note ? ['', w.note] : []),
    '',
    '| per request | ms |',
    '|---|---|',
    `| sampled busy time (all groups below) | ${ms(b.busyUs)} |`,
    `| (idle): the event loop waiting | ${ms(b.idleUs)} |`,
    ...(w.cpuMsPerRequest !== undefined
      ? [`| the process's CPU as the OS counted it (all threads) | ${w.cpuMsPerRequest.toFixed(3)} |`]
      : []),
    '',
    "Sampled time is the main thread's wall time outside (idle), each sample weighing the time to the next:",
    'it includes any time the thread waited for a CPU (on a loaded machine mostly charged to the frame it',
    'was preempted in, often a system call), so it can exceed the OS figure, which is CPU time of all',
    "threads (the garbage collector's helpers and libuv's pool too). Compare the groups' shares, not their sum.",
    '',
    '## Self time by group',
    '',
    ...GROUP_RULES,
    '',
    '| group | ms/request | share of busy |',
    '|---|---|---|',
    ...sorted(b.groups)
      .filter(([, us]) => us / b.busyUs >= 0.001)
      .map(row),
    ...(small.length
      ? [`| ${small.length} more groups under 0.1 % each | ${ms(small.reduce((s, [, us]) => s + us, 0))} | |`]
      : []),
    '',
    '## Stages every request passes (inclusive)',
    '',
    'A sample counts for a stage when a frame of its stack matches the rule. A stage holds its own',
    "synchronous work and what it calls; an awaited query's reply is handled later, under pg's socket",
    'read, and counts there. Stages nest, so they do not add up.',
    '',
    '| stage | ms/request | share of busy | rule |',
    '|---|---|---|---|',
    ...STAGES.map((s) => `| ${s.name} | ${ms(b.stages.get(s.name) ?? 0)} | ${pct(b.stages.get(s.name) ?? 0)} % | ${s.rule} |`),
    '',
    '## Top functions (self time)',
    '',
    '| function | ms/request | share of busy |',
    '|---|---|---|',
    ...sorted(b.functions)
      .slice(0, 25)
      .map(([k, us]) => row([`\`${k}\``, us])),
    '',
  ].join('\n');
}

/** Writes `<out>.md` and `<out>.svg` for one window of a profile; returns the two paths. */
export function writeProfileReport(profile: CpuProfile, w: Window, out: string, source: string): string[] {
  const { result, window, byNode } = breakdown(profile, w.fromUs, w.toUs);
  mkdirSync(path.dirname(out), { recursive: true });
  const svg = flameSvg(flameTree(window, byNode), { title: w.title, requests: w.requests });
  writeFileSync(`${out}.md`, markdown(result, w, source));
  writeFileSync(`${out}.svg`, svg);
  return [`${out}.md`, `${out}.svg`];
}

/** a file name for a row's name: "companies list, typical chamber" → "companies-list-typical-chamber" */
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'from-us': { type: 'string' },
      'to-us': { type: 'string' },
      requests: { type: 'string', default: '1' },
      title: { type: 'string' },
      'cpu-ms-per-request': { type: 'string' },
      note: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file || !values.out) {
    console.error(
      'usage: report.ts <file.cpuprofile> [--from-us X --to-us Y] [--requests N] [--title T] --out <path without extension>',
    );
    process.exit(2);
  }
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const written = writeProfileReport(
    readProfile(file),
    {
      title: values.title ?? path.basename(values.out),
      fromUs: num(values['from-us']),
      toUs: num(values['to-us']),
      requests: Number(values.requests),
      cpuMsPerRequest: num(values['cpu-ms-per-request']),
      note: values.note,
    },
    values.out,
    file,
  );
  console.log(`written ${written.join(', ')}`);
}
