import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp, caller } from '../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../helpers/fixtures.ts';

/**
 * DESIGN.md §10: hostile input is a 400, never a 500 — JSON nested deeper than 64 levels, and text
 * PostgreSQL cannot store (U+0000, lone UTF-16 surrogates), refused rather than silently replaced.
 */
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let ownCompanyId: number;
let ownAttributes: unknown;

const FORGET = '/v1/company/common/users/forget_password';
const COMPANIES = '/v1/cci/admin/master/companies';
const TEMPLATES = '/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE';

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  ownCompanyId = await companyIdOf(app.pool, 'C0001');
  ({
    rows: [{ attributes: ownAttributes }],
  } = await app.pool.query('select attributes from company where id = $1', [ownCompanyId]));
});
afterAll(async () => {
  await app.pool.query('update company set attributes = $2 where id = $1', [ownCompanyId, ownAttributes]);
  await app.close();
});

/** `{"a":{"a":…{"a":1}…}}` with `levels` nested objects. */
const nestedObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** `[[…[]…]]` with `levels` nested arrays. */
const nestedArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** A raw JSON text, as a client sends it (inject would otherwise serialise the payload itself). */
async function send(method: 'POST' | 'PUT', url: string, json: string, email: string | null) {
  return app.inject({
    method,
    url,
    payload: json,
    headers: { 'content-type': 'application/json', ...(email ? bearer(await tokenOf(email)) : {}) },
  });
}

const currentCompany = async (url: string, email: string) => (await call('GET', url, email)).json();

describe('JSON nested deeper than 64 levels (DESIGN.md §10)', () => {
  const deepAttributes = `{"version":1,"attributes":{"name1":"x","address":${nestedArray(5000)}}}`;

  it.each([
    ['the anonymous forget_password', 'POST', FORGET, `{"email":${nestedArray(5000)}}`, null],
    ['a chamber create', 'POST', COMPANIES, `{"company_code":"DEEP1","attributes":${nestedObject(5000)}}`, DEMO.admin],
    [
      'a template create',
      'POST',
      TEMPLATES,
      `{"conference_template_code":"DEEP","name":"x","body":${nestedArray(5000)}}`,
      DEMO.admin,
    ],
    ['the company profile', 'PUT', `/v1/company/companies/{own}`, deepAttributes, DEMO.companyAdmin],
  ] as const)('answers 400 body_too_deep on %s', async (_what, method, url, json, email) => {
    expect(json.length).toBeGreaterThan(10_000);
    const res = await send(method, url.replace('{own}', String(ownCompanyId)), json, email);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'body_too_deep', errors: [{ field: 'body', code: 'body_too_deep' }] });
  });

  it('takes 64 levels (then validates the body as usual) and refuses 65', async () => {
    // the body object is level 1: 63 more levels under "x" make 64
    const at64 = await send('POST', FORGET, `{"email":"a@example.com","x":${nestedArray(63)}}`, null);
    expect(at64.statusCode).toBe(400);
    expect(at64.json().code).toBe('validation_failed');
    const at65 = await send('POST', FORGET, `{"email":"a@example.com","x":${nestedArray(64)}}`, null);
    expect(at65.json().code).toBe('body_too_deep');
  });

  it('still answers malformed JSON as before', async () => {
    const res = await send('POST', FORGET, '{"email":', null);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('malformed_json');
  });
});

describe('text PostgreSQL cannot store: 400 invalid_text naming the field (DESIGN.md §10)', () => {
  const expectInvalidText = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_text', errors: [{ field, code: 'invalid_text' }] });
  };

  it('refuses a lone surrogate in company attributes (jsonb) on create and update, storing nothing', async () => {
    const created = await call('POST', COMPANIES, DEMO.admin, { company_code: 'SUR1', attributes: { name1: 'a\ud800b' } });
    expectInvalidText(created, 'body.attributes.name1');
    const { rows } = await app.pool.query(`select 1 from company where company_code = 'SUR1'`);
    expect(rows).toEqual([]);

    const id = await companyIdOf(app.pool, 'C0003');
    const before = await currentCompany(`${COMPANIES}/${id}`, DEMO.admin);
    const updated = await call('PUT', `${COMPANIES}/${id}`, DEMO.admin, {
      version: before.version,
      attributes: { name1: before.attributes.name1, address: '\udc00' },
    });
    expectInvalidText(updated, 'body.attributes.address');
    expect(await currentCompany(`${COMPANIES}/${id}`, DEMO.admin)).toEqual(before);
  });

  it('refuses a lone surrogate in the company profile and in a property name', async () => {
    const url = `/v1/company/companies/${ownCompanyId}`;
    const before = await currentCompany(url, DEMO.companyAdmin);
    const value = await call('PUT', url, DEMO.companyAdmin, {
      version: before.version,
      attributes: { name1: before.attributes.name1, representative: '代表\ud83d' },
    });
    expectInvalidText(value, 'body.attributes.representative');
    const key = await call('PUT', url, DEMO.companyAdmin, {
      version: before.version,
      attributes: { name1: before.attributes.name1, ['\ud800']: 'x' },
    });
    expectInvalidText(key, 'body.attributes');
    expect(await currentCompany(url, DEMO.companyAdmin)).toEqual(before);
  });

  it('refuses a lone surrogate deep in a template body (jsonb)', async () => {
    const res = await call('POST', TEMPLATES, DEMO.admin, {
      conference_template_code: 'SUR_TPL',
      name: '雛形',
      body: { sub_conferences: [{ name: '懇親会' }, { name: '\udfff懇親会' }] },
    });
    expectInvalidText(res, 'body.body.sub_conferences.1.name');
  });

  it('refuses a lone surrogate bound for a text column instead of storing U+FFFD', async () => {
    const c0003 = await companyIdOf(app.pool, 'C0003');
    const res = await call('POST', '/v1/cci/admin/master/members', DEMO.admin, { company_id: c0003, name: '試験\ud800太郎' });
    expectInvalidText(res, 'body.name');
    const { rows } = await app.pool.query(`select 1 from member where name like '試験%太郎'`);
    expect(rows).toEqual([]);
  });

  it('refuses NUL in the query, a path parameter and the body (same code)', async () => {
    expectInvalidText(await call('GET', `${COMPANIES}?keyword=a%00b`, DEMO.admin), 'querystring.keyword');
    expectInvalidText(await call('GET', '/v1/cci/admin/master/users/a%00b', DEMO.admin), 'params.username');
    expectInvalidText(
      await call('POST', COMPANIES, DEMO.admin, { company_code: 'NUL1', attributes: { name1: 'a\u0000b' } }),
      'body.attributes.name1',
    );
    expectInvalidText(await call('POST', FORGET, null, { email: 'a\u0000@example.com' }), 'body.email');
  });

  it('keeps well-formed text outside the BMP (surrogate pairs) as typed', async () => {
    const url = `/v1/company/companies/${ownCompanyId}`;
    const before = await currentCompany(url, DEMO.companyAdmin);
    const name = '𠮷野家😀';
    const res = await call('PUT', url, DEMO.companyAdmin, {
      version: before.version,
      attributes: { ...stripReadOnly(before.attributes), representative: name },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attributes.representative).toBe(name);
  });
});

/** The attributes a company admin may send back (admin_changed_info_flag is the server's). */
function stripReadOnly(attributes: Record<string, unknown>) {
  const { admin_changed_info_flag: _flag, ...editable } = attributes;
  return editable;
}

describe('property names that Object.prototype also has', () => {
  it('are plain keys in a body: refused as unknown fields by validation, never run as a normaliser', async () => {
    for (const key of ['valueOf', 'toString', 'hasOwnProperty', 'constructor']) {
      const res = await send('POST', FORGET, `{"email":"a@example.jp","${key}":"x"}`, null);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      expect(res.json(), key).toMatchObject({ code: 'validation_failed', errors: [{ field: `body.${key}` }] });
    }
  });

  it('are plain parameter names in a query: a 400 naming the parameter, never a 500', async () => {
    for (const key of ['__proto__', 'valueOf', 'constructor']) {
      const res = await call('GET', `${COMPANIES}?${key}=1`, DEMO.admin);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});
