import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectPath, signIn } from './helpers.ts';

/**
 * Issue 30 item 1, spec §2: a 404 from the API leads to /404. On detail and edit pages react-admin's
 * own "back to the list" raced the HTTP client's navigation (7 of 66 loads ended on the list); each
 * route is loaded 20 times and must end on the 404 page every time, with the network quiet.
 * Issue 31: the 220 loads run in four tabs of the one signed-in session, so one tab's wait for a
 * quiet network (half a second each time) overlaps the others' loads.
 */
const ROUTES = [
  '/companies/99999/show',
  '/companies/99999',
  '/members/99999/show',
  '/members/99999',
  '/positions/99999',
  '/users/99999/show',
  '/users/99999',
  '/conference_templates/99999/show',
  '/conference_templates/99999',
  '/conferences/99999',
  '/imports/99999/show',
];
const LOADS = 20;
const TABS = 4;

/** Takes loads off the shared queue until it is empty; the number this tab did. */
async function loadUntilDone(page: Page, queue: { route: string; load: number }[]): Promise<number> {
  let done = 0;
  const heading = page.getByRole('heading', { name: 'ページが見つかりません' });
  for (let next = queue.shift(); next; next = queue.shift()) {
    const what = `${next.route} load ${next.load}`;
    await page.goto(next.route);
    await expect(heading, what).toBeVisible();
    // whatever else was under way has finished: nothing took the user elsewhere meanwhile
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname, what).toBe('/404');
    await expect(heading, what).toBeVisible();
    done += 1;
  }
  return done;
}

test('a missing record on every detail and edit page ends on the 404 page, every time', async ({ page, context }) => {
  test.setTimeout(10 * 60_000);
  await signIn(page, 'cci-admin@example.com');
  await expectPath(page, /^\/admin$/);
  const queue = ROUTES.flatMap((route) => Array.from({ length: LOADS }, (_, i) => ({ route, load: i + 1 })));
  const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage())))];
  const done = await Promise.all(tabs.map((tab) => loadUntilDone(tab, queue)));
  expect(done.reduce((a, b) => a + b)).toBe(ROUTES.length * LOADS);
});
