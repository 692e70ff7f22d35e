import { http, HttpResponse } from 'msw';
import { HttpError as RaHttpError } from 'react-admin';
import { server } from '../test/server';
import { companyUser, company } from '../test/handlers';
import { setNavigator } from '../api/navigation';
import { setDefaultRetrySleep } from '../api/httpClient';
import { primeCompanySession } from '../session/sessionStore';
import type { AnswerItem, CompanyUserInfo, InviteRule } from '../api/schema';
import { RESOURCE_PATHS } from './resources';
import { SINGLETON_ID, createDataProvider, type ApiHttpError } from './dataProvider';

interface Call {
  method: string;
  /** path and query, e.g. /v1/x?page=1 */
  url: string;
  body: unknown;
  contentType: string | null;
}

/**
 * Records every API call; `reply` answers it (default: a list for GETs of collections, the body
 * echoed with an id otherwise).
 */
const record = (reply?: (call: Call) => Response | undefined) => {
  const calls: Call[] = [];
  server.use(
    http.all('*/v1/*', async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      const call: Call = {
        method: request.method,
        url: decodeURIComponent(url.pathname + url.search),
        body: text ? JSON.parse(text) : undefined,
        contentType: request.headers.get('Content-Type'),
      };
      calls.push(call);
      const custom = reply?.(call);
      if (custom) return custom;
      if (request.method === 'GET' && !/\/\d+$|\/users\/[^/]+$/.test(url.pathname)) {
        return HttpResponse.json({ data: [{ id: 1 }], meta: { page: 1, page_size: 10, total: 1 } });
      }
      if (request.method === 'DELETE') return new HttpResponse(null, { status: 204 });
      return HttpResponse.json({ id: Number(url.pathname.split('/').pop()) || 99, ...((call.body as object) ?? {}) });
    }),
  );
  return calls;
};

const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json(
    { type: 'about:blank', title: 't', status, detail: '詳細', errors: [], ...body },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

const provider = () => createDataProvider({ cciCode: () => 'TKY' });

beforeEach(() => {
  setDefaultRetrySleep(null);
  setNavigator(vi.fn());
});

describe('dataProvider: lists (DESIGN §5, spec §9 list defaults)', () => {
  it('spec §9: getList sends page, page_size, sort, keyword and filters; reads meta.total', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/v1/cci/admin/master/companies', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({
          data: [{ id: 1 }],
          meta: { page: 2, page_size: 10, total: 11 },
        });
      }),
    );
    const result = await provider().getList('companies', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'company_code', order: 'DESC' },
      filter: { q: '商事', cci_code: 'TKY' },
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 11 });
    expect(Object.fromEntries(query!)).toEqual({
      page: '2',
      page_size: '10',
      sort: '-company_code',
      keyword: '商事',
      cci_code: 'TKY',
    });
  });

  it('spec §9: without pagination a list asks for page 1 of 10', async () => {
    const calls = record();
    await provider().getList('members', {});
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', url: '/v1/cci/admin/master/members?page=1&page_size=10' })]);
  });

  it('spec §7: every fixed resource lists from its path', async () => {
    const calls = record();
    for (const resource of Object.keys(RESOURCE_PATHS)) {
      await provider().getList(resource, { pagination: { page: 1, perPage: 10 } });
    }
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /v1/cci/admin/master/companies?page=1&page_size=10',
      'GET /v1/cci/admin/master/conferences?page=1&page_size=10',
      'GET /v1/cci/admin/master/conference_companies?page=1&page_size=10',
      'GET /v1/cci/admin/master/conference_members?page=1&page_size=10',
      'GET /v1/cci/admin/master/members?page=1&page_size=10',
      'GET /v1/cci/admin/master/positions?page=1&page_size=10',
      'GET /v1/cci/admin/master/users?page=1&page_size=10',
      'GET /v1/cci/admin/master/notifications?page=1&page_size=10',
      'GET /v1/company/conferences?page=1&page_size=10',
      'GET /v1/company/conference_companies?page=1&page_size=10',
      'GET /v1/company/conference_members?page=1&page_size=10',
      'GET /v1/company/companies?page=1&page_size=10',
    ]);
  });

  it('spec §7: conferences list with the admin filters', async () => {
    const calls = record();
    await provider().getList('conferences', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'event_date', order: 'ASC' },
      filter: { event_date__gte: '2026-04-01', event_date__lte: '2027-03-31', only_sub_conferences: true, member_id: 5 },
    });
    expect(calls[0].url).toBe(
      '/v1/cci/admin/master/conferences?page=1&page_size=25&sort=event_date&event_date__gte=2026-04-01&event_date__lte=2027-03-31&only_sub_conferences=true&member_id=5',
    );
  });

  it('getManyReference lists with the target as a filter', async () => {
    const calls = record();
    await provider().getManyReference('positions', {
      target: 'member_id',
      id: 12,
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'start_at', order: 'DESC' },
      filter: {},
    });
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/v1/cci/admin/master/positions?page=1&page_size=50&sort=-start_at&member_id=12',
      }),
    ]);
  });
});

describe('dataProvider: records (spec §7)', () => {
  it('getOne and getMany GET /{id}', async () => {
    const calls = record();
    expect((await provider().getOne('members', { id: 3 })).data).toEqual({ id: 3 });
    const many = await provider().getMany('companies', { ids: [4, 5] });
    expect(many.data).toEqual([{ id: 4 }, { id: 5 }]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /v1/cci/admin/master/members/3',
      'GET /v1/cci/admin/master/companies/4',
      'GET /v1/cci/admin/master/companies/5',
    ]);
  });

  it('create POSTs the data as JSON to the collection', async () => {
    const calls = record();
    const data = { company_code: 'C0001', attributes: { name1: '株式会社テスト' } };
    const result = await provider().create('companies', { data });
    expect(calls).toEqual([
      { method: 'POST', url: '/v1/cci/admin/master/companies', body: data, contentType: 'application/json' },
    ]);
    expect(result.data).toMatchObject({ id: 99, company_code: 'C0001' });
  });

  it('update PUTs /{id} with the version of previousData, without server-managed fields', async () => {
    const calls = record();
    const previousData = {
      id: 7,
      cci_code: 'TKY',
      company_code: 'C0007',
      version: 3,
      attributes: { name1: '旧' },
      created_at: 'x',
      updated_at: 'y',
    };
    const { version: _omitted, ...withoutVersion } = previousData;
    await provider().update('companies', {
      id: 7,
      data: { ...withoutVersion, attributes: { name1: '新' } },
      previousData,
    });
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/v1/cci/admin/master/companies/7',
        body: { company_code: 'C0007', attributes: { name1: '新' }, version: 3 },
        contentType: 'application/json',
      },
    ]);
  });

  it('update prefers the version in data (e.g. the current_version after a 409 reload)', async () => {
    const calls = record();
    await provider().update('conferences', { id: 2, data: { name: '総会', version: 9 }, previousData: { id: 2, version: 8 } });
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/v1/cci/admin/master/conferences/2',
      body: { name: '総会', version: 9 },
    });
  });

  it('spec §7: users are keyed by username (id = username), in paths and records', async () => {
    const calls = record((call) =>
      call.method === 'GET' && call.url.startsWith('/v1/cci/admin/master/users?')
        ? HttpResponse.json({ data: [{ username: 'tky-admin', version: 1 }], meta: { page: 1, page_size: 10, total: 1 } })
        : call.method === 'GET'
          ? HttpResponse.json({ username: 'tky-admin', version: 1 })
          : call.method === 'PUT'
            ? HttpResponse.json({ username: 'tky-admin', version: 2, enabled: false })
            : undefined,
    );
    const list = await provider().getList('users', { pagination: { page: 1, perPage: 10 } });
    expect(list.data).toEqual([{ id: 'tky-admin', username: 'tky-admin', version: 1 }]);
    expect((await provider().getOne('users', { id: 'tky-admin' })).data.id).toBe('tky-admin');
    const updated = await provider().update('users', {
      id: 'tky-admin',
      data: { id: 'tky-admin', username: 'tky-admin', enabled: false },
      previousData: { id: 'tky-admin', username: 'tky-admin', version: 1 },
    });
    expect(updated.data).toMatchObject({ id: 'tky-admin', version: 2 });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/v1/cci/admin/master/users?page=1&page_size=10', undefined],
      ['GET', '/v1/cci/admin/master/users/tky-admin', undefined],
      ['PUT', '/v1/cci/admin/master/users/tky-admin', { enabled: false, version: 1 }],
    ]);
  });

  it('issue 33: the chamber’s mail settings are a singleton: GET and PUT on one path, the chamber’s name never sent', async () => {
    const settings = { cci_code: 'TKY', name: '東京商工会議所', mail_sender_name: null, version: 1 };
    const calls = record((call) =>
      call.method === 'GET'
        ? HttpResponse.json(settings)
        : HttpResponse.json({ ...settings, ...(call.body as object), version: 2 }),
    );
    const read = await provider().getOne('chamber_settings', { id: SINGLETON_ID });
    expect(read.data).toEqual({ ...settings, id: SINGLETON_ID });
    const updated = await provider().update('chamber_settings', {
      id: SINGLETON_ID,
      data: { ...read.data, mail_sender_name: '総務課' },
      previousData: read.data,
    });
    expect(updated.data).toMatchObject({ id: SINGLETON_ID, version: 2, mail_sender_name: '総務課' });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/v1/cci/admin/master/chamber_settings', undefined],
      ['PUT', '/v1/cci/admin/master/chamber_settings', { mail_sender_name: '総務課', version: 1 }],
    ]);
  });

  it('updateMany PUTs each id', async () => {
    const calls = record();
    await provider().updateMany('conference_members', { ids: [1, 2], data: { category: 'principal', version: 1 } });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/v1/cci/admin/master/conference_members/1', { category: 'principal', version: 1 }],
      ['PUT', '/v1/cci/admin/master/conference_members/2', { category: 'principal', version: 1 }],
    ]);
  });

  it('delete DELETEs /{id} and answers the deleted record when the server sends none', async () => {
    const calls = record();
    const result = await provider().delete('positions', { id: 4, previousData: { id: 4, position_name: '部会長' } });
    expect(result.data).toEqual({ id: 4, position_name: '部会長' });
    expect(calls).toEqual([{ method: 'DELETE', url: '/v1/cci/admin/master/positions/4', body: undefined, contentType: null }]);
  });

  it('deleteMany DELETEs each id; for conference_members it is the bulk DELETE .../delete { ids }', async () => {
    const calls = record();
    await provider().deleteMany('positions', { ids: [1, 2] });
    await provider().deleteMany('conference_members', { ids: [5, 6, 7] });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['DELETE', '/v1/cci/admin/master/positions/1', undefined],
      ['DELETE', '/v1/cci/admin/master/positions/2', undefined],
      ['DELETE', '/v1/cci/admin/master/conference_members/delete', { ids: [5, 6, 7] }],
    ]);
  });

  it('spec §7: company resources go to /v1/company/...', async () => {
    const calls = record();
    await provider().getOne('company/conferences', { id: 10, meta: {} });
    await provider().update('company/companies', {
      id: 42,
      data: { attributes: { name1: 'A' } },
      previousData: { id: 42, version: 7 },
    });
    await provider().getList('company/conference_members', {
      pagination: { page: 1, perPage: 100 },
      filter: { conference_id: 10 },
    });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/v1/company/conferences/10', undefined],
      ['PUT', '/v1/company/companies/42', { attributes: { name1: 'A' }, version: 7 }],
      ['GET', '/v1/company/conference_members?page=1&page_size=100&conference_id=10', undefined],
    ]);
  });
});

describe('dataProvider: chamber-scoped paths with the session cci_code (spec §7)', () => {
  it('conference_templates live under /v1/cci/{cci_code}/master/CCI_CONFERENCE_TEMPLATE', async () => {
    const calls = record();
    const p = provider();
    await p.getList('conference_templates', { pagination: { page: 1, perPage: 10 } });
    await p.getOne('conference_templates', { id: 3 });
    await p.create('conference_templates', { data: { conference_template_code: 'T1', name: '総会' } });
    await p.update('conference_templates', { id: 3, data: { name: '総会2' }, previousData: { id: 3, version: 2 } });
    await p.delete('conference_templates', { id: 3 });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE?page=1&page_size=10', undefined],
      ['GET', '/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE/3', undefined],
      ['POST', '/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE', { conference_template_code: 'T1', name: '総会' }],
      ['PUT', '/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE/3', { name: '総会2', version: 2 }],
      ['DELETE', '/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE/3', undefined],
    ]);
  });

  it('exports: POST, GET list (created_by, status) and GET /{id} under /v1/cci/{cci_code}/export', async () => {
    const calls = record();
    const p = provider();
    await p.create('exports', { data: { type: 'attendance', format: 'xlsx' } });
    await p.getList('exports', { pagination: { page: 1, perPage: 10 }, filter: { created_by: 'tky-admin', status: 'running' } });
    await p.getOne('exports', { id: 8 });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/v1/cci/TKY/export', { type: 'attendance', format: 'xlsx' }],
      ['GET', '/v1/cci/TKY/export?page=1&page_size=10&created_by=tky-admin&status=running', undefined],
      ['GET', '/v1/cci/TKY/export/8', undefined],
    ]);
  });

  it('master data: /v1/cci/{cci_code}/master/{master_type_code} and the company twin; the type is in the path, not the query', async () => {
    const calls = record();
    const p = provider();
    await p.getList('master_data', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'master_code', order: 'ASC' },
      filter: { master_type_code: 'cci_position_type', master_code__startswith: 'CCI_' },
    });
    await p.getList('company/master_data', {
      pagination: { page: 1, perPage: 10 },
      filter: { master_type_code: 'cci_position_type' },
    });
    expect(calls.map((c) => c.url)).toEqual([
      '/v1/cci/TKY/master/cci_position_type?page=1&page_size=100&sort=master_code&master_code__startswith=CCI_',
      '/v1/company/TKY/master/cci_position_type?page=1&page_size=10',
    ]);
    await expect(p.getList('master_data', { pagination: { page: 1, perPage: 10 }, filter: {} })).rejects.toThrow(
      /master_type_code/,
    );
  });

  it('the cci_code comes from the loaded session by default, and is required', async () => {
    const calls = record();
    primeCompanySession(companyUser as CompanyUserInfo, company());
    await createDataProvider().getList('company/master_data', { filter: { master_type_code: 'cci_position_type' } });
    expect(calls[0].url).toBe('/v1/company/TKY/master/cci_position_type?page=1&page_size=10');
    await expect(createDataProvider({ cciCode: () => undefined }).getList('exports', {})).rejects.toThrow(/cci_code/);
  });
});

describe('dataProvider: named calls (issue 4 §2, spec §7)', () => {
  it('resetSortMembers → PUT /v1/cci/admin/master/conferences/{id}/reset_sort_members {}', async () => {
    const calls = record(() => HttpResponse.json({ updated: 4 }));
    await expect(provider().resetSortMembers(12)).resolves.toEqual({ updated: 4 });
    expect(calls).toEqual([
      { method: 'PUT', url: '/v1/cci/admin/master/conferences/12/reset_sort_members', body: {}, contentType: 'application/json' },
    ]);
  });

  it('createUserFromMember → POST /v1/cci/admin/master/members/{id}/user (no body)', async () => {
    const calls = record(() => HttpResponse.json({ username: 'acme-admin' }, { status: 201 }));
    await expect(provider().createUserFromMember(31)).resolves.toEqual({ username: 'acme-admin' });
    expect(calls).toEqual([{ method: 'POST', url: '/v1/cci/admin/master/members/31/user', body: undefined, contentType: null }]);
  });

  it('updatePositions → PUT /v1/cci/admin/master/positions/update_positions { items }', async () => {
    const calls = record(() => HttpResponse.json({ items: [] }));
    const items = [
      { action: 'update', id: 1, version: 2, rank: 1 },
      { action: 'delete', id: 2, version: 1 },
    ];
    await provider().updatePositions(items);
    expect(calls).toEqual([
      { method: 'PUT', url: '/v1/cci/admin/master/positions/update_positions', body: { items }, contentType: 'application/json' },
    ]);
  });

  it('deleteConferenceMembers → DELETE /v1/cci/admin/master/conference_members/delete { ids }', async () => {
    const calls = record(() => HttpResponse.json({ deleted: [3, 4] }));
    await expect(provider().deleteConferenceMembers([3, 4])).resolves.toEqual({ deleted: [3, 4] });
    expect(calls).toEqual([
      {
        method: 'DELETE',
        url: '/v1/cci/admin/master/conference_members/delete',
        body: { ids: [3, 4] },
        contentType: 'application/json',
      },
    ]);
  });

  it("inviteByRule → POST /v1/cci/admin/master/conference_members { mode: 'rule', conference_id, rule }", async () => {
    const calls = record(() => HttpResponse.json({ created: [], skipped: [] }, { status: 201 }));
    const rule: InviteRule = { position_types: ['CCI_OFFICER'], department_names: ['商業部会'] };
    await provider().inviteByRule(12, rule);
    await provider().inviteByRule(12, rule, 'substitute');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/v1/cci/admin/master/conference_members', { mode: 'rule', conference_id: 12, rule }],
      ['POST', '/v1/cci/admin/master/conference_members', { mode: 'rule', conference_id: 12, rule, category: 'substitute' }],
    ]);
  });

  it("inviteMembers → POST /v1/cci/admin/master/conference_members { mode: 'many', conference_id, member_ids }", async () => {
    const calls = record(() => HttpResponse.json({ created: [], skipped: [] }, { status: 201 }));
    await provider().inviteMembers(12, [7, 8]);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/v1/cci/admin/master/conference_members', { mode: 'many', conference_id: 12, member_ids: [7, 8] }],
    ]);
  });

  it('answer → POST /v1/company/conference_members/answer { answers }', async () => {
    const calls = record(() => HttpResponse.json({ data: [], conference_companies: [] }));
    const answers: AnswerItem[] = [
      { id: 1, answer_content: 'attend' },
      { id: 2, answer_content: 'proxy_attend', proxy_name: '山田 太郎', proxy_title: '部長' },
    ];
    await provider().answer(answers);
    expect(calls).toEqual([
      { method: 'POST', url: '/v1/company/conference_members/answer', body: { answers }, contentType: 'application/json' },
    ]);
  });
});

describe('dataProvider: failures (spec §8, §9)', () => {
  it('spec §8: failures carry a Japanese message key and the status', async () => {
    server.use(http.get('*/v1/cci/admin/master/companies/5', () => HttpResponse.json({ code: 'x' }, { status: 503 })));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outcome = provider()
      .getOne('companies', { id: 5 })
      .catch((e) => e);
    await vi.runAllTimersAsync();
    expect(await outcome).toMatchObject({ status: 503, message: 'kaigi.errors.http.service_unavailable' });
  });

  it('spec §8/§9: a 409 on update is retried (PUT, 409–429) and then surfaces with current_version in its body', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const started: number[] = [];
    server.use(
      http.put('*/v1/cci/admin/master/companies/7', () => {
        started.push(Date.now());
        return problem(409, {
          code: 'version_conflict',
          detail: '他のユーザーが先に更新しました。',
          current_version: 5,
          errors: [{ field: 'body.version', code: 'version_conflict', message: 'stale version' }],
        });
      }),
    );
    const outcome = provider()
      .update('companies', { id: 7, data: { attributes: { name1: '新' } }, previousData: { id: 7, version: 4 } })
      .catch((e: ApiHttpError) => e);
    await vi.runAllTimersAsync();
    const error = (await outcome) as ApiHttpError;
    expect(started).toHaveLength(4);
    expect(started.slice(1).map((at, i) => at - started[i])).toEqual([600, 1600, 3600]);
    expect(error).toBeInstanceOf(RaHttpError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('kaigi.errors.codes.version_conflict');
    expect(error.body).toMatchObject({
      code: 'version_conflict',
      current_version: 5,
      detail: '他のユーザーが先に更新しました。',
      errors: { version: 'kaigi.errors.fields.version_conflict' },
      field_errors: [{ field: 'body.version', code: 'version_conflict', message: 'stale version' }],
    });
    expect(error.currentVersion).toBe(5);
    expect(error.problem?.errors).toEqual([{ field: 'body.version', code: 'version_conflict', message: 'stale version' }]);
  });

  it('spec §8: validation errors reach react-admin forms as body.errors by field', async () => {
    server.use(
      http.post('*/v1/cci/admin/master/companies', () =>
        problem(400, {
          code: 'validation_failed',
          detail: '入力内容に誤りがあります。',
          errors: [
            { field: 'body.attributes.name1', code: 'maxLength', message: 'must NOT have more than 200 characters' },
            { field: 'body.company_code', code: 'unique', message: '既に使われています' },
          ],
        }),
      ),
    );
    const error = (await provider()
      .create('companies', { data: { company_code: 'C1', attributes: { name1: 'x'.repeat(201) } } })
      .catch((e) => e)) as ApiHttpError;
    expect(error.status).toBe(400);
    expect(error.message).toBe('kaigi.errors.codes.validation_failed');
    expect(error.body.errors).toEqual({
      attributes: { name1: 'kaigi.errors.fields.maxLength' },
      company_code: '既に使われています',
    });
  });

  it('spec §9: a named POST is not retried, and its problem code picks the message', async () => {
    let calls = 0;
    server.use(
      http.post('*/v1/cci/admin/master/conference_members', () => {
        calls += 1;
        return problem(409, { code: 'already_invited', member_ids: [7] });
      }),
    );
    const error = (await provider()
      .inviteMembers(12, [7])
      .catch((e) => e)) as ApiHttpError;
    expect(calls).toBe(1);
    expect(error).toMatchObject({ status: 409, message: 'kaigi.errors.codes.already_invited', code: 'already_invited' });
    expect(error.body).toMatchObject({ member_ids: [7] });
  });

  it('spec §2: a 404 from a dataProvider call navigates to /404', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    server.use(http.get('*/v1/cci/admin/master/members/404', () => problem(404, { code: 'not_found' })));
    await expect(provider().getOne('members', { id: 404 })).rejects.toMatchObject({ status: 404 });
    expect(navigate).toHaveBeenCalledWith('/404');
  });

  it('passes react-admin abort signals through (supportAbortSignal)', async () => {
    expect(provider().supportAbortSignal).toBe(true);
    let seen = false;
    server.use(
      http.get('*/v1/cci/admin/master/members', async () => {
        seen = true;
        await new Promise(() => undefined);
      }),
    );
    const controller = new AbortController();
    const pending = provider().getList('members', { signal: controller.signal });
    await vi.waitFor(() => expect(seen).toBe(true));
    controller.abort();
    await expect(pending).rejects.toBeTruthy();
  });
});
