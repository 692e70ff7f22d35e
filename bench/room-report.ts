/**
 * bench/results/room.md for npm run bench:room (bench/room.ts): delivery latency beside the
 * NOTIFY → LISTEN floor, RSS per connection, and where each message's time went (bench/room-probe.ts).
 */
import { writeResult } from './results-dir.ts';
import os from 'node:os';
import type { ProbeTimes } from './room-probe.ts';
import type { JobRun } from './room-jobs.ts';

const BUDGET_P99_MS = 250;
const BUDGET_KB_PER_CONNECTION = 50;

export interface MessageResult {
  body: string;
  /** performance.timeOrigin + now just before the POST (the probes' clock) */
  sentAtWall: number;
  postMs: number;
  /** latency of every viewer that got it, ms */
  latencies: number[];
  /** the same, split by the process the viewers are connected to */
  byProcess: number[][];
  missed: number;
}

export interface RoomRun {
  clients: number;
  processes: number;
  intervalMs: number;
  timeoutMs: number;
  startedAt: Date;
  loadAtStart: string;
  loadAtEnd: string;
  pgVersion: string;
  connectSeconds: number;
  rssBefore: number[];
  rssAfter: number[];
  results: MessageResult[];
  /** per API process: its probe's times by message body */
  probes: Record<string, ProbeTimes>[];
  /** CPU ms per message over the message phase (PostgreSQL: embedded server only) */
  cpuMsPerMessage: { bench: number; apis: { user: number; system: number }[]; pg: number | null };
  floor: number[];
  /** the same messages again while imports and exports ran on the first process (issue 29) */
  withJobs: {
    results: MessageResult[];
    runs: JobRun[];
    /** per API process: its probe's times by message body, read after this run */
    probes: Record<string, ProbeTimes>[];
    loadAtStart: string;
    loadAtEnd: string;
    importRows: number;
    exportRows: number;
  };
  /** a line for the report: what else ran on the machine */
  note?: string;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const row = (name: string, values: number[], budget = '') =>
  `| ${name} | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} | ${ms(Math.max(...values))} | ${budget} |`;

/** Per process, the stages of each message: POST → notice → first write → last write → flushed → last receipt. */
function stages(results: MessageResult[], probes: Record<string, ProbeTimes>[], label = ''): string[] {
  const lines: string[] = [];
  probes.forEach((probe, i) => {
    const of = (stage: (m: MessageResult, t: ProbeTimes) => number) =>
      results.flatMap((m) => (probe[m.body] ? [stage(m, probe[m.body]!)] : []));
    const p = `${label}process ${i + 1}`;
    lines.push(
      row(
        `${p}: POST → NOTIFY at its LISTEN (chat transaction, commit)`,
        of((m, t) => t.notice - m.sentAtWall),
      ),
      row(
        `${p}: NOTIFY → first write (room_event read)`,
        of((_, t) => t.first - t.notice),
      ),
      row(
        `${p}: first → last client write (fan-out loop)`,
        of((_, t) => t.last - t.first),
      ),
      row(
        `${p}: last write → writes flushed`,
        of((_, t) => t.flushed - t.last),
      ),
      row(
        `${p}: flushed → last of its viewers got it (benchmark side)`,
        of((m, t) => m.sentAtWall + Math.max(...m.byProcess[i]!) - t.flushed),
      ),
    );
  });
  return lines;
}

function perMessage(results: MessageResult[], runs: JobRun[]): string[] {
  const running = (m: MessageResult) =>
    runs
      .filter((run) => run.from <= m.sentAtWall && m.sentAtWall <= run.to)
      .map((run) => run.kind)
      .join(' + ');
  return [
    '| # | POST | first | p50 | p99 | last | missed | jobs |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (m, i) =>
        `| ${i + 1} | ${ms(m.postMs)} | ${ms(Math.min(...m.latencies))} | ${ms(percentile(m.latencies, 50))} | ${ms(percentile(m.latencies, 99))} | ${ms(Math.max(...m.latencies))} | ${m.missed} | ${running(m)} |`,
    ),
  ];
}

/** The run with the jobs beside the run without: delivery and POST, each against the budget. */
function withJobs(r: RoomRun): string[] {
  const j = r.withJobs;
  const pair = (name: string, results: MessageResult[]) => {
    const all = results.flatMap((m) => m.latencies);
    const posts = results.map((m) => m.postMs);
    const missed = results.reduce((n, m) => n + m.missed, 0);
    const met = percentile(all, 99) <= BUDGET_P99_MS && percentile(posts, 99) <= BUDGET_P99_MS && missed === 0;
    return `| ${name} | ${results.length} | ${ms(percentile(all, 50))} | ${ms(percentile(all, 99))} | ${ms(Math.max(...all))} | ${missed} | ${ms(percentile(posts, 50))} | ${ms(percentile(posts, 99))} | ${ms(Math.max(...posts))} | ${met ? 'met' : 'MISSED'} |`;
  };
  const during = j.results.filter((m) => j.runs.some((run) => run.from <= m.sentAtWall && m.sentAtWall <= run.to)).length;
  return [
    '## With an import and an export running (issue 29)',
    '',
    `The same ${j.results.length} messages to the same viewers again, while the first API process, which runs its jobs as \`npm start\` does ` +
      '(EXPORT_WORKER in-process: a jobs process of its own, server/jobs/job-child-host.ts), takes a ' +
      `${j.importRows.toLocaleString('en')}-row company import (XLSX; the first applied, then dry runs of the same file) and a ` +
      `${j.exportRows.toLocaleString('en')}-row members export (XLSX), each started again as soon as the one before finished, ` +
      `through the API as staff would. ${during} of the ${j.results.length} messages were posted while a job was running. ` +
      `Load (/proc/loadavg) at the start of this run \`${j.loadAtStart}\`, at its end \`${j.loadAtEnd}\`.`,
    '',
    '| run | messages | delivery p50 | delivery p99 | delivery max | missed | POST p50 | POST p99 | POST max | p99 ≤ 250 ms both |',
    '|---|---|---|---|---|---|---|---|---|---|',
    pair('without jobs', r.results),
    pair('with the import and the export', j.results),
    '',
    '| job | what | rows | seconds | rows/s | status |',
    '|---|---|---|---|---|---|',
    ...j.runs.map(
      (run, i) =>
        `| ${i + 1}. ${run.kind} | ${run.what} | ${run.rows} | ${run.seconds.toFixed(1)} | ${Math.round(run.rows / run.seconds)} | ${run.status} |`,
    ),
    '',
  ];
}

export function writeReport(r: RoomRun): void {
  const perProcess = r.clients / r.processes;
  const all = r.results.flatMap((m) => m.latencies);
  const missed = r.results.reduce((n, m) => n + m.missed, 0);
  const perClient = r.rssBefore.map((before, i) => (r.rssAfter[i]! - before) / perProcess);
  const p99 = percentile(all, 99);
  const latencyMet = p99 <= BUDGET_P99_MS && missed === 0;
  const rssMet = perClient.every((kb) => kb <= BUDGET_KB_PER_CONNECTION);
  const cpu = r.cpuMsPerMessage;
  const lines = [
    '# Room fan-out benchmark (npm run bench:room)',
    '',
    `Run ${r.startedAt.toISOString()} on ${process.platform}/${process.arch}, ${os.cpus().length} CPUs, Node ${process.version}, PostgreSQL ${r.pgVersion}.`,
    `Load (/proc/loadavg) at start \`${r.loadAtStart}\`, at end \`${r.loadAtEnd}\`: the API processes, PostgreSQL and the benchmark's ${r.clients} viewers share these CPUs with whatever else runs.`,
    ...(r.note ? ['', r.note] : []),
    '',
    `${r.clients} SSE viewers (room links, kind guest) over ${r.processes} API processes (bench/api-server.ts, the real createServer, one port each, one PostgreSQL), ` +
      `${perProcess} each, connected in ${r.connectSeconds.toFixed(1)} s. Staff posts ${r.results.length} chat messages, one per ${r.intervalMs} ms, ` +
      'alternately to each process, so every message reaches half of the viewers through the other process’s LISTEN. ' +
      'Delivery latency: from just before the POST to a viewer’s receipt of that chat event (its bytes arriving in the benchmark process, before parsing), every viewer of every message. ' +
      `Floor: a bare \`pg_notify\` → LISTEN round trip between two connections of the benchmark process, ${r.floor.length} in turn.`,
    '',
    '| latency ms | n | p50 | p99 | max | budget |',
    '|---|---|---|---|---|---|',
    row('chat delivery, all viewers', all, `p99 ≤ ${BUDGET_P99_MS} ms: ${latencyMet ? 'met' : 'MISSED'}`),
    ...r.probes.map((_, i) =>
      row(
        `… viewers of process ${i + 1}`,
        r.results.flatMap((m) => m.byProcess[i]!),
      ),
    ),
    row(
      'first viewer of each message',
      r.results.map((m) => Math.min(...m.latencies)),
    ),
    row(
      'last viewer of each message',
      r.results.map((m) => Math.max(...m.latencies)),
    ),
    row(
      'chat POST response',
      r.results.map((m) => m.postMs),
    ),
    row('floor: NOTIFY → LISTEN', r.floor),
    '',
    `Deliveries missed (not received within ${r.timeoutMs / 1000} s): ${missed}. ` +
      `Ratio to the floor: p50 ${(percentile(all, 50) / percentile(r.floor, 50)).toFixed(1)}×, p99 ${(p99 / percentile(r.floor, 99)).toFixed(1)}×.`,
    '',
    '| RSS | before kB | with viewers kB | per connection kB | budget |',
    '|---|---|---|---|---|',
    ...perClient.map(
      (kb, i) =>
        `| process ${i + 1} (${perProcess} viewers) | ${r.rssBefore[i]} | ${r.rssAfter[i]} | ${kb.toFixed(1)} | ≤ ${BUDGET_KB_PER_CONNECTION} kB: ${kb <= BUDGET_KB_PER_CONNECTION ? 'met' : 'MISSED'} |`,
    ),
    '',
    `RSS: VmRSS of each API process after a few warm-up reads and streams, then with all its viewers connected, the warm-up message delivered and 2 s idle. Budget: ${rssMet ? 'met' : 'MISSED'}.`,
    '',
    ...withJobs(r),
    '## Where the time goes',
    '',
    'Stages of each message in each API process (bench/room-probe.ts wraps the hub’s notice handler and client write; the API processes’ wall clocks and the benchmark’s are the same machine’s), ms, over the messages:',
    '',
    '| stage ms | n | p50 | p99 | max | |',
    '|---|---|---|---|---|---|',
    ...stages(r.results, r.probes),
    ...stages(r.withJobs.results, r.withJobs.probes, 'with jobs: '),
    '',
    'CPU ms per message over the message phase (it includes the POSTs, the viewers’ reads and any heartbeats): ' +
      cpu.apis.map((c, i) => `API process ${i + 1} ${c.user.toFixed(1)} user + ${c.system.toFixed(1)} kernel`).join(', ') +
      `, PostgreSQL ${cpu.pg === null ? '?' : cpu.pg.toFixed(1)}, benchmark process (${r.clients} viewers, POSTs) ${cpu.bench.toFixed(1)}.`,
    '',
    'Reading the stages: POST → NOTIFY is the chat transaction (room row lock, the 1 msg/s check, the chat, event and audit ' +
      'inserts, commit); a NOTIFY is delivered only at commit. The hub’s own work is one room_event read per notice and a loop ' +
      'over its clients writing a frame serialised once per event (once more for a chat sender’s own streams, `own: true`). The flush is Node’s ' +
      'HTTP write path per socket (chunked framing, cork → writev on the next tick) and loopback TCP in the kernel, which also ' +
      'wakes the reader: with the benchmark’s viewers on the same CPUs it is the largest stage, and any other load on the ' +
      'machine stretches every stage (compare the load average above).',
    '',
    'Per message (ms from just before the POST), without jobs:',
    '',
    ...perMessage(r.results, []),
    '',
    'Per message, with jobs (the jobs running when it was posted):',
    '',
    ...perMessage(r.withJobs.results, r.withJobs.runs),
    '',
  ];
  const report = lines.join('\n');
  console.log(report);
  console.log(`written ${writeResult('room.md', report)}`);
}
