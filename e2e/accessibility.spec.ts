import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectPath, signIn, waitForAnimations } from './helpers.ts';
import { apiAs, type Api } from './api.ts';
import { startImport } from './imports.ts';

/**
 * axe (WCAG 2.1 A and AA) on every page of the console, the company portal and the signed-out pages
 * (issue 15 item 7). One browser context per role, signed in once; each page is loaded, left to
 * settle (no request in flight, no animation) and checked. All pages are checked before the test
 * fails, so one run lists every violation.
 *
 * The pages are the routes of src/App.tsx (resources and their views from src/<resource>/index.ts,
 * custom routes, company/routes.tsx) plus the conference tabs of ConferenceEdit.tsx: the first test
 * fails when a route has no row in PAGES below, so a new page cannot be forgotten.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Elements inside third-party components that cannot be fixed from here, excluded by exact selector.
 * Empty: every violation found so far was fixed in the source.
 */
const EXCLUDED: string[] = [];

/** Ids of demo records (server/db/seed/demo.ts), read through the API so the seed stays as it is. */
interface Ids {
  company: number;
  member: number;
  position: number;
  user: string;
  template: number;
  conference: number;
  /** a dry run of companies, made in beforeAll */
  import: number;
}

type Role = 'CCI_ADMIN' | 'COMPANY_ADMIN' | 'signed out';

interface PageCase {
  /** `<resource>.<view>` for a resource view, else the route's path as written in the router */
  route: string;
  role: Role;
  url: (ids: Ids) => string;
}

const view = (resource: string, name: 'list' | 'create' | 'edit' | 'show', id?: (ids: Ids) => number | string) => {
  const url = {
    list: () => `/${resource}`,
    create: () => `/${resource}/create`,
    edit: (ids: Ids) => `/${resource}/${encodeURIComponent(String(id!(ids)))}`,
    show: (ids: Ids) => `/${resource}/${encodeURIComponent(String(id!(ids)))}/show`,
  }[name];
  return { route: `${resource}.${name}`, role: 'CCI_ADMIN' as const, url };
};
const path = (route: string, role: Role, url: (ids: Ids) => string = () => route) => ({ route, role, url });
const conferenceUrl = (suffix: string) => (ids: Ids) => `/conferences/${ids.conference}${suffix}`;

/** Every page, as routed in src/App.tsx (see the coverage test below). */
const PAGES: PageCase[] = [
  view('companies', 'list'),
  view('companies', 'create'),
  view('companies', 'edit', (ids) => ids.company),
  view('companies', 'show', (ids) => ids.company),
  view('members', 'list'),
  view('members', 'create'),
  view('members', 'edit', (ids) => ids.member),
  view('members', 'show', (ids) => ids.member),
  view('positions', 'list'),
  view('positions', 'create'),
  view('positions', 'edit', (ids) => ids.position),
  view('users', 'list'),
  view('users', 'create'),
  view('users', 'edit', (ids) => ids.user),
  view('users', 'show', (ids) => ids.user),
  view('conference_templates', 'list'),
  view('conference_templates', 'create'),
  view('conference_templates', 'edit', (ids) => ids.template),
  view('conference_templates', 'show', (ids) => ids.template),
  view('master_data', 'list'),
  view('conferences', 'list'),
  view('conferences', 'create'),
  view('conferences', 'edit', (ids) => ids.conference),
  // the tabs of ConferenceEdit.tsx (conference companies and members live here)
  path('/conferences/:id/invitees', 'CCI_ADMIN', conferenceUrl('/invitees')),
  path('/conferences/:id/answers', 'CCI_ADMIN', conferenceUrl('/answers')),
  path('/conferences/:id/companies', 'CCI_ADMIN', conferenceUrl('/companies')),
  path('/conferences/:id/attachments', 'CCI_ADMIN', conferenceUrl('/attachments')),
  path('/conferences/:id/notifications', 'CCI_ADMIN', conferenceUrl('/notifications')),
  path('/conferences/:id/motions', 'CCI_ADMIN', conferenceUrl('/motions')),
  path('/conferences/:id/minutes', 'CCI_ADMIN', conferenceUrl('/minutes')),
  path('/conferences/:id/minutes/print', 'CCI_ADMIN', conferenceUrl('/minutes/print')),
  view('exports', 'list'),
  view('imports', 'list'),
  view('imports', 'show', (ids) => ids.import),
  view('notifications', 'list'),
  path('/admin', 'CCI_ADMIN'),
  path('/conferences/:id/quorum', 'CCI_ADMIN', conferenceUrl('/quorum')),
  path('/conferences/:id/room', 'CCI_ADMIN', conferenceUrl('/room')),
  path('/conferences/:id/reception', 'CCI_ADMIN', conferenceUrl('/reception')),
  path('/settings/mail', 'CCI_ADMIN'),
  // react-admin's own routes (CoreAdminRoutes) and the catch-all inside the layout
  path('/access-denied', 'CCI_ADMIN'),
  path('*', 'CCI_ADMIN', () => '/no-such-page'),
  path('/authentication-error', 'CCI_ADMIN'),
  // the company portal (company/routes.tsx)
  path('/company/meetings', 'COMPANY_ADMIN'),
  path('/company/meetings/:id', 'COMPANY_ADMIN', (ids) => `/company/meetings/${ids.conference}`),
  path('/company/meetings/:id/room', 'COMPANY_ADMIN', (ids) => `/company/meetings/${ids.conference}/room`),
  path('/company/profile', 'COMPANY_ADMIN'),
  path('/company/confirm-account', 'COMPANY_ADMIN'),
  // public
  path('/login', 'signed out'),
  path('/forgot-password', 'signed out'),
  path('/reset-password', 'signed out'),
  path('/404', 'signed out'),
];

/** Routes checked elsewhere: a guest's room link needs a link issued in the staff room (room.spec.ts runs axe on it). */
const CHECKED_ELSEWHERE = ['/room/:token'];

const source = (file: string) => readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');

/** The routes the SPA has, read from its router. */
function routesOfTheApp(): string[] {
  const app = source('App.tsx');
  const folders = new Map([...app.matchAll(/^import (\w+) from '\.\/([\w-]+)';$/gm)].map((m) => [m[1], m[2]]));
  const routes: string[] = [];
  for (const [, name, variable] of app.matchAll(/<Resource name="([\w/]+)" \{\.\.\.(\w+)\}/g)) {
    const index = source(`${folders.get(variable)}/index.ts`);
    for (const [, v] of index.matchAll(/^\s+(list|create|edit|show):/gm)) routes.push(`${name}.${v}`);
  }
  routes.push(...[...app.matchAll(/path="([^"]+)"/g)].map((m) => m[1]));
  const company = source('company/routes.tsx');
  routes.push(...[...company.matchAll(/^\s+\w+: '(\/[^']*)',$/gm)].map((m) => m[1]));
  const tabs = /const TABS = \[([^\]]*)\]/.exec(source('conferences/ConferenceEdit.tsx'))![1];
  routes.push(...[...tabs.matchAll(/'(\w+)'/g)].map((m) => `/conferences/:id/${m[1]}`));
  // CoreAdminUI: the loginPage, the access-denied and authentication-error pages, catchAll for unknown routes
  routes.push('/login', '/access-denied', '/authentication-error', '*');
  return routes;
}

test('every route of the SPA has a row in PAGES', () => {
  const routes = routesOfTheApp();
  expect(routes.length).toBeGreaterThan(40);
  const listed = [...PAGES.map((p) => p.route), ...CHECKED_ELSEWHERE];
  expect(
    routes.filter((r) => !listed.includes(r)),
    'routes without a row',
  ).toEqual([]);
  expect(
    listed.filter((r) => !routes.includes(r)),
    'rows without a route',
  ).toEqual([]);
});

/**
 * axe-core is loaded once into every document of the context; the builder's own injection would
 * evaluate its 500 kB source again (twice) for every check, and the default mode also opens a new
 * page per check: together most of the run time on a loaded CI machine.
 */
const AXE_PRELOADED = "if (!window.axe) throw new Error('axe-core was not preloaded')";

async function preloadAxe(page: Page) {
  await page.context().addInitScript({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
}

/**
 * Opens `url` inside the running SPA (as a link would: history + popstate, which react-router
 * follows), so each role loads the app once, then waits until the page has rendered and stayed
 * quiet (no top progress bar: no request or lazy page pending) for 500 ms.
 */
async function open(page: Page, url: string) {
  await page.evaluate((to) => {
    (window as unknown as { __quietSince?: number }).__quietSince = undefined;
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __quietSince?: number };
      const busy = document.querySelector(
        '[data-testid="top-progress-bar"], .MuiSkeleton-root, [aria-busy="true"], .RaLoading-root',
      );
      if (busy) {
        w.__quietSince = undefined;
        return false;
      }
      w.__quietSince ??= performance.now();
      return performance.now() - w.__quietSince > 500;
    },
    undefined,
    { polling: 100, timeout: 20_000 },
  );
  await waitForAnimations(page);
}

/** Opens each page and runs axe; a violation or a page that does not load fails softly, so all pages are checked. */
async function checkPages(page: Page, role: Role, ids: Ids) {
  for (const entry of PAGES.filter((p) => p.role === role)) {
    const url = entry.url(ids);
    try {
      await open(page, url);
      const builder = new AxeBuilder({ page, axeSource: AXE_PRELOADED }).setLegacyMode().withTags(WCAG_21_AA);
      for (const selector of EXCLUDED) builder.exclude(selector);
      const { violations } = await builder.analyze();
      const found = violations.map((v) => {
        const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' '));
        const more = v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : '';
        return `${v.id} (${v.impact}): ${v.help} — ${targets.join(' | ')}${more}`;
      });
      expect.soft(found, `axe on ${url} (${entry.route}) as ${role}`).toEqual([]);
    } catch (error) {
      expect.soft(String(error), `${url} (${entry.route}) as ${role} did not load`).toBe('');
    }
  }
}

async function demoIds(admin: Api): Promise<Omit<Ids, 'import'>> {
  type Rows<T> = { data: T[] };
  const [company] = (await admin.get<Rows<{ id: number }>>('/v1/cci/admin/master/companies?company_code=C0001')).data;
  const [member] = (await admin.get<Rows<{ id: number }>>('/v1/cci/admin/master/members?company_code=C0001&page_size=1')).data;
  const [position] = (await admin.get<Rows<{ id: number }>>('/v1/cci/admin/master/positions?page_size=1')).data;
  const users = (await admin.get<Rows<{ username: string; email: string }>>('/v1/cci/admin/master/users')).data;
  const [template] = (await admin.get<Rows<{ id: number }>>('/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE')).data;
  const conferences = (await admin.get<Rows<{ id: number; name: string }>>('/v1/cci/admin/master/conferences?page_size=50')).data;
  return {
    company: company.id,
    member: member.id,
    position: position.id,
    user: users.find((u) => u.email === 'cci-staff@example.com')!.username,
    template: template.id,
    // the upcoming 総会 with a 懇親会; company C0001 is invited
    conference: conferences.find((c) => c.name === '第75回 通常議員総会')!.id,
  };
}

let ids: Ids;

test.beforeAll(async ({ request }) => {
  const admin = await apiAs(request, 'cci-admin@example.com');
  // a row on the exports page
  await admin.post('/v1/cci/demo/export', { type: 'companies', format: 'csv_utf8' });
  // an import: a row of the 取込 history and its page (a bad e-mail, so its errors show too)
  const csv =
    '事業所コード,事業所名,メールアドレス\r\nAX001,株式会社アクセス商事,info@access.example.jp\r\nAX002,有限会社エラー,not-an-email\r\n';
  const job = await startImport(request, 'cci-admin@example.com', 'demo', 'companies', '事業所_axe.csv', Buffer.from(csv));
  ids = { ...(await demoIds(admin)), import: job.id };
});

test('console pages as CCI_ADMIN: no WCAG 2.1 A/AA violation', async ({ page }) => {
  test.setTimeout(300_000);
  await preloadAxe(page);
  await signIn(page, 'cci-admin@example.com');
  await expectPath(page, /^\/admin$/);
  await checkPages(page, 'CCI_ADMIN', ids);
});

test('company portal pages as COMPANY_ADMIN: no WCAG 2.1 A/AA violation', async ({ page }) => {
  test.setTimeout(120_000);
  await preloadAxe(page);
  await signIn(page, 'company-admin@example.com');
  await expectPath(page, /^\/company\/meetings/);
  await checkPages(page, 'COMPANY_ADMIN', ids);
});

test('signed-out pages: no WCAG 2.1 A/AA violation', async ({ page }) => {
  await preloadAxe(page);
  await page.goto('/login');
  await checkPages(page, 'signed out', ids);
});
