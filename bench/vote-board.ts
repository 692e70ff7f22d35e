/**
 * bench:vote's 定足数 boards (bench/vote.ts): a staff stream of one API process read as the board's
 * EventSource would, each `poll` event kept with its seq (the SSE id), the moment its bytes reached
 * this process (before parsing) and how many had voted.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { onEvents } from './sse-client.ts';

interface BoardEvent {
  seq: number;
  at: number;
  voted: number | null;
}

/** A 定足数 board: the staff stream of one process, every `poll` event with its seq, receipt time and `voted`. */
export function openBoard(url: string, agent: http.Agent) {
  const events: BoardEvent[] = [];
  const waiters: Array<() => void> = [];
  const request = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
    if (response.statusCode !== 200) throw new Error(`${url}: HTTP ${response.statusCode}`);
    onEvents(response, 'poll', (field, at) => {
      const data = JSON.parse(field('data') ?? '{}') as { voted?: number };
      events.push({ seq: Number(field('id')), at, voted: data.voted ?? null });
      for (const wake of waiters.splice(0)) wake();
    });
    response.on('error', () => {});
  });
  request.on('error', () => {});
  /** resolves once an event satisfies `done` (or after the timeout) */
  const until = async (done: (e: BoardEvent) => boolean, timeoutMs: number) => {
    const deadline = performance.now() + timeoutMs;
    while (!events.some(done) && performance.now() < deadline) {
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), sleep(200)]);
    }
    return events.some(done);
  };
  return { events, until, close: () => request.destroy() };
}
