/**
 * The HTTP floor beside bench:api's list rows (issue 16): what one request costs a bare Fastify
 * route on this machine, with nothing of Kaigi's (no JWT, no database, no validation) — a page of
 * ten companies kept in memory, serialised per request — and what autocannon costs to send it.
 * bench:api's "≥ 0.75× the SQL floor" compares the API with a bare node-postgres client; this shows
 * how much of the gap any HTTP server in Node pays before it does any work. Writes
 * bench/results/http-floor.md.
 *
 *   npx tsx bench/http-floor.ts              20 connections, 10 s after a warm-up run (as bench:api)
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { ownCpuMs } from './cpu.ts';

const CONNECTIONS = 20;
const DURATION = 10;

/** A page like GET /v1/cci/admin/master/companies?limit=10 returns (ten companies and the total). */
const page = {
  data: Array.from({ length: 10 }, (_, i) => ({
    id: 1_000_000 + i,
    cci_code: 'c002',
    company_code: `C${String(i + 1).padStart(6, '0')}`,
    attributes: {
      name1: `株式会社テスト商事${i + 1}`,
      name_kana: 'テストショウジ',
      email: `info${i}@example.jp`,
      tel: '03-1234-5678',
    },
    version: 1,
    created_at: '2026-11-26T10:00:00.000Z',
    created_by: 'seed',
    updated_at: '2026-11-26T10:00:00.000Z',
    updated_by: 'seed',
  })),
  total: 2000,
};

if (process.env.HTTP_FLOOR_CHILD) {
  const app = Fastify();
  app.get('/page', async () => page);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send!({ address });
  process.on('message', (m: string) => {
    if (m === 'cpu') process.send!({ cpu: ownCpuMs() });
    if (m === 'stop') void app.close().then(() => process.exit(0));
  });
} else {
  const child = fork(new URL(import.meta.url), [], {
    env: { ...process.env, HTTP_FLOOR_CHILD: '1' },
    execArgv: process.execArgv,
  });
  const next = () => new Promise<{ address?: string; cpu?: number }>((resolve) => child.once('message', resolve));
  const { address } = await next();
  const childCpu = async () => {
    const reply = next();
    child.send('cpu');
    return (await reply).cpu!;
  };
  const run = (overallRate?: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url: `${address}/page`, connections: CONNECTIONS, duration: DURATION, overallRate }, (err, result) =>
        err ? reject(err) : resolve(result),
      ),
    );
  const loadAtStart = os.loadavg();
  await run(); // warm-up
  const bytes = Buffer.byteLength(JSON.stringify(page));
  const lines: string[] = [];
  // as fast as it goes, then at about the rate bench:api's list rows run (the processes sleep between requests)
  for (const rate of [undefined, 1000]) {
    const [server0, client0] = [await childCpu(), ownCpuMs()];
    const result = await run(rate);
    const [server1, client1] = [await childCpu(), ownCpuMs()];
    const n = result.requests.total;
    const line =
      `| bare Fastify, a ${bytes}-byte JSON page from memory | ${rate ? `${rate} req/s` : 'unlimited'} | ${result.requests.average.toFixed(0)} | ` +
      `${result.latency.p50} | ${result.latency.p99} | ${((server1 - server0) / n).toFixed(3)} | ${((client1 - client0) / n).toFixed(3)} |`;
    console.log(line);
    lines.push(line);
  }
  child.send('stop');
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/http-floor.md',
    [
      '# HTTP floor (npx tsx bench/http-floor.ts)',
      '',
      `Run ${new Date().toISOString()} on ${process.platform}/${process.arch}, ${os.cpus().length} CPUs, Node ${process.version}; ` +
        `${CONNECTIONS} connections, ${DURATION} s after a warm-up run. Load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' / ')}.`,
      '',
      'A bare Fastify route (no plugins, no JWT, no database, no validation) returning a page of ten companies kept in memory, ' +
        'in a process of its own as bench:api runs the API; autocannon in this process.',
      '',
      '| server | rate asked | req/s | p50 ms | p99 ms | server CPU ms/req | autocannon CPU ms/req |',
      '|---|---|---|---|---|---|---|',
      ...lines,
      '',
    ].join('\n'),
  );
}
