import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema.ts';
import { releaseGuardedPool } from './release-guard.ts';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;

export interface CreateDbOptions {
  /** pool size (node-postgres default 10) */
  max?: number;
  /** how long a checkout waits for a free connection before it fails (node-postgres default 0: forever) */
  connectionTimeoutMillis?: number;
  /** application_name shown in pg_stat_activity */
  applicationName?: string;
}

/**
 * Settings of every Kaigi connection. No parallel plans: Kaigi's statements are pages of 10–100 rows
 * and single-row writes at many connections at once, and on the largest chamber a keyword page
 * (ordered index scan, stops at 10 matches) ran 0.5 ms serially but ~50 ms as a Gather Merge, nearly
 * all of it starting the parallel workers (bench/results/api.md). Passed at connection start, so
 * every server (embedded, RDS) behaves the same without a parameter group.
 */
export const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/**
 * A node-postgres Pool and a drizzle instance over it with the Kaigi schema
 * (`db.query.company.findMany(...)` etc.). The caller ends the pool (`await pool.end()`).
 */
export function createDb(databaseUrl: string, opts: CreateDbOptions = {}): { pool: pg.Pool; db: Db } {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.max,
    connectionTimeoutMillis: opts.connectionTimeoutMillis,
    options: SESSION_OPTIONS,
    application_name: opts.applicationName ?? 'kaigi',
  });
  // An idle client losing its connection (server restart) must not crash the process;
  // the pool discards it and the next checkout reconnects.
  pool.on('error', () => {});
  // A client checked out of the pool (a transaction) loses the pool's listener: PostgreSQL ending its
  // connection between two queries (restart, failover) would emit an unhandled 'error' and kill the
  // process (issue 16's fault test). Its pending or next query fails instead; the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(releaseGuardedPool(pool), { schema });
  return { pool, db };
}
