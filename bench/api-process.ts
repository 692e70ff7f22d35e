/**
 * What the benchmarks that run the API in processes of their own share (bench/room.ts,
 * bench/vote.ts): start one (bench/api-server.ts), call it, and run work a few at a time.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BenchApiConfig, ToChild, ToParent } from './api-server.ts';
import type { ProbeReply } from './room-probe.ts';

/** One API process (bench/api-server.ts: createServer + listen on a port of its own), with bench/room-probe.ts loaded. */
export async function startApi(config: BenchApiConfig) {
  const child = fork(new URL('./api-server.ts', import.meta.url), [], {
    env: { ...process.env, BENCH_API_CONFIG: JSON.stringify(config) },
    execArgv: [...process.execArgv, '--import', new URL('./room-probe.ts', import.meta.url).href],
  });
  const ask = <T extends { type: string }>(type: T['type']) =>
    new Promise<T>((resolve) => {
      const onMessage = (m: T) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.send({ type });
    });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`an API process exited (${code})`)));
    child.on('message', (m: ToParent) => m.type === 'ready' && resolve(m.address));
  });
  return {
    address,
    /** VmRSS of the process, kB (Linux /proc) */
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]),
    probe: () => ask<ProbeReply>('probe'),
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.send({ type: 'stop' } satisfies ToChild);
      }),
  };
}

export type ApiProcess = Awaited<ReturnType<typeof startApi>>;

/** A JSON call; a status of 300 or more throws with the answer. */
export async function api<T>(
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json().catch(() => null)) as T;
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return { status: response.status, json };
}

/** Runs `work` over `items`, `concurrency` at a time. */
export async function pooled<T, R>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

export const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();
