/**
 * npm run bench:web — the JavaScript a first visit downloads, per route (raw and gzip), measured in
 * Chromium against the real stack serving the production build. Writes bench/results/web.md.
 * Budgets (DESIGN.md §9): admin first load ≤ 350 KB gzip — the initial JavaScript every console page
 * waits for (the entry and what index.html preloads; docs/decisions/0006) — and company-portal pages
 * ≤ 330 KB gzip for everything the page downloads.
 *
 * Each route is opened in a fresh browser context (empty cache) that already holds the role's
 * session, so the numbers are what a signed-in user's first visit to that page costs.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeResult } from './results-dir.ts';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
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
  /** what the budget applies to: the initial JavaScript, or all the page downloads */
  budget: { of: 'initial' | 'page'; kb: number };
}

const ADMIN = 'cci-admin@example.com';
const COMPANY = 'company-admin@example.com';
const ROUTES: Route[] = [
  { path: '/login', email: null, budget: { of: 'initial', kb: 350 } },
  { path: '/admin', email: ADMIN, budget: { of: 'initial', kb: 350 } },
  { path: '/companies', email: ADMIN, budget: { of: 'initial', kb: 350 } },
  { path: '/conferences', email: ADMIN, budget: { of: 'initial', kb: 350 } },
  { path: '/company/meetings', email: COMPANY, budget: { of: 'page', kb: 330 } },
  { path: '/exports', email: ADMIN, budget: { of: 'initial', kb: 350 } },
  // the answer form: a conference C0001 (company-admin's company) is invited to, resolved at run time
  { path: '/company/meetings/{invited}', email: COMPANY, budget: { of: 'page', kb: 330 } },
  { path: '/company/profile', email: COMPANY, budget: { of: 'page', kb: 330 } },
];

/** BENCH_WEB_FILES=1 also prints each route's files, largest first (to see what to split). */
const LIST_FILES = process.env.BENCH_WEB_FILES === '1';

/** The JavaScript index.html loads before anything renders: the entry and its preloads. */
function initialFiles(): Set<string> {
  const html = readFileSync('dist/index.html', 'utf8');
  return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
}

/**
 * Waits until the page shows text (in <main> where it has one) and no loading indicator. Locators,
 * not page.waitForFunction: a predicate evaluated in the page is refused by the app's CSP
 * (script-src 'self'), while locators run in Playwright's own isolated world.
 */
async function untilRendered(page: Page, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const main = page.locator('main');
    const text = (await main.count()) > 0 ? await main.first().innerText() : await page.locator('body').innerText();
    // a determinate bar (aria-valuenow: the dashboard's answer rates) is content, not loading
    const loading = await page.locator('[role="progressbar"]:not([aria-valuenow])').count();
    if (text.trim().length > 0 && loading === 0) return;
    if (Date.now() > deadline) throw new Error(`${page.url()}: still empty or loading after ${timeoutMs} ms`);
    await page.waitForTimeout(100);
  }
}

interface Measured {
  raw: number;
  gzip: number;
  initialGzip: number;
  files: number;
}

async function measure(context: BrowserContext, url: string, initial: Set<string>): Promise<Measured> {
  const page = await context.newPage();
  let raw = 0;
  let gzip = 0;
  let initialGzip = 0;
  let files = 0;
  const perFile: [number, string][] = [];
  const pending: Promise<void>[] = [];
  let closing = false;
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    pending.push(
      response.body().then(
        (body) => {
          const size = gzipSync(body, { level: 9 }).length;
          const file = new URL(response.url()).pathname;
          raw += body.length;
          gzip += size;
          if (initial.has(file)) initialGzip += size;
          files++;
          perFile.push([size, file]);
        },
        (err: unknown) => {
          // a file requested while the page closes, after the network went idle: not the first load
          if (!closing) throw err;
        },
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // "network idle" alone can come while the entry is still being parsed (no request for 500 ms):
  // wait until the page shows its content with no progress indicator left, then for quiet again
  await untilRendered(page);
  await page.waitForLoadState('networkidle');
  // bodies read while others arrive: wait until no new one has come
  for (let settled = 0; settled < pending.length;) {
    const upTo = pending.length;
    await Promise.all(pending.slice(settled, upTo));
    settled = upTo;
  }
  closing = true;
  await page.close();
  if (LIST_FILES) {
    for (const [size, file] of perFile.sort((a, b) => b[0] - a[0]))
      console.log(`  ${(size / KB).toFixed(1).padStart(7)}  ${file}`);
  }
  return { raw, gzip, initialGzip, files };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kaigi-bench-web-'));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as its own user when we are root
  const settings = loadSettings({
    KAIGI_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '55441',
    COGNITO_LOCAL_PORT: '19441',
    SMTP_PORT: '19442',
    NODE_ENV: 'test',
    // the CI smoke run's database (bench/smoke.ts); else the embedded one in dataDir
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
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
    const initial = initialFiles();
    const { rows: invited } = await stack.pool.query<{ id: number }>(
      `SELECT cc.conference_id AS id FROM conference_company cc JOIN company c ON c.id = cc.company_id
        WHERE c.company_code = 'C0001' ORDER BY cc.conference_id LIMIT 1`,
    );
    for (const route of ROUTES) {
      const context = await browser.newContext(route.email ? { storageState: sessions.get(route.email) } : {});
      const url = `${base}${route.path.replace('{invited}', String(invited[0]!.id))}`;
      const { raw, gzip, initialGzip, files } = await measure(context, url, initial);
      await context.close();
      const measuredKb = (route.budget.of === 'initial' ? initialGzip : gzip) / KB;
      const verdict = measuredKb <= route.budget.kb ? 'met' : `MISSED by ${(measuredKb - route.budget.kb).toFixed(1)} KB`;
      const budget = `${route.budget.of === 'initial' ? 'initial' : 'page'} ≤ ${route.budget.kb}`;
      const line = `| ${route.path} | ${route.email ?? '(signed out)'} | ${files} | ${(raw / KB).toFixed(1)} | ${(gzip / KB).toFixed(1)} | ${(initialGzip / KB).toFixed(1)} | ${budget} | ${verdict} |`;
      console.log(line);
      rows.push(line);
    }
    const out = writeResult(
      'web.md',
      [
        '# Web bundle benchmark (npm run bench:web)',
        '',
        `Run ${new Date().toISOString()}: production build, Chromium with an empty cache per route, the role's session already signed in. Sizes are the JavaScript files downloaded until the network is idle; gzip is computed at level 9. "initial" is the part index.html loads before anything renders (the entry and its preloads); console budgets apply to it, company-portal budgets to the whole page (DESIGN.md §9, docs/decisions/0006).`,
        '',
        '| route | user | JS files | raw KB | gzip KB (page) | gzip KB (initial) | budget KB | |',
        '|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
      ].join('\n'),
    );
    console.log(`\nwritten ${out}`);
  } finally {
    await browser.close();
    await app.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
