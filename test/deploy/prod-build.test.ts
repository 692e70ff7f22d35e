/**
 * The production folder (`npm run build:prod`, the Dockerfile's contents) starts and answers
 * (issue 36): `server/main.ts` with NODE_ENV=production and the command the CDK app's API task runs,
 * against a plain PostgreSQL (TEST_DATABASE_URL, e.g. the system PostgreSQL 15 through
 * .ci/with-system-postgres.sh; else an embedded one) and an S3-compatible server (s3rver, from
 * npm). Run by `npm run test:prod-build`, which builds the folder first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMMAND } from '../../deploy/aws/lib/tasks.ts';
import { freePort } from '../../server/infra/free-port.ts';
import { startEmbeddedPostgres } from '../../server/infra/embedded-postgres.ts';
import { S3_BUCKET, startS3 } from '../helpers/storage-s3.ts';

const PROD_DIR = path.resolve(import.meta.dirname, '../../build/prod');
const POOL_ID = 'ap-northeast-1_Example1';
const CLIENT_ID = 'exampleclientid0000000000';
const ORIGIN = 'https://kaigi.example.jp';

let server: ChildProcess;
let base: string;
let output = '';
const stops: Array<() => Promise<unknown>> = [];

async function database(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-prod-pg-'));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  stops.push(async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return pg.url;
}

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited ${server.exitCode}:\n${output}`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no /health within the time:\n${output}`);
}

beforeAll(async () => {
  if (!existsSync(path.join(PROD_DIR, 'server/main.ts'))) throw new Error('build/prod is missing: run npm run build:prod');
  const [databaseUrl, s3, port] = await Promise.all([database(), startS3(), freePort()]);
  stops.push(() => s3.stop());
  base = `http://127.0.0.1:${port}`;
  const [, ...args] = API_COMMAND;
  server = spawn(process.execPath, args, {
    cwd: PROD_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      COGNITO_USER_POOL_ID: POOL_ID,
      COGNITO_CLIENT_ID: CLIENT_ID,
      PUBLIC_ORIGIN: ORIGIN,
      TRUST_PROXY: '1',
      S3_BUCKET,
      S3_ENDPOINT: s3.endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      // the API sends no mail itself (MAIL_WORKER=off); the setting is still required
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'kaigi@example.jp',
      EXPORT_WORKER: 'off',
      MAIL_WORKER: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(Date.now() + 90_000);
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  for (const stop of stops.reverse()) await stop();
});

describe('the production folder', () => {
  it('holds the server, the built SPA and production dependencies only, no tests', async () => {
    expect(existsSync(path.join(PROD_DIR, 'dist/index.html'))).toBe(true);
    expect(existsSync(path.join(PROD_DIR, 'node_modules/tsx'))).toBe(true);
    for (const dev of ['vitest', 'aws-cdk-lib', '@playwright/test', 'eslint']) {
      expect(existsSync(path.join(PROD_DIR, 'node_modules', dev)), dev).toBe(false);
    }
    const files = await readdir(path.join(PROD_DIR, 'server'), { recursive: true });
    expect(files.filter((f) => f.endsWith('.test.ts'))).toEqual([]);
  });

  it('answers /health from the database', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('gives the SPA the AWS user pool’s sign-in configuration (SRP, no emulator endpoint)', async () => {
    const res = await fetch(`${base}/config.json`);
    expect(res.status).toBe(200);
    const config = (await res.json()) as { cognito: Record<string, unknown> };
    expect(config.cognito).toMatchObject({
      region: 'ap-northeast-1',
      userPoolId: POOL_ID,
      userPoolClientId: CLIENT_ID,
      authFlowType: 'USER_SRP_AUTH',
    });
    expect(config.cognito.endpoint).toBeUndefined();
  });

  it('serves the API (a sign-in is required, as problem+json) and the SPA with HSTS', async () => {
    const api = await fetch(`${base}/v1/cci/admin/master/companies`);
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await api.json()).toMatchObject({ code: 'unauthorized' });
    const room = await fetch(`${base}/v1/room/not-a-real-link`);
    expect(room.status).toBeGreaterThanOrEqual(400);
    expect(room.status).toBeLessThan(500);
    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<script type="module"[^>]+src="\/assets\//);
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});
