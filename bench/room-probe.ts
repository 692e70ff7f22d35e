/**
 * Where a room event's time goes inside an API process (bench/room.ts): loaded with `--import` into
 * bench/api-server.ts, it wraps the RoomHub's notice handler and its per-client write, and answers
 * the parent's `{ type: 'probe' }` with, per chat message (by its body), the wall-clock times
 * (performance.timeOrigin + now, ms) at which
 *   notice  the NOTIFY reached this process's LISTEN connection,
 *   first   the first client's write began (after the room_event read),
 *   last    the last client's write returned,
 *   flushed the turn of the event loop after the writes ended (corked sockets handed to the kernel),
 * and how many clients were written to, and the process's CPU time (user, system). Costs a clock read per write.
 */
import { RoomHub, type RoomEvent } from '../server/lib/room/hub.ts';

export interface ProbeTimes {
  notice: number;
  first: number;
  last: number;
  flushed: number;
  writes: number;
}
/** `cpu`: this process's CPU time so far, ms, in user space and in the kernel (socket writes are mostly the latter) */
export type ProbeReply = { type: 'probe'; times: Record<string, ProbeTimes>; cpu: { user: number; system: number } };

const clock = () => performance.timeOrigin + performance.now();
const notices = new Map<number, number>();
const times: Record<string, ProbeTimes> = {};

type HubInternals = {
  onNotice(payload: string | undefined): void;
  write(sub: unknown, event: RoomEvent, frames: unknown): void;
};
const hub = RoomHub.prototype as unknown as HubInternals;

const onNotice = hub.onNotice;
hub.onNotice = function (this: HubInternals, payload) {
  const seq = Number(/:(\d+)$/.exec(payload ?? '')?.[1]);
  if (seq && !notices.has(seq)) notices.set(seq, clock());
  onNotice.call(this, payload);
};

const write = hub.write;
hub.write = function (this: HubInternals, sub, event, frames) {
  const notice = notices.get(Number(event.seq));
  if (event.kind !== 'chat' || notice === undefined) return write.call(this, sub, event, frames);
  const start = clock();
  write.call(this, sub, event, frames);
  const body = String(event.payload.body);
  let t = times[body];
  if (!t) {
    t = times[body] = { notice, first: start, last: start, flushed: start, writes: 0 };
    const entry = t;
    setImmediate(() => (entry.flushed = clock()));
  }
  t.last = clock();
  t.writes++;
};

process.on('message', (message: { type: string }) => {
  if (message.type !== 'probe') return;
  const { user, system } = process.cpuUsage();
  process.send!({ type: 'probe', times, cpu: { user: user / 1000, system: system / 1000 } } satisfies ProbeReply);
});
