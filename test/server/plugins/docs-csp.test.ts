/** The API documentation is served under the app's own Content-Security-Policy (issue 11). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../helpers/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('/v1/docs', () => {
  it('the docs page, its assets and the document carry the same CSP as the rest of the app', async () => {
    const appPolicy = (await app.inject('/health')).headers['content-security-policy'];
    expect(appPolicy).toContain("frame-ancestors 'none'");
    const page = await app.inject('/v1/docs/');
    expect(page.statusCode).toBe(200);
    // the page loads only scripts of its own origin, which the app's policy allows
    expect(page.body).toContain('<script src="./static/swagger-initializer.js"');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const url of [
      '/v1/docs',
      '/v1/docs/',
      '/v1/docs/static/swagger-initializer.js',
      '/v1/docs/static/swagger-ui.css',
      '/v1/docs/json',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(appPolicy);
    }
  });
});
