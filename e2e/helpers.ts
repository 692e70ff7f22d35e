import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Kaigi#Demo2026';

/** Fills the Japanese sign-in form of /login and submits it. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, loginUrl = '/login') {
  await page.goto(loginUrl);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

export async function cookieMap(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  return Object.fromEntries(cookies.map((c) => [c.name, decodeURIComponent(c.value)]));
}

export async function expectPath(page: Page, path: string | RegExp) {
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash).toMatch(path);
}

/** The signed-in user's Cognito ID token, for calling the API beside the browser. */
export async function idToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    if (!key) throw new Error('no ID token in localStorage');
    return localStorage.getItem(key)!;
  });
}

/**
 * Waits until no finite CSS transition or animation is running: axe computes contrast from the colours
 * it sees, and a dialog half-way through MUI's fade blends its text with the backdrop.
 */
export async function waitForAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      // spinners and indeterminate progress bars loop for ever: only finite ones are waited for
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      .every((a) => a.playState !== 'running'),
  );
}

/** axe finds no serious or critical violation (issue 5), once the page has stopped moving. */
export async function expectAccessible(page: Page, what: string) {
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
  expect(bad, `axe on ${what}`).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow on ${what}`).toBeLessThanOrEqual(0);
}

/** Accessible (axe) and no horizontal scrolling. */
export async function checkPage(page: Page, what: string) {
  await expectAccessible(page, what);
  await expectNoHorizontalScroll(page, what);
}
