/**
 * An API process's pool is small (server/db/pool-settings.ts). A request that finds every connection
 * busy for DATABASE_POOL_TIMEOUT_MS is answered 503 database_unavailable with a retry-after, not
 * left hanging and not a 500; once a connection is free the same request succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildTestApp, caller } from '../../helpers/app.ts';
import { DEMO, tokenOf } from '../../helpers/fixtures.ts';
import { createDb } from '../../../server/db/client.ts';
import { testStack } from '../../helpers/stack.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let pool: pg.Pool;
const LIST = '/v1/cci/admin/master/companies';

beforeAll(async () => {
  const small = createDb(testStack().databaseUrl, { max: 1, connectionTimeoutMillis: 300 });
  pool = small.pool;
  app = await buildTestApp({ app: { pool: small.pool, db: small.db } });
  call = caller(app, tokenOf);
});
afterAll(async () => {
  await app.close();
  await pool.end();
});

describe('no database connection free (issue 16)', () => {
  it('is a 503 database_unavailable with retry-after, and the request succeeds once one is free', async () => {
    expect((await call('GET', LIST, DEMO.staff)).statusCode).toBe(200);
    const held = await pool.connect();
    let res;
    try {
      res = await call('GET', LIST, DEMO.staff);
    } finally {
      held.release();
    }
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ status: 503, code: 'database_unavailable' });
    expect(res.json().detail).toMatch(/混み合って/);
    expect((await call('GET', LIST, DEMO.staff)).statusCode).toBe(200);
  });
});
