/**
 * bench:api's HTTP floor (issue 37), in a process of its own: a bare Fastify route per read
 * scenario that runs that scenario's SQL floor (bench/api-scenarios.ts: the same statements, the
 * same pool of two connections per load connection) and returns the rows with JSON.stringify.
 * Nothing of Kaigi's: no token, no users row, no hooks, no validation, no schemas. What it costs
 * beyond the SQL floor is what any Node HTTP server and the load generator add; what the API costs
 * beyond it is the API's own work.
 *
 * Reads BENCH_FLOOR_CONFIG (JSON: databaseUrl, connections); answers bench/api-server.ts's IPC
 * messages ('cpu', 'stop'; 'ready' with its address). GET /floor/<i>: scenario i of scenarios().
 */
import Fastify from 'fastify';
import pg from 'pg';
import { SESSION_OPTIONS } from '../server/db/client.ts';
import { scenarios } from './api-scenarios.ts';
import type { ToChild, ToParent } from './api-server.ts';

const config = JSON.parse(process.env.BENCH_FLOOR_CONFIG ?? '{}') as { databaseUrl: string; connections: number };
const send = (message: ToParent) => process.send!(message);

const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.connections * 2, options: SESSION_OPTIONS });
pool.on('error', () => undefined);
const app = Fastify({ logger: false });
(await scenarios(pool)).forEach((s, i) => {
  if (s.kind === 'answer') return;
  let n = 0;
  app.get(`/floor/${i}`, async () => {
    const client = await pool.connect();
    try {
      const results = await s.floor(client, n++, 0);
      // a list's [page, count]: their rows, as the page and its total
      return Array.isArray(results) ? results.map((r: pg.QueryResult) => r.rows) : null;
    } finally {
      client.release();
    }
  });
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });

process.on('message', async (message: ToChild) => {
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ type: 'cpu', ms: (user + system) / 1000, monoUs: Number(process.hrtime.bigint() / 1000n) });
  } else if (message.type === 'stop') {
    await app.close();
    await pool.end();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(1));
send({ type: 'ready', address });
