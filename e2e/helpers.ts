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
