import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../helpers/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('system endpoints', () => {
  it('GET /health reports the database reachable', async () => {
    const res = await app.inject('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /config.json gives the SPA its Cognito settings and no secrets', async () => {
    const res = await app.inject('/config.json');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cognito).toMatchObject({
      region: 'ap-northeast-1',
      userPoolId: expect.stringMatching(/^local_/),
      userPoolClientId: expect.any(String),
      endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      authFlowType: 'USER_PASSWORD_AUTH',
    });
    expect(JSON.stringify(body)).not.toMatch(/secret|Kaigi#Demo/i);
  });

  it('serves the OpenAPI document at /v1/docs', async () => {
    const res = await app.inject('/v1/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/v1/cci/user_info', '/v1/company/companies']));
  });

  it('sends security headers with a CSP limited to this origin and Cognito', async () => {
    const res = await app.inject('/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an over-long path parameter and a malformed URL with problem+json (414/400)', async () => {
    const long = await app.inject(`/v1/cci/admin/master/users/${'x'.repeat(300)}`);
    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(long.json().code).toBe('uri_too_long');
    const bad = await app.inject('/v1/cci/admin/master/companies/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('bad_url');
  });

  it('answers unknown API paths with a JSON 404 problem', async () => {
    const res = await app.inject('/v1/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
  });
});
