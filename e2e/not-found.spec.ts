import { expect, test } from '@playwright/test';
import { expectPath, signIn } from './helpers.ts';

/**
 * Issue 30 item 1, spec §2: a 404 from the API leads to /404. On detail and edit pages react-admin's
 * own "back to the list" raced the HTTP client's navigation (7 of 66 loads ended on the list); each
 * route is loaded 20 times and must end on the 404 page every time, with the network quiet.
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

test('a missing record on every detail and edit page ends on the 404 page, every time', async ({ page }) => {
  test.setTimeout(15 * 60_000);
  await signIn(page, 'cci-admin@example.com');
  await expectPath(page, /^\/admin$/);
  const heading = page.getByRole('heading', { name: 'ページが見つかりません' });
  for (const route of ROUTES) {
    for (let load = 1; load <= LOADS; load += 1) {
      await page.goto(route);
      await expect(heading, `${route} load ${load}`).toBeVisible();
      // whatever else was under way has finished: nothing took the user elsewhere meanwhile
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname, `${route} load ${load}`).toBe('/404');
      await expect(heading, `${route} load ${load}`).toBeVisible();
    }
  }
});
