/**
 * npm run bench:api — bounded autocannon runs against the real API on loopback, on national-scale
 * data (DESIGN.md §9), each beside the raw-SQL floor of the same queries measured in the same run.
 *
 *   npm run bench:api                       throwaway embedded PostgreSQL in /tmp/kaigi-bench (seeded once, reused)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:api     an existing database seeded by `npm run seed:national`
 *   … -- --duration=10 --connections=20 --scale=1
 *
 * Tokens: the benchmark is its own token issuer (an RS256 key and a JWKS served on loopback) and
 * mints ID tokens for the seed's users, so the API verifies signatures exactly as with Cognito.
 * Writes bench/results/api.md.
 */
import http from 'node:http';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';
import { createServer } from '../server/app.ts';
import { createDb } from '../server/db/client.ts';
import { startEmbeddedPostgres } from '../server/infra/embedded-postgres.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { searchTerms } from '../server/db/normalize.ts';
import { LARGE_CCI_CODE, NATIONAL_USERS, TYPICAL_CCI_CODE, seedNational } from '../scripts/seed/national.ts';
import { sqlFloor, type LoadResult } from './sql-floor.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    scale: { type: 'string', default: '1' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const ISSUER = 'http://127.0.0.1/kaigi-bench';
const CLIENT_ID = 'kaigi-bench';
const KEYWORD = '商事';

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  user: string;
  /** alternating bodies (answer submission flips attend/absent so every request really writes) */
  bodies?: string[];
  /** the same queries as raw SQL, run with the same concurrency */
  floor: (client: pg.PoolClient, n: number) => Promise<unknown>;
  budgetP99Ms: number;
}

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  const dataDir = '/tmp/kaigi-bench/postgres';
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  const server = await startEmbeddedPostgres({ dataDir, port: 55439 });
  return { url: server.url, stop: server.stop };
}

async function ensureSeeded(url: string) {
  await runMigrations(url);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query('select count(*)::int as n from chamber where cci_code = $1', [LARGE_CCI_CODE]);
  await pool.end();
  if (rows[0].n > 0) return;
  console.log('seeding national-scale data (a few minutes)…');
  await seedNational(url, { scale: Number(args.scale) });
}

/** Serves the JWKS the API fetches; returns a token minter for a username. */
async function tokenIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const mint = (username: string) =>
    new SignJWT({ token_use: 'id', 'cognito:username': username })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(privateKey);
  return { jwksUri: `http://127.0.0.1:${port}/jwks.json`, mint, close: () => server.close() };
}

const user = (cci: string, role: 'admin' | 'company') =>
  NATIONAL_USERS.find((u) => u.cci_code === cci && u.user_type === (role === 'admin' ? 'CCI_ADMIN' : 'COMPANY_ADMIN'))!;

/** Bigram keyword condition, as keywordCondition() in server/db/schema.ts builds it. */
const keywordSql = (term: string) => ({
  sql: 'kaigi_bigrams(search_text) @> kaigi_bigrams($2::text) and search_text like $3',
  params: [term, `%${term}%`],
});

async function scenarios(pool: pg.Pool): Promise<Scenario[]> {
  const term = searchTerms(KEYWORD)[0];
  const kw = keywordSql(term);
  const companyList = (cci: string, withKeyword: boolean) => async (c: pg.PoolClient) => {
    const where = withKeyword ? `cci_code = $1 and ${kw.sql}` : 'cci_code = $1';
    const params = withKeyword ? [cci, ...kw.params] : [cci];
    await Promise.all([
      c.query(`select * from company where ${where} order by company_code, id limit 10`, params),
      pool.query(`select count(*) from company where ${where}`, params),
    ]);
  };
  const largeUser = user(LARGE_CCI_CODE, 'company');
  const { rows: companyRows } = await pool.query<{ id: number }>(
    'select id from company where cci_code = $1 and company_code = $2',
    [LARGE_CCI_CODE, largeUser.company_code],
  );
  const large = { username: largeUser.username, companyId: companyRows[0].id };
  const { rows } = await pool.query<{ conference_id: number; ids: number[] }>(
    `select cm.conference_id, array_agg(cm.id order by cm.id) as ids
       from conference_member cm join conference c on c.id = cm.conference_id
      where cm.company_id = $1 and c.status = 'published' and c.parent_id is null
        and (c.answer_deadline is null or c.answer_deadline > now() + interval '1 day')
      group by cm.conference_id order by cm.conference_id limit 1`,
    [large.companyId],
  );
  if (!rows[0]) throw new Error('no open conference for the large company in the seed');
  const { conference_id: conferenceId, ids } = rows[0];
  const answerBody = (answer: string) => JSON.stringify({ answers: ids.map((id) => ({ id, answer_content: answer })) });

  const listScenario = (label: string, cci: string, withKeyword: boolean): Scenario => ({
    name: `companies list, ${label}${withKeyword ? ` + keyword ${KEYWORD}` : ''}`,
    method: 'GET',
    path: `/v1/cci/admin/master/companies${withKeyword ? `?keyword=${encodeURIComponent(KEYWORD)}` : ''}`,
    user: user(cci, 'admin').username,
    floor: companyList(cci, withKeyword),
    budgetP99Ms: cci === LARGE_CCI_CODE ? 150 : 50,
  });

  return [
    listScenario('typical chamber', TYPICAL_CCI_CODE, false),
    listScenario('typical chamber', TYPICAL_CCI_CODE, true),
    listScenario('largest chamber', LARGE_CCI_CODE, false),
    listScenario('largest chamber', LARGE_CCI_CODE, true),
    {
      name: 'company: conference get with expand',
      method: 'GET',
      path: `/v1/company/conferences/${conferenceId}?expand=sub_conferences,members,attachments`,
      user: large.username,
      floor: async (c) => {
        await c.query('select * from conference where id = $1', [conferenceId]);
        await c.query('select * from conference where parent_id = $1 order by event_date', [conferenceId]);
        await c.query(
          `select cm.*, m.name, m.name_kana, m.title from conference_member cm join member m on m.id = cm.member_id
            where cm.company_id = $1 and (cm.conference_id = $2 or cm.conference_id in (select id from conference where parent_id = $2))
            order by cm.conference_id, cm.sort`,
          [large.companyId, conferenceId],
        );
      },
      budgetP99Ms: 150,
    },
    {
      name: 'company: conference list',
      method: 'GET',
      path: '/v1/company/conferences',
      user: large.username,
      floor: async (c) => {
        const where = `c.cci_code = $1 and c.parent_id is null and c.status <> 'draft' and c.status <> 'held' and c.event_date >= now()
          and exists (select 1 from conference_company cc where cc.conference_id = c.id and cc.company_id = $2)`;
        await Promise.all([
          c.query(`select c.* from conference c where ${where} order by c.event_date, c.id limit 10`, [
            LARGE_CCI_CODE,
            large.companyId,
          ]),
          pool.query(`select count(*) from conference c where ${where}`, [LARGE_CCI_CODE, large.companyId]),
        ]);
      },
      budgetP99Ms: 150,
    },
    {
      name: `answer submission (${ids.length} people, alternating answers)`,
      method: 'POST',
      path: '/v1/company/conference_members/answer',
      user: large.username,
      bodies: [answerBody('attend'), answerBody('absent')],
      floor: async (c, n) => {
        const answer = n % 2 === 0 ? 'attend' : 'absent';
        await c.query('begin');
        await c.query('select id from conference_member where id = any($1) order by id for update', [ids]);
        await c.query(
          `update conference_member set answer_content = $2, answered_at = now(), version = version + 1
            where id = any($1) and answer_content is distinct from $2`,
          [ids, answer],
        );
        await c.query(
          `update conference_company set answer_content = 'answered', answered_at = now() where conference_id = $1 and company_id = $2`,
          [conferenceId, large.companyId],
        );
        await c.query('commit');
      },
      budgetP99Ms: 50,
    },
  ];
}

function runAutocannon(url: string, s: Scenario, token: string): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const requests = s.bodies?.map((body) => ({ method: s.method, path: s.path, body, headers }));
    autocannon(
      {
        url: `${url}${s.path}`,
        method: s.method,
        headers,
        connections: CONNECTIONS,
        duration: DURATION,
        ...(requests ? { requests } : {}),
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
  });
}

async function main() {
  const db = await database();
  try {
    await ensureSeeded(db.url);
    const issuer = await tokenIssuer();
    const { pool, db: drizzle } = createDb(db.url, { max: CONNECTIONS });
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
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const floorPool = new pg.Pool({ connectionString: db.url, max: CONNECTIONS * 2 });
    const rows: string[] = [];
    for (const s of await scenarios(floorPool)) {
      const token = await issuer.mint(s.user);
      await runAutocannon(address, { ...s }, token).catch(() => undefined); // warm-up (JWKS, plans, caches)
      const api = await runAutocannon(address, s, token);
      const floor = await sqlFloor(floorPool, s.floor, CONNECTIONS, DURATION);
      const ratio = api.rps / floor.rps;
      const verdict = api.p99 <= s.budgetP99Ms && ratio >= 0.75 ? 'met' : 'MISSED';
      const line = `| ${s.name} | ${api.rps.toFixed(0)} | ${api.p50} | ${api.p99} | ${api.errors} | ${floor.rps.toFixed(0)} | ${floor.p50.toFixed(1)} | ${floor.p99.toFixed(1)} | ${ratio.toFixed(2)} | ≤ ${s.budgetP99Ms} ms, ≥ 0.75× | ${verdict} |`;
      console.log(line);
      rows.push(line);
    }
    await app.close();
    await floorPool.end();
    await pool.end();
    issuer.close();
    const report = [
      '# API benchmark (npm run bench:api)',
      '',
      `Run ${new Date().toISOString()} on ${process.platform}/${process.arch}, Node ${process.version}; ${CONNECTIONS} connections, ${DURATION} s per run after a warm-up run; national-scale seed (scale ${args.scale}).`,
      'API: the real Fastify app on loopback (JWT verification, validation, serialisation). Floor: the same queries as raw SQL over node-postgres with the same concurrency, page query ‖ separate count as the API runs them.',
      '',
      '| scenario | API req/s | API p50 ms | API p99 ms | API errors | SQL req/s | SQL p50 ms | SQL p99 ms | API/SQL | budget | |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/api.md', report);
    console.log('\nwritten bench/results/api.md');
  } finally {
    await db.stop();
  }
}

if (!existsSync('package.json')) throw new Error('run from the repository root');
await main();
