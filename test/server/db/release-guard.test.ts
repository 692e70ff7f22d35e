/**
 * A PostgreSQL restart or failover can end a connection between its checkout and the transaction's
 * BEGIN. drizzle-orm then never gave the connection back (server/db/release-guard.ts): after as
 * many such failures as the pool has connections, every later request of that process waited for a
 * connection and failed. The connection here dies at each checkout while `dying` lasts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createDb, type Db } from '../../../server/db/client.ts';
import { testStack } from '../../helpers/stack.ts';

let pool: pg.Pool;
let db: Db;
let dying = 0;

beforeAll(() => {
  ({ pool, db } = createDb(testStack().databaseUrl, { max: 1, connectionTimeoutMillis: 1_000 }));
  pool.on('acquire', (client) => {
    if (dying === 0) return;
    dying -= 1;
    // the socket closes under the checked-out client, as a server restart would close it
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  });
});
afterAll(() => pool.end());

const oneRow = () => db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows[0]);

describe('a connection lost before BEGIN (issue 16 fault test)', () => {
  it('is given back: the one-connection pool serves the next transactions', async () => {
    dying = 3;
    for (let i = 0; i < 3; i++) {
      const failure = await oneRow().then(
        () => null,
        (err: Error) => err,
      );
      // the lost connection, not a wait for a free one
      expect(failure).toBeInstanceOf(Error);
      expect(String(failure?.cause ?? failure)).not.toMatch(/timeout exceeded when trying to connect/);
    }
    expect(await oneRow()).toEqual({ one: 1 });
    expect(await oneRow()).toEqual({ one: 1 });
    expect(pool.totalCount).toBeLessThanOrEqual(1);
  });
});
