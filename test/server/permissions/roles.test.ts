/** The permission table (table.ts): coverage of the router, then every cell. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp } from '../../helpers/app.ts';
import { tokenOf } from '../../helpers/fixtures.ts';
import { registeredRoutes } from '../../helpers/routes.ts';
import { EMAIL, LOGINS, WHO, permissionIds, type Ids } from './fixtures.ts';
import { PUBLIC, TABLE, type Method } from './table.ts';

let app: FastifyInstance;
let base: string;
let ids: Ids;

async function call(method: Method, url: string, email: string | null, payload?: object, stream?: true) {
  const headers = email ? bearer(await tokenOf(email)) : {};
  if (stream) return streamStatus(method, url, headers);
  return app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
}

/**
 * An event stream's cell (issue 12): admitted, it never ends, so the request goes to the listening
 * server and is aborted once the status line is in; a refusal's body is read for the message.
 */
async function streamStatus(method: Method, url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${base}${url}`, { method, headers, signal: controller.signal });
  const body = res.ok ? '' : await res.text();
  controller.abort();
  return { statusCode: res.status, body };
}

beforeAll(async () => {
  app = await buildTestApp();
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  ids = await permissionIds(app);
});
afterAll(() => app.close());

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('permission table (DESIGN.md §6)', () => {
  it('has a row for every /v1 method and path the router holds (HEAD and hidden routes included)', () => {
    const registered = registeredRoutes(app).filter((r) => r.includes(' /v1/') && !r.includes(' /v1/docs'));
    expect(registered.length).toBeGreaterThan(80);
    expect([...registered].sort()).toEqual([...TABLE, ...PUBLIC].map(key).sort());
  });

  it('has a row for every operation of the OpenAPI document', () => {
    const documented = Object.entries((app.swagger() as { paths: Record<string, object> }).paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const inTable = new Set([...TABLE, ...PUBLIC].map(key));
    expect(documented.filter((e) => e.includes(' /v1/') && !inTable.has(e))).toEqual([]);
  });

  it.each(TABLE.map((r) => [key(r), r] as const))('%s: every caller, a disabled login and anonymous', async (_name, row) => {
    const { url, body } = row.own(ids);
    const got: Record<string, number> = {};
    for (const who of WHO) got[who] = (await call(row.method, url, EMAIL[who], body, row.stream)).statusCode;
    got.disabled = (await call(row.method, url, LOGINS.disabled, body, row.stream)).statusCode;
    got.anonymous = (await call(row.method, url, null, body, row.stream)).statusCode;
    expect(got).toEqual({ ...row.expect, disabled: 401, anonymous: 401 });
  });

  const foreignCells = TABLE.flatMap((row) =>
    (row.foreign ?? []).map((cell, n) => [`${key(row)} [${cell.who} #${n + 1}]`, row, cell] as const),
  );
  it.each(foreignCells)('%s: another chamber or company is refused', async (_name, row, cell) => {
    const res = await call(row.method, cell.url(ids), EMAIL[cell.who], cell.body?.(ids), row.stream);
    expect(res.statusCode, res.body).toBe(cell.status);
  });

  it.each(PUBLIC.map((r) => [key(r), r.why, r] as const))('%s needs no token (public: %s)', async (_name, _why, row) => {
    expect((await call(row.method, row.url, null, row.body, row.stream)).statusCode).toBe(row.status);
    if (row.holder) {
      const res = await call(row.method, row.holder.url(ids), null, row.holder.body, row.stream);
      expect(res.statusCode, res.body).toBe(row.holder.status);
    }
  });
});
