import type pg from 'pg';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** requests completed (or failed) in the run */
  requests: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** One floor iteration on a dedicated client: `n` counts this loop's iterations, `connection` numbers the loop. */
export type FloorRun = (client: pg.PoolClient, n: number, connection: number) => Promise<unknown>;

/**
 * The raw-SQL floor: `connections` loops each running `run` back to back for `seconds`, as
 * autocannon keeps its connections busy. Bounded in time; stops by itself.
 */
export async function sqlFloor(pool: pg.Pool, run: FloorRun, connections: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      const client = await pool.connect();
      try {
        for (let n = 0; performance.now() < end; n++) {
          const t = performance.now();
          try {
            await run(client, n, connection);
            latencies.push(performance.now() - t);
          } catch {
            errors++;
            await client.query('rollback').catch(() => undefined);
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    requests: latencies.length + errors,
  };
}
