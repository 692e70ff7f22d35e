/**
 * Open event streams counted per holder (link or user) and per client address, in this process
 * (issue 29; docs/decisions/0021-room-limits.md): a stream is a socket this process holds, so
 * its count lives and dies with the process, and N processes allow at most N times the bound.
 */
import type { FastifyReply } from 'fastify';
import { Problem } from '../problem.ts';

/** Retry-After of a refused stream: long enough for a dropped stream's socket to be noticed. */
const RETRY_AFTER_S = 10;

export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly limits: { streamsPerHolder: number; streamsPerIp: number }) {}

  /**
   * Takes a slot for `holder` from the request's address, or answers 429 `too_many_streams` with
   * Retry-After when either has all its slots; the returned function gives it back (once, however
   * often it is called).
   */
  acquire(reply: FastifyReply, holder: string): () => void {
    const ip = reply.request.ip;
    const keys: [string, number][] = [
      [`holder:${holder}`, this.limits.streamsPerHolder],
      [`ip:${ip}`, this.limits.streamsPerIp],
    ];
    if (keys.some(([key, max]) => (this.open.get(key) ?? 0) >= max)) {
      reply.header('retry-after', String(RETRY_AFTER_S));
      throw new Problem(429, 'too_many_streams', '会議室への接続が多すぎます。ほかの画面を閉じてからお試しください。');
    }
    for (const [key] of keys) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [key] of keys) {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    };
  }
}
