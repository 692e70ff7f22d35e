import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { DEMO_PASSWORD, cookieMap, expectPath, idToken } from './helpers.ts';

/**
 * Issue 15 items 8 and 9: Cognito's hosted login (spec §1, §9) with the real Amplify
 * signInWithRedirect (code flow + PKCE) against the harness's OAuth server on Cognito's paths
 * (e2e/hosted-login/, decision 0013), and redirect_client (spec §3) across the round trip; the
 * callback lands per spec §2 (the page the user was sent away from, else the role's landing).
 */

// the stand-in's certificate is self-signed
test.use({ ignoreHTTPSErrors: true });
// two sites and a dozen page loads per test on a shared 2-core machine
test.describe.configure({ timeout: 150_000 });

/** this worker's app and hosted-login stand-in (e2e/stacks.ts) */
let appOrigin = '';
let oauthOrigin = '';
test.beforeAll(({ stack }) => {
  appOrigin = stack.baseURL;
  oauthOrigin = stack.oauthOrigin;
});

/** The cookies of the app's origin, read while the browser is on another site. */
const appCookies = async (page: Page) => {
  const cookies = await page.context().cookies(appOrigin);
  return Object.fromEntries(cookies.map((c) => [c.name, decodeURIComponent(c.value)]));
};

/** On the hosted login page: signs in there as a demo account. */
const signInAtHostedLogin = async (page: Page, email: string) => {
  await expect(page).toHaveURL(new RegExp(`^${oauthOrigin}/interaction/`));
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'サインイン' }).click();
};

test('a signed-out deep console page → シングルサインオン → back on that page, redirect_client written then cleared', async ({
  page,
}) => {
  const deep = '/companies/create';
  await page.goto(deep);
  await expectPath(page, `/login?prev=${encodeURIComponent(deep)}`);
  // the password form stays beside the hosted login
  await expect(page.getByLabel('メールアドレス')).toBeVisible();
  await page.getByRole('button', { name: 'シングルサインオン' }).click();

  // Amplify went to /oauth2/authorize with PKCE; the stand-in shows its sign-in page
  await expect(page).toHaveURL(new RegExp(`^${oauthOrigin}/interaction/`));
  expect((await appCookies(page)).redirect_client).toBe(deep);

  await signInAtHostedLogin(page, 'cci-admin@example.com');
  await expectPath(page, deep);
  await expect(page.getByText('事業所の登録').first()).toBeVisible();
  const cookies = await cookieMap(page);
  expect(cookies.redirect_client).toBeUndefined();
  expect(cookies.role).toBe('CCI_ADMIN');
  expect(cookies.logged_in).toBe('true');

  // the API takes the hosted login's token: a list page shows its rows
  await page.goto('/companies');
  await expect(page.locator('tbody tr').first()).toBeVisible();
});

test("a company admin through the hosted login lands on the portal's landing page with its cookies", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'シングルサインオン' }).click();
  expect((await appCookies(page)).redirect_client).toBeUndefined();
  await signInAtHostedLogin(page, 'company-admin@example.com');

  await expectPath(page, '/company/meetings');
  const cookies = await cookieMap(page);
  expect(cookies.role).toBe('COMPANY_ADMIN');
  expect(cookies.company_name).toBeTruthy();
  await expect(page.getByText(cookies.company_name).first()).toBeVisible();
});

test("an expired hosted-login session is refreshed at the hosted login's token endpoint", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'シングルサインオン' }).click();
  await signInAtHostedLogin(page, 'cci-staff@example.com');
  await expectPath(page, '/admin');
  const before = await idToken(page);

  // Amplify now counts the tokens as expired (its clock runs two hours ahead of them)
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.clockDrift'))!;
    localStorage.setItem(key, String(2 * 3600 * 1000));
  });
  await page.goto('/companies');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expectPath(page, /^\/companies/);
  expect(await idToken(page)).not.toBe(before);
  expect((await cookieMap(page)).logged_in).toBe('true');
});
