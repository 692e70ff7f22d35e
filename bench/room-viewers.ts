/**
 * One API process's viewers for npm run bench:room, in a worker thread of the benchmark: real
 * viewers sit on many machines, so each process's viewers read their sockets on their own event
 * loop, not queued behind the other process's. Receipt times are performance.timeOrigin + now (ms),
 * the clock the main thread and bench/room-probe.ts use.
 *
 * workerData: { urls } (the viewers' event-stream URLs). Messages:
 *   → { type: 'connected', seconds }                       all streams open
 *   ← { type: 'wait', body, timeoutMs } → { type: 'times', body, times }   receipt times of that chat
 *                                                           message, once every viewer has it or at the timeout
 *   ← { type: 'close' }                                     closes the streams; the worker ends
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { openSse, type SseClient } from './sse-client.ts';

export type ToViewers = { type: 'wait'; body: string; timeoutMs: number } | { type: 'close' };
export type FromViewers = { type: 'connected'; seconds: number } | { type: 'times'; body: string; times: number[] };

const CONNECT_CONCURRENCY = 25;
const { urls } = workerData as { urls: string[] };
const port = parentPort!;
const received = new Map<string, Map<number, number>>();
const waiters = new Map<string, () => void>();

function record(body: string, viewer: number, at: number): void {
  let seen = received.get(body);
  if (!seen) received.set(body, (seen = new Map()));
  if (seen.has(viewer)) return;
  seen.set(viewer, performance.timeOrigin + at);
  if (seen.size === urls.length) waiters.get(body)?.();
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const streams: SseClient[] = [];
const start = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONNECT_CONCURRENCY }, async () => {
    while (next < urls.length) {
      const i = next++;
      streams.push(await openSse(urls[i]!, agent, (body, at) => record(body, i, at)));
    }
  }),
);
port.postMessage({ type: 'connected', seconds: (performance.now() - start) / 1000 } satisfies FromViewers);

port.on('message', async (message: ToViewers) => {
  if (message.type === 'close') {
    for (const s of streams) s.close();
    port.close();
    return;
  }
  const { body, timeoutMs } = message;
  if ((received.get(body)?.size ?? 0) < urls.length) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      waiters.set(body, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  waiters.delete(body);
  port.postMessage({ type: 'times', body, times: [...(received.get(body)?.values() ?? [])] } satisfies FromViewers);
});
