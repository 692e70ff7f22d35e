/**
 * Request limits that hold across API processes (issue 29, DESIGN.md §2 and §10): fixed-window
 * counters in PostgreSQL, the one state the processes share. @fastify/rate-limit (server/lib/
 * rate-limit.ts) counts in each process's memory or in Redis, which Kaigi does not run, so the
 * shared counter is this one upsert, for the limits a per-process count would multiply by the
 * number of processes (decision 0021 lists which limit is which).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { rateLimited } from '../services/cognito-users.ts';
import type { RateLimitRule } from './rate-limit.ts';

/** Counters whose window ended are deleted at most this often per process. */
const SWEEP_MS = 60_000;

/** Keys are hashed: the table keeps no address, user name or link id. */
const hashOf = (name: string, key: string) => createHash('sha256').update(`${name}\0${key}`).digest('base64url');

export class SharedRateLimits {
  private lastSweep = 0;

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Counts one request of `key` under the limit `name`; null while within `rule.max` for the
   * current window, else the seconds until the window ends (at least 1).
   */
  async hit(name: string, key: string, rule: RateLimitRule): Promise<number | null> {
    await this.sweep();
    const { rows } = await this.pool.query<{ hits: number; wait_ms: number }>(
      `insert into rate_limit_counter as c (key_hash, hits, reset_at)
       values ($1, 1, now() + $2 * interval '1 millisecond')
       on conflict (key_hash) do update
          set hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
              reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
       returning hits, ceil(extract(epoch from reset_at - now()) * 1000)::int as wait_ms`,
      [hashOf(name, key), rule.timeWindowMs],
    );
    const { hits, wait_ms } = rows[0];
    return hits > rule.max ? Math.max(1, Math.ceil(wait_ms / 1000)) : null;
  }

  /** `hit`, answered 429 `rate_limited` with Retry-After once the limit is exceeded. */
  async enforce(reply: FastifyReply, name: string, key: string, rule: RateLimitRule): Promise<void> {
    const retryAfter = await this.hit(name, key, rule);
    if (retryAfter === null) return;
    reply.header('retry-after', String(retryAfter));
    reply.request.log.warn({ limit: name }, 'rate limit exceeded');
    throw rateLimited();
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = now;
    await this.pool.query('delete from rate_limit_counter where reset_at < now()');
  }
}
