/**
 * DESIGN.md §10: logged database errors never carry the bound parameters of the failing query
 * (e-mail, phone, names). Real failures on the real database, logged by the process logger that
 * server/main.ts hands to Fastify and server/worker.ts uses.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { company } from '../../../server/db/schema.ts';
import { createLogger } from '../../../server/config/logger.ts';
import { bearer, buildTestApp, signIn } from '../../helpers/app.ts';

const lines: string[] = [];
const log = createLogger('info', { write: (line: string) => void lines.push(line) });
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ server: { loggerInstance: log } });
  await app.ready();
});
afterAll(() => app.close());

/** Personal data no log line may contain. */
const tag = randomUUID().slice(0, 8);
const PERSONAL = {
  email: `log-${tag}@example.jp`,
  phone: '03-5555-0199',
  name1: `株式会社秘密商事${tag}`,
  representative: '山田花子',
};

/** The log lines written while `run` ran, each parsed. */
async function linesOf(run: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const from = lines.length;
  await run();
  return lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
}

const expectNoPersonalData = (logged: Array<Record<string, unknown>>) => {
  for (const line of logged) {
    const text = JSON.stringify(line);
    for (const value of Object.values(PERSONAL)) expect(text).not.toContain(value);
  }
};

describe('failing queries in the logs', () => {
  it('a write failing in the database through a route: 500, logged with its diagnosis but none of its values', async () => {
    // the database refuses this one company (a real constraint violation inside the insert)
    const constraint = `log_test_refuse_${tag}`;
    await app.pool.query(
      `alter table company add constraint ${constraint} check (attributes->>'email' is distinct from '${PERSONAL.email}') not valid`,
    );
    const { idToken } = await signIn('cci-admin@example.com');
    let status = 0;
    try {
      const logged = await linesOf(async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/v1/cci/admin/master/companies',
          headers: bearer(idToken),
          payload: { company_code: `LOG${tag}`, attributes: PERSONAL },
        });
        status = res.statusCode;
      });
      expect(status).toBe(500);
      const errorLine = logged.find((line) => line.msg === 'unhandled error');
      // still useful: the statement (with its placeholders) and the constraint it broke
      const err = errorLine?.err as { type: string; message: string; query: string };
      expect(err.type).toBe('DrizzleQueryError');
      expect(err.message).toMatch(/^Failed query: insert into "company"/);
      expect(err.message).toContain(`violates check constraint "${constraint}"`);
      expect(err.query).toContain('$1');
      expectNoPersonalData(logged);
    } finally {
      await app.pool.query(`alter table company drop constraint ${constraint}`);
    }
  });

  it('a unique violation (pg detail "Key (…)=(…)") with personal data among its parameters', async () => {
    const code = `LOGDUP${tag}`;
    const values = {
      cci_code: 'demo',
      company_code: code,
      attributes: PERSONAL,
      search_text: PERSONAL.name1,
      created_by: PERSONAL.email,
      updated_by: PERSONAL.email,
    };
    await app.db.insert(company).values(values);
    try {
      const failure = await app.db
        .insert(company)
        .values(values)
        .catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(Error);
      const logged = await linesOf(async () => app.log.error({ err: failure }, 'insert failed'));
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(logged[0])).toContain('duplicate key value violates unique constraint');
      expectNoPersonalData(logged);
    } finally {
      await app.pool.query('delete from company where cci_code = $1 and company_code like $2', ['demo', `${code}%`]);
    }
  });

  it('a data exception quoting the value, straight from node-postgres (no parameter list)', async () => {
    const failure = await app.pool.query('select $1::integer', [PERSONAL.representative]).catch((err: unknown) => err);
    const logged = await linesOf(async () => log.error({ err: failure }, 'export job attempt failed'));
    expect(JSON.stringify(logged[0])).toContain('invalid input syntax for type integer');
    expectNoPersonalData(logged);
  });

  it('leaves the error itself unchanged for the code that caught it', async () => {
    const failure = (await app.pool.query('select $1::integer', [PERSONAL.representative]).catch((err: unknown) => err)) as Error;
    log.error({ err: failure }, 'logged once');
    expect(failure.message).toContain(PERSONAL.representative);
  });

  it("request lines name a search's parameters but not what was searched for", async () => {
    const { idToken } = await signIn('cci-admin@example.com');
    const logged = await linesOf(async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/v1/cci/admin/master/companies?keyword=${encodeURIComponent(PERSONAL.representative)}&page=1`,
        headers: bearer(idToken),
      });
      expect(res.statusCode).toBe(200);
    });
    const incoming = logged.find((line) => line.msg === 'incoming request') as { req: { url: string } } | undefined;
    expect(incoming?.req.url).toBe('/v1/cci/admin/master/companies?keyword=…&page=…');
    for (const line of logged) expect(JSON.stringify(line)).not.toContain(encodeURIComponent(PERSONAL.representative));
  });
});

describe('room links in logs and messages (issue 29)', () => {
  const signature = `Sig${tag}`.padEnd(43, 'x');

  it('a link whose dots are percent-encoded keeps its ids only, as a plain one does', async () => {
    for (const token of [`34%2E4%2E${signature}`, `34.4.${signature}`, `34%2e4%2e${signature}`]) {
      const logged = await linesOf(() => app.inject({ method: 'GET', url: `/v1/room/${token}` }));
      const incoming = logged.find((line) => line.msg === 'incoming request') as { req: { url: string } } | undefined;
      expect(incoming?.req.url).toBe('/v1/room/34.4.…');
      for (const line of logged) expect(JSON.stringify(line)).not.toContain(signature);
    }
  });

  it('the 404 of an unknown route under a link names the route without the signature', async () => {
    const logged = await linesOf(async () => {
      const res = await app.inject({ method: 'GET', url: `/v1/room/34.4.${signature}/nothing?x=${signature}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', detail: 'GET /v1/room/34.4.…/nothing は存在しません。' });
      expect(res.body).not.toContain(signature);
    });
    for (const line of logged) expect(JSON.stringify(line)).not.toContain(signature);
  });
});
