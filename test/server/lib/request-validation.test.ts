import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../helpers/fixtures.ts';

/**
 * DESIGN.md §10: ids that are not plain integers are a 400; the query and path are read as text
 * with plain numbers only, a JSON body with its own types (server/lib/request-validation.ts).
 */
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let c0001: number;
let c0003: number;
const COMPANIES = '/v1/cci/admin/master/companies';

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  c0001 = await companyIdOf(app.pool, 'C0001');
  c0003 = await companyIdOf(app.pool, 'C0003');
});
afterAll(() => app.close());

const expect400Naming = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect((res.json() as { code: string }).code).toBe('validation_failed');
  expect(fieldsNamed(res)).toContain(field);
};

describe('path ids are plain integers', () => {
  it.each(['1e0', '%2B1', '%201', '0x1', '1.0', '1%20'])(
    'refuses /companies/%s (written for company 1) with 400 params.id',
    async (id) => {
      expect400Naming(await call('GET', `${COMPANIES}/${id}`, DEMO.admin), 'params.id');
    },
  );

  it('refuses an existing id in exponent form (`/companies/1e1` read company 10) on chamber, company and template routes', async () => {
    const current = (await call('GET', `${COMPANIES}/${c0003}`, DEMO.admin)).json();
    expect400Naming(await call('GET', `${COMPANIES}/${c0003}e0`, DEMO.admin), 'params.id');
    const put = await call('PUT', `${COMPANIES}/${c0003}e0`, DEMO.admin, {
      version: current.version,
      attributes: { name1: '書換' },
    });
    expect400Naming(put, 'params.id');
    expect400Naming(await call('GET', `/v1/company/companies/${c0001}e0`, DEMO.companyAdmin), 'params.id');
    expect400Naming(await call('GET', '/v1/cci/admin/master/conferences/1e1', DEMO.staff), 'params.id');
    expect400Naming(await call('GET', '/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE/1e1', DEMO.staff), 'params.id');
  });

  it('still reads a plain id', async () => {
    const res = await call('GET', `${COMPANIES}/${c0001}`, DEMO.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(c0001);
  });
});

describe('query numbers are plain integers, still read from text', () => {
  it.each([
    ['/v1/cci/admin/master/conferences?member_id=1e1', 'querystring.member_id'],
    ['/v1/cci/admin/master/conference_members?conference_id=%2B1', 'querystring.conference_id'],
    ['/v1/cci/admin/master/companies?page=0x2', 'querystring.page'],
    ['/v1/company/conferences?page_size=1e1', 'querystring.page_size'],
  ])('refuses %s', async (url, field) => {
    const email = url.startsWith('/v1/company') ? DEMO.companyAdmin : DEMO.admin;
    expect400Naming(await call('GET', url, email), field);
  });

  it('takes page=2&page_size=5 as numbers', async () => {
    const res = await call('GET', `${COMPANIES}?page=2&page_size=5`, DEMO.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ page: 2, page_size: 5 });
  });
});

describe('a JSON body is not coerced', () => {
  it.each([
    ['an array', [2]],
    ['a string', '2'],
    ['a boolean', true],
  ])('refuses a version given as %s (400 body.version)', async (_what, version) => {
    const current = (await call('GET', `${COMPANIES}/${c0003}`, DEMO.admin)).json();
    const res = await call('PUT', `${COMPANIES}/${c0003}`, DEMO.admin, {
      version,
      attributes: { name1: current.attributes.name1 },
    });
    expect400Naming(res, 'body.version');
    expect((await call('GET', `${COMPANIES}/${c0003}`, DEMO.admin)).json().version).toBe(current.version);
  });

  it('refuses an id given as text and a flag given as text', async () => {
    expect400Naming(
      await call('POST', '/v1/cci/admin/master/members', DEMO.admin, { company_id: String(c0003), name: '文字列 太郎' }),
      'body.company_id',
    );
    expect400Naming(
      await call('POST', '/v1/cci/admin/master/conferences', DEMO.staff, {
        name: '型の確認',
        event_date: '2031-04-01T10:00:00+09:00',
        allow_delegate: 'true',
      }),
      'body.allow_delegate',
    );
  });

  it("keeps the form convention: '' in a nullable field clears it", async () => {
    const created = await call('POST', '/v1/cci/admin/master/members', DEMO.admin, {
      company_id: c0003,
      name: '空欄 花子',
      title: '理事',
      start_at: '2026-04-01',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json();
    const cleared = await call('PUT', `/v1/cci/admin/master/members/${id}`, DEMO.admin, { version, title: '', start_at: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ title: null, start_at: null });
    // other files count the demo members
    await app.pool.query('delete from member where id = $1', [id]);
  });
});
