/**
 * Issue 30 item 2, spec §3 and DESIGN.md §5: every list takes every common list parameter —
 * keyword, expand, fields, sort, page, page_size, cci_code. The lists are read from the app's own
 * OpenAPI document (every GET answering `{ data: [...], meta }`), so a new list cannot skip this
 * table; each parameter is sent alone to each, then an unknown `fields` / `expand` / `sort` name,
 * which must be a 400 naming it. The import's change list (issue 33) is read for a real dry run,
 * run by the import worker in beforeAll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { caller } from '../../helpers/app.ts';
import { DEMO, tokenOf } from '../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { csvOf, importFile } from '../../helpers/import-app.ts';
import { NAMES_KEYWORD } from '../../../server/lib/name-list.ts';
import { dereferenced } from '../../helpers/openapi.ts';

const COMMON = ['keyword', 'expand', 'fields', 'sort', 'page', 'page_size', 'cci_code'] as const;

interface QueryParameter {
  name: string;
  in: string;
  schema: { [NAMES_KEYWORD]?: { names: string[] } };
}
interface OpenApi {
  paths: Record<string, Record<string, { parameters?: QueryParameter[]; responses?: Record<string, ResponseObject> }>>;
}
interface ResponseObject {
  content?: { 'application/json'?: { schema?: { properties?: Record<string, { type?: string }> } } };
}

interface ListRoute {
  path: string;
  query: Map<string, QueryParameter>;
}

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
let lists: ListRoute[];
let conferenceId: number;
let importId: number;

const CHANGES_PATH = '/v1/cci/{cci_code}/import/{id}/changes';

const isList = (response: ResponseObject | undefined) => {
  const properties = response?.content?.['application/json']?.schema?.properties;
  return properties?.data?.type === 'array' && properties.meta !== undefined;
};

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  await env.startWorker();
  const document = dereferenced((await env.app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as OpenApi);
  lists = Object.entries(document.paths).flatMap(([path, operations]) =>
    operations.get && isList(operations.get.responses?.['200'])
      ? [{ path, query: new Map((operations.get.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p])) }]
      : [],
  );
  const conferences = await call('GET', '/v1/cci/admin/master/conferences?page_size=1', DEMO.admin);
  conferenceId = conferences.json().data[0].id;
  // a dry run of two new companies: its change list has rows (one holds 商工, the keyword below)
  const code = `L${randomBytes(3).toString('hex').toUpperCase()}`;
  const dry = await importFile(env, call, DEMO.admin, {
    type: 'companies',
    content: csvOf([
      ['事業所コード', '事業所名'],
      [`${code}1`, '浜松商工サービス'],
      [`${code}2`, '丸一商事'],
    ]),
  });
  expect(dry).toMatchObject({ status: 'succeeded', counts: { created: 2 } });
  importId = dry.id;
});
afterAll(async () => {
  await env?.close();
});

/** A concrete URL and a caller for a list path of the document. */
function target(path: string): { url: string; email: string } {
  const url = path
    .replace('{cci_code}', 'demo')
    .replace('{master_type_code}', 'cci_position_type')
    .replace('{id}', String(path === CHANGES_PATH ? importId : conferenceId));
  if (url.includes('{')) throw new Error(`no value for a path parameter of ${path}`);
  return { url, email: path.startsWith('/v1/company/') ? DEMO.companyAdmin : DEMO.admin };
}

const namesOf = (list: ListRoute, parameter: string): string[] => list.query.get(parameter)?.schema[NAMES_KEYWORD]?.names ?? [];

/** A valid value of each common parameter for a list. */
function validValue(list: ListRoute, parameter: (typeof COMMON)[number]): string {
  switch (parameter) {
    case 'keyword':
      return '商工';
    case 'expand':
    case 'fields':
      return namesOf(list, parameter)[0];
    case 'sort':
      return `-${namesOf(list, 'sort')[0]}`;
    case 'page':
      return '1';
    case 'page_size':
      return '10';
    case 'cci_code':
      return 'demo';
  }
}

describe('the common list parameters on every list (spec §3, DESIGN.md §5)', () => {
  it('finds the lists of spec §7 and the others in the OpenAPI document', () => {
    const paths = lists.map((l) => l.path);
    for (const path of [
      '/v1/cci/admin/master/companies',
      '/v1/company/companies',
      '/v1/company/conferences',
      '/v1/cci/admin/master/conferences',
      '/v1/company/conference_companies',
      '/v1/cci/admin/master/conference_companies',
      '/v1/company/conference_members',
      '/v1/cci/admin/master/conference_members',
      '/v1/cci/{cci_code}/master/CCI_CONFERENCE_TEMPLATE',
      '/v1/cci/{cci_code}/export',
      '/v1/cci/admin/master/members',
      '/v1/cci/admin/master/positions',
      '/v1/cci/{cci_code}/master/{master_type_code}',
      '/v1/company/{cci_code}/master/{master_type_code}',
      CHANGES_PATH,
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('every list declares every common parameter, with the names fields, expand and sort take', () => {
    for (const list of lists) {
      for (const parameter of COMMON) expect(list.query.has(parameter), `${list.path} ${parameter}`).toBe(true);
      for (const parameter of ['fields', 'expand', 'sort']) {
        expect(namesOf(list, parameter).length, `${list.path} ${parameter} names`).toBeGreaterThan(0);
      }
    }
  });

  it.each(COMMON)('every list answers 200 to %s', async (parameter) => {
    for (const list of lists) {
      const { url, email } = target(list.path);
      const query = new URLSearchParams({ [parameter]: validValue(list, parameter) });
      const res = await call('GET', `${url}?${query}`, email);
      expect(res.statusCode, `${list.path}?${query}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ data: expect.any(Array), meta: expect.any(Object) });
    }
  });

  it('every list answers 200 to all the common parameters at once', async () => {
    for (const list of lists) {
      const { url, email } = target(list.path);
      const query = new URLSearchParams(
        COMMON.filter((p) => p !== 'keyword').map((p): [string, string] => [p, validValue(list, p)]),
      );
      const res = await call('GET', `${url}?${query}`, email);
      expect(res.statusCode, `${list.path}?${query}: ${res.body}`).toBe(200);
    }
  });

  it.each(['fields', 'expand', 'sort'])('every list refuses an unknown %s name with a 400 naming it', async (parameter) => {
    for (const list of lists) {
      const { url, email } = target(list.path);
      const known = namesOf(list, parameter)[0];
      const res = await call('GET', `${url}?${parameter}=${known},no_such_name`, email);
      expect(res.statusCode, `${list.path}: ${res.body}`).toBe(400);
      const errors = res.json().errors as Array<{ field: string; code: string; message: string }>;
      expect(errors).toContainEqual(
        expect.objectContaining({
          field: `querystring.${parameter}`,
          code: 'unknown_name',
          message: expect.stringContaining('no_such_name'),
        }),
      );
    }
  });

  it('expand=chamber adds the chamber to every row of every list', async () => {
    for (const list of lists) {
      const { url, email } = target(list.path);
      const res = await call('GET', `${url}?expand=chamber`, email);
      expect(res.statusCode, `${list.path}: ${res.body}`).toBe(200);
      for (const row of res.json().data)
        expect(row.chamber, list.path).toMatchObject({ cci_code: 'demo', name: expect.any(String) });
    }
  });

  // issue 37: the total rides on the page's rows; a page past the last row has none to carry it
  it('every list gives its total on its last page and on a page past it', async () => {
    for (const list of lists) {
      const { url, email } = target(list.path);
      const total = (await call('GET', `${url}?page_size=1`, email)).json().meta.total as number;
      if (total === 0) continue;
      const last = (await call('GET', `${url}?page_size=1&page=${total}`, email)).json();
      expect(last.data, list.path).toHaveLength(1);
      expect(last.meta.total, list.path).toBe(total);
      const past = (await call('GET', `${url}?page_size=1&page=${total + 1}`, email)).json();
      expect(past.data, list.path).toEqual([]);
      expect(past.meta, list.path).toMatchObject({ page: total + 1, page_size: 1, total });
    }
  });

  it('a list of nothing has a total of 0 on its first page and past it', async () => {
    for (const list of lists) {
      const { url, email } = target(list.path);
      for (const page of [1, 2]) {
        const res = await call('GET', `${url}?keyword=${encodeURIComponent('該当なしｚｚｑ')}&page=${page}`, email);
        expect(res.json().meta, list.path).toMatchObject({ page, total: 0 });
      }
    }
  });

  it('keyword narrows every list: a word nothing holds leaves none of the rows it has', async () => {
    for (const list of lists) {
      const { url, email } = target(list.path);
      const all = await call('GET', url, email);
      if (all.json().meta.total === 0) continue;
      const none = await call('GET', `${url}?keyword=${encodeURIComponent('該当なしｚｚｑ')}`, email);
      expect(none.statusCode, `${list.path}: ${none.body}`).toBe(200);
      expect(none.json().meta.total, list.path).toBe(0);
    }
  });

  it('fields narrows every row of every list to the fields named', async () => {
    for (const list of lists) {
      const { url, email } = target(list.path);
      const [first, second] = namesOf(list, 'fields');
      const res = await call('GET', `${url}?fields=${first},${second}`, email);
      expect(res.statusCode, `${list.path}: ${res.body}`).toBe(200);
      for (const row of res.json().data) expect([first, second], list.path).toEqual(expect.arrayContaining(Object.keys(row)));
    }
  });
});

describe('what keyword and expand mean per list (issue 30)', () => {
  it('the company’s conferences: keyword finds a conference by its name', async () => {
    const all = (await call('GET', '/v1/company/conferences?hidden_happened=false&page_size=100', DEMO.companyAdmin)).json();
    expect(all.data.length).toBeGreaterThan(0);
    const name: string = all.data[0].name;
    const found = await call(
      'GET',
      `/v1/company/conferences?hidden_happened=false&keyword=${encodeURIComponent(name)}`,
      DEMO.companyAdmin,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((c: { name: string }) => c.name)).toContain(name);
    expect(
      found.json().data.every((c: { name: string; place: string | null }) => `${c.name} ${c.place ?? ''}`.includes(name)),
    ).toBe(true);
  });

  it('the chamber’s conference companies: keyword finds the invited company by its name', async () => {
    const all = (await call('GET', '/v1/cci/admin/master/conference_companies?expand=company&page_size=100', DEMO.staff)).json();
    expect(all.data.length).toBeGreaterThan(0);
    const name: string = all.data[0].company.name1;
    const found = await call(
      'GET',
      `/v1/cci/admin/master/conference_companies?expand=company&page_size=100&keyword=${encodeURIComponent(name)}`,
      DEMO.staff,
    );
    expect(found.statusCode, found.body).toBe(200);
    const names = found.json().data.map((row: { company: { name1: string } }) => row.company.name1);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n: string) => n.includes(name))).toBe(true);
  });

  it('the company’s own company: keyword matches it or leaves the list empty, fields picks, sort is taken', async () => {
    const own = await call('GET', '/v1/company/companies?fields=id,company_code&sort=-id', DEMO.companyAdmin);
    expect(own.statusCode, own.body).toBe(200);
    const [row] = own.json().data;
    expect(Object.keys(row).sort()).toEqual(['company_code', 'id']);
    const match = await call('GET', `/v1/company/companies?keyword=${row.company_code}`, DEMO.companyAdmin);
    expect(match.json().data.map((c: { id: number }) => c.id)).toEqual([row.id]);
  });

  it('members: expand=company adds the company beside the chamber', async () => {
    const res = await call('GET', '/v1/cci/admin/master/members?expand=company,chamber&page_size=1', DEMO.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ company: expect.any(Object), chamber: { cci_code: 'demo' } });
  });
});
