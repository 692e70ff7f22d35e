/**
 * Issue 11: creating export jobs and upload URLs is limited per user (not per address), with a
 * 429 problem and Retry-After the SPA honours (spec §9).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp } from '../../helpers/app.ts';
import { DEMO, tokenOf } from '../../helpers/fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  // no pg-boss: POST …/export answers 503 after the quota counted it, and queues nothing
  app = await buildTestApp({
    app: {
      userQuotas: { exportsPerUser: { max: 2, timeWindowMs: 60_000 }, uploadUrlsPerUser: { max: 2, timeWindowMs: 60_000 } },
    },
  });
});
afterAll(() => app.close());

const post = async (url: string, email: string, payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url, headers: bearer(await tokenOf(email)), payload, remoteAddress });

const expect429 = (res: Awaited<ReturnType<typeof post>>) => {
  expect(res.statusCode).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status: 429, code: 'rate_limited' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

describe('per-user quotas', () => {
  it('export jobs: over the quota a user gets 429 from any address; another user is unaffected', async () => {
    const url = '/v1/cci/demo/export';
    const body = { type: 'companies', format: 'xlsx' };
    for (let i = 0; i < 2; i++) expect((await post(url, DEMO.staff, body)).statusCode).toBe(503);
    expect429(await post(url, DEMO.staff, body, '192.0.2.50'));
    expect((await post(url, DEMO.admin, body)).statusCode).toBe(503);
  });

  it('upload URLs: over the quota a user gets 429 from any address; another user is unaffected', async () => {
    const url = '/v1/cci/demo/common/s3/put_object_url';
    const body = { file_name: '議事次第.pdf', content_type: 'application/pdf', size: 1024, purpose: 'conference_attachment' };
    for (let i = 0; i < 2; i++) expect((await post(url, DEMO.staff, body)).statusCode).toBe(200);
    expect429(await post(url, DEMO.staff, body, '192.0.2.51'));
    expect((await post(url, DEMO.admin, body)).statusCode).toBe(200);
  });

  it('requests refused by validation do not use up the quota', async () => {
    const url = '/v1/cci/demo/common/s3/put_object_url';
    for (let i = 0; i < 3; i++) expect((await post(url, DEMO.admin, { file_name: 'x.pdf' })).statusCode).toBe(400);
    const body = { file_name: 'a.pdf', content_type: 'application/pdf', size: 1, purpose: 'conference_attachment' };
    expect((await post(url, DEMO.admin, body)).statusCode).toBe(200);
  });
});
