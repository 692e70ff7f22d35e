/**
 * The answer endpoint's own cost, apart from concurrency (issue 16, bench/results/answer-profile.md):
 * one company admin answers ANSWER_CPU_N times in turn through the real app (app.inject: routing,
 * JWT verification, users row, validation, transaction, serialisation), and this prints the Node
 * CPU ms and the PostgreSQL statements (round trips) per answer. On a shared machine CPU ms move
 * with the load; the statement count does not. Uses the bench:api database (BENCH_DATA_DIR…).
 *
 *   npx tsx bench/answer-cpu.ts          BENCH_API_PROF-style profile: node --cpu-prof … bench/answer-cpu.ts
 */
import pg from 'pg';
import { createServer } from '../server/app.ts';
import { createDb } from '../server/db/client.ts';
import { CLIENT_ID, ISSUER, tokenIssuer } from './token-issuer.ts';
import { database, ensureSeeded } from './api-setup.ts';
import { answerBodies, answerers } from './api-scenarios.ts';

const N = Number(process.env.ANSWER_CPU_N ?? 2000);

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const db = await database();
const issuer = await tokenIssuer();
try {
  await ensureSeeded(db.url);
  const { pool, db: drizzle } = createDb(db.url, { max: 2 });
  const app = await createServer(
    {
      pool,
      db: drizzle,
      production: false,
      auth: { issuer: ISSUER, jwksUri: issuer.jwksUri, clientId: CLIENT_ID },
      clientConfig: {
        apiBaseUrl: '',
        cognito: {
          region: 'ap-northeast-1',
          userPoolId: 'bench',
          userPoolClientId: CLIENT_ID,
          authFlowType: 'USER_PASSWORD_AUTH',
          hostedLoginDomain: null,
        },
        sentry: { dsn: null, environment: 'bench' },
      },
    },
    { logger: false },
  );
  const [a] = await answerers(pool, 1);
  const headers = { authorization: `Bearer ${await issuer.mint(a!.username)}`, 'content-type': 'application/json' };
  const bodies = answerBodies(a!);
  const answer = async (i: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/company/conference_members/answer',
      headers,
      payload: bodies[i % 2],
    });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
  };
  for (let i = 0; i < 200; i++) await answer(i); // warm-up: JIT, JWKS, prepared statements
  statements = 0;
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < N; i++) await answer(i);
  const used = process.cpuUsage(cpu);
  console.log(
    `${N} answers (${a!.ids.length} invitee each): ${((used.user + used.system) / 1000 / N).toFixed(2)} Node CPU ms/answer, ` +
      `${(statements / N).toFixed(1)} statements/answer, ${((performance.now() - t) / N).toFixed(2)} ms/answer wall`,
  );
  await app.close();
  await pool.end();
} finally {
  issuer.close();
  await db.stop();
}
