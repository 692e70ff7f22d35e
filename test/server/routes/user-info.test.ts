import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp, signIn } from '../../helpers/app.ts';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await buildTestApp();
  for (const email of [
    'cci-admin@example.com',
    'cci-staff@example.com',
    'company-admin@example.com',
    'company-new@example.com',
  ]) {
    tokens[email] = (await signIn(email)).idToken;
  }
});
afterAll(() => app.close());

const get = (url: string, email?: string) => app.inject({ method: 'GET', url, headers: email ? bearer(tokens[email]) : {} });

describe('GET /v1/cci/user_info (spec §7)', () => {
  it.each([
    ['cci-admin@example.com', 'CCI_ADMIN'],
    ['cci-staff@example.com', 'CCI_CONFERENCE_USER'],
  ])('returns cci_code, username and user_type for %s', async (email, role) => {
    const res = await get('/v1/cci/user_info', email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ cci_code: 'demo', user_type: role, email });
    expect(body.username).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a company admin with 403', async () => {
    expect((await get('/v1/cci/user_info', 'company-admin@example.com')).statusCode).toBe(403);
  });

  it('refuses 401 without a token', async () => {
    expect((await get('/v1/cci/user_info')).statusCode).toBe(401);
  });

  it('refuses a chamber user naming another chamber with 403, and accepts its own', async () => {
    const other = await get('/v1/cci/user_info?cci_code=tokyo', 'cci-admin@example.com');
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('forbidden');
    expect((await get('/v1/cci/user_info?cci_code=demo', 'cci-admin@example.com')).statusCode).toBe(200);
  });

  it('answers 400 naming an unknown query parameter', async () => {
    const res = await get('/v1/cci/user_info?colour=red', 'cci-admin@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(res.json().errors[0].field).toContain('colour');
  });
});

describe('GET /v1/company/user_info (spec §7)', () => {
  it('returns the company admin with its company id', async () => {
    const res = await get('/v1/company/user_info', 'company-admin@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cci_code: 'demo', user_type: 'COMPANY_ADMIN', company_id: expect.any(Number) });
  });

  it('refuses chamber users with 403 and anonymous callers with 401', async () => {
    expect((await get('/v1/company/user_info', 'cci-admin@example.com')).statusCode).toBe(403);
    expect((await get('/v1/company/user_info', 'cci-staff@example.com')).statusCode).toBe(403);
    expect((await get('/v1/company/user_info')).statusCode).toBe(401);
  });
});

describe('GET /v1/company/companies?id= (session loader, spec §4/§7)', () => {
  it('returns the own company with id, version and attributes', async () => {
    const { company_id } = (await get('/v1/company/user_info', 'company-admin@example.com')).json();
    const res = await get(`/v1/company/companies?id=${company_id}`, 'company-admin@example.com');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, page_size: 10, total: 1 });
    expect(body.data[0]).toMatchObject({ id: company_id, version: expect.any(Number), company_code: 'C0001' });
    expect(body.data[0].attributes).toMatchObject({ name1: expect.any(String), admin_changed_info_flag: '0' });
    expect(body.data[0].attributes.email).toMatch(/@/);
  });

  it('shows company-new its flag 1 and missing e-mail (drives confirm-account, spec §4)', async () => {
    const { company_id } = (await get('/v1/company/user_info', 'company-new@example.com')).json();
    const { data } = (await get(`/v1/company/companies?id=${company_id}`, 'company-new@example.com')).json();
    expect(data[0].attributes.admin_changed_info_flag).toBe('1');
    expect(data[0].attributes.email ?? '').toBe('');
  });

  it("never shows another company's data", async () => {
    const { company_id: other } = (await get('/v1/company/user_info', 'company-new@example.com')).json();
    const res = await get(`/v1/company/companies?id=${other}`, 'company-admin@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('refuses chamber users (403), anonymous callers (401) and bad input (400)', async () => {
    expect((await get('/v1/company/companies?id=1', 'cci-admin@example.com')).statusCode).toBe(403);
    expect((await get('/v1/company/companies?id=1')).statusCode).toBe(401);
    const bad = await get('/v1/company/companies?id=abc', 'company-admin@example.com');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toContain('id');
    expect((await get('/v1/company/companies?page_size=1001', 'company-admin@example.com')).statusCode).toBe(400);
  });
});
