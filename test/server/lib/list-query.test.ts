import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../helpers/app.ts';
import { DEMO, tokenOf } from '../../helpers/fixtures.ts';
import { MAX_PAGE } from '../../../server/schemas/common.ts';

/** DESIGN.md §10: a page or offset beyond what the database takes is a 400 naming it, never a 500. */
let app: FastifyInstance;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
});
afterAll(() => app.close());

const LISTS: Array<[string, string]> = [
  ['/v1/cci/admin/master/companies', DEMO.admin],
  ['/v1/cci/admin/master/conferences', DEMO.staff],
  ['/v1/cci/admin/master/members', DEMO.admin],
  ['/v1/cci/admin/master/positions', DEMO.admin],
  ['/v1/cci/admin/master/users', DEMO.admin],
  ['/v1/cci/admin/master/conference_companies', DEMO.staff],
  ['/v1/cci/admin/master/conference_members', DEMO.staff],
  ['/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE', DEMO.admin],
  ['/v1/cci/demo/master/cci_position_type', DEMO.staff],
  ['/v1/cci/demo/export', DEMO.admin],
  ['/v1/company/conferences', DEMO.companyAdmin],
  ['/v1/company/conference_members', DEMO.companyAdmin],
  ['/v1/company/conference_companies', DEMO.companyAdmin],
  ['/v1/company/companies', DEMO.companyAdmin],
  ['/v1/company/demo/master/cci_position_type', DEMO.companyAdmin],
];

describe('page bounds on every list (DESIGN.md §5, §10)', () => {
  it.each(LISTS)('%s: a page beyond the maximum is a 400 naming querystring.page', async (url, email) => {
    for (const query of ['page=1e300', 'page_size=1000&page=9223372036854775', `page=${MAX_PAGE + 1}`]) {
      const res = await call('GET', `${url}?${query}`, email);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(fieldsNamed(res)).toContain('querystring.page');
    }
  });

  it.each(LISTS)('%s: the last allowed page with the largest page size is an empty page', async (url, email) => {
    const res = await call('GET', `${url}?page=${MAX_PAGE}&page_size=1000`, email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: [], meta: { page: MAX_PAGE, page_size: 1000 } });
  });
});

describe('other numbers bound for SQL', () => {
  it('refuses a version beyond PostgreSQL integer in a query and in bodies (400, not 500)', async () => {
    const template = await call('DELETE', '/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE/1?version=99999999999', DEMO.admin);
    expect(template.statusCode, template.body).toBe(400);
    expect(fieldsNamed(template)).toContain('querystring.version');

    const company = (await call('GET', '/v1/cci/admin/master/companies?page_size=1', DEMO.admin)).json().data[0];
    const put = await call('PUT', `/v1/cci/admin/master/companies/${company.id}`, DEMO.admin, {
      version: 10_000_000_000,
      attributes: { name1: company.attributes.name1 },
    });
    expect(put.statusCode, put.body).toBe(400);
    expect(fieldsNamed(put)).toContain('body.version');
  });
});
