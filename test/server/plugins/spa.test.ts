/** The built SPA: client-side routes get the HTML shell, missing files a 404 (issue 12: room links). */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../helpers/app.ts';

let app: FastifyInstance;
const root = mkdtempSync(path.join(os.tmpdir(), 'kaigi-spa-'));

beforeAll(async () => {
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Kaigi</title>');
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'app-1a2b.js'), 'console.log(1)');
  app = await buildTestApp({ app: { spaRoot: root } });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it.each(['/company/meetings/12/room', '/room/12.34.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', '/room/12.34.abc?x=1'])(
    'answers the client-side route %s with the app',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    },
  );

  it('answers a missing file with 404, not the app', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/app-0000.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' })).statusCode).toBe(200);
  });
});
