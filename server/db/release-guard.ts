import type pg from 'pg';

/**
 * drizzle-orm 0.45's node-postgres `transaction()` checks a client out of the pool and runs BEGIN
 * before the try/finally that releases it: a BEGIN that fails because the connection died between
 * checkout and BEGIN (a PostgreSQL restart or failover) leaks that client for the life of the
 * process, and after `max` such failures every checkout times out (drizzle-orm issues 6023, 6241,
 * open; the fault test of issue 16 wedged an API process this way). Until drizzle fixes it, drizzle
 * gets the pool through this guard: its checkouts (transactions only; plain statements use
 * `pool.query`) release themselves, with the error, when their first statement fails. A client that
 * fails later is released by drizzle, and pg-pool drops it when its connection is gone.
 */
export function releaseGuardedPool(pool: pg.Pool): pg.Pool {
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect') return async () => guardedClient(await target.connect());
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function guardedClient(client: pg.PoolClient): pg.PoolClient {
  let began = false;
  let released = false;
  const release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  const query = async (...args: unknown[]) => {
    try {
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      began = true;
      return result;
    } catch (err) {
      // drizzle does not release after a failed BEGIN (its first statement on the checkout)
      if (!began) release(err as Error);
      throw err;
    }
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'release') return release;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
