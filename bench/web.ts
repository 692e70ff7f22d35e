/**
 * npm run bench:web — the JavaScript a first visit downloads, per route (raw and gzip), measured in
 * Chromium against the real stack serving the production build. Writes bench/results/web.md.
 * Budgets (DESIGN.md §9): admin first load ≤ 350 KB gzip; company-portal pages ≤ 330 KB gzip.
 *
 * Each route is opened in a fresh browser context (empty cache) that already holds the role's
 * session, so the numbers are what a signed-in user's first visit to that page costs.
 */
import { chmodSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';
import { createServer } from '../server/app.ts';
import { loadSettings } from '../server/config/env.ts';
import { startStack } from '../server/infra/stack.ts';
import { DEMO_PASSWORD } from '../server/infra/demo-accounts.ts';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const KB = 1024;

interface Route {
  path: string;
  email: string | null;
  budgetKb: number;
}

const ADMIN = 'cci-admin@example.com';
const COMPANY = 'company-admin@example.com';
const ROUTES: Route[] = [
  { path: '/login', email: null, budgetKb: 350 },
  { path: '/admin', email: ADMIN, budgetKb: 350 },
  { path: '/companies', email: ADMIN, budgetKb: 350 },
  { path: '/conferences', email: ADMIN, budgetKb: 350 },
  { path: '/company/meetings', email: COMPANY, budgetKb: 330 },
  { path: '/company/profile', email: COMPANY, budgetKb: 330 },
];

async function measure(context: BrowserContext, url: string): Promise<{ raw: number; gzip: number; files: number }> {
  const page = await context.newPage();
  let raw = 0;
  let gzip = 0;
  let files = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    pending.push(
      response.body().then((body) => {
        raw += body.length;
        gzip += gzipSync(body, { level: 9 }).length;
        files++;
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await page.close();
  return { raw, gzip, files };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kaigi-bench-web-'));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as its own user when we are root
  const settings = loadSettings({
    KAIGI_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '55441',
    COGNITO_LOCAL_PORT: '19441',
    NODE_ENV: 'test',
  });
  const stack = await startStack(settings);
  const app = await createServer(
    {
      pool: stack.pool,
      db: stack.db,
      production: false,
      auth: stack.auth,
      clientConfig: stack.clientConfig,
      spaRoot: path.resolve('dist'),
    },
    { logger: false },
  );
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();
  try {
    for (const email of new Set(ROUTES.flatMap((r) => (r.email ? [r.email] : [])))) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.getByLabel('メールアドレス').fill(email, { timeout: 120_000 });
      await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'ログイン' }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      sessions.set(email, await context.storageState());
      await context.close();
    }
    const rows: string[] = [];
    for (const route of ROUTES) {
      const context = await browser.newContext(route.email ? { storageState: sessions.get(route.email) } : {});
      const { raw, gzip, files } = await measure(context, `${base}${route.path}`);
      await context.close();
      const verdict = gzip / KB <= route.budgetKb ? 'met' : `MISSED by ${(gzip / KB - route.budgetKb).toFixed(1)} KB`;
      const line = `| ${route.path} | ${route.email ?? '(signed out)'} | ${files} | ${(raw / KB).toFixed(1)} | ${(gzip / KB).toFixed(1)} | ≤ ${route.budgetKb} | ${verdict} |`;
      console.log(line);
      rows.push(line);
    }
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      'bench/results/web.md',
      [
        '# Web bundle benchmark (npm run bench:web)',
        '',
        `Run ${new Date().toISOString()}: production build, Chromium with an empty cache per route, the role's session already signed in. Sizes are the JavaScript files downloaded until the network is idle; gzip is computed at level 9.`,
        '',
        '| route | user | JS files | raw KB | gzip KB | budget KB | |',
        '|---|---|---|---|---|---|---|',
        ...rows,
        '',
      ].join('\n'),
    );
    console.log('\nwritten bench/results/web.md');
  } finally {
    await browser.close();
    await app.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
