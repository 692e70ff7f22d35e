import { expect, test } from './test.ts';
import { cookieMap, expectPath, signIn } from './helpers.ts';

// spec §2 (routes, landing per role, prev), §4 (cookies, confirm-account, logout), §6 (roles)
test.describe('sign-in per demo account', () => {
  test('cci-admin (CCI_ADMIN) lands on /admin with its session loaded', async ({ page }) => {
    await signIn(page, 'cci-admin@example.com');
    await expectPath(page, /^\/admin$/);
    await expect(page.getByText('スーパー管理者').first()).toBeVisible();
    await expect(page.getByText('demo').first()).toBeVisible();
    const cookies = await cookieMap(page);
    expect(cookies.role).toBe('CCI_ADMIN');
    expect(cookies.logged_in).toBe('true');
    expect(cookies.company_name).toBeUndefined();
  });

  test('cci-staff (CCI_CONFERENCE_USER) lands on /admin', async ({ page }) => {
    await signIn(page, 'cci-staff@example.com');
    await expectPath(page, /^\/admin$/);
    await expect(page.getByText('管理者', { exact: true }).first()).toBeVisible();
    expect((await cookieMap(page)).role).toBe('CCI_CONFERENCE_USER');
  });

  test('company-admin (COMPANY_ADMIN) lands on /company/meetings with company_name set', async ({ page }) => {
    await signIn(page, 'company-admin@example.com');
    await expectPath(page, /^\/company\/meetings$/);
    const cookies = await cookieMap(page);
    expect(cookies.role).toBe('COMPANY_ADMIN');
    expect(cookies.logged_in).toBe('true');
    expect(cookies.company_name).toBeTruthy();
    await expect(page.getByText(cookies.company_name).first()).toBeVisible();
    expect(cookies.link_to_confirm_account).toBeUndefined();
  });

  test('company-new is sent to /company/confirm-account with the spec query parameters', async ({ page }) => {
    await signIn(page, 'company-new@example.com');
    await expectPath(page, /^\/company\/confirm-account\?version=\d+&company_id=\d+&hasChangePassword=true&hasAddEmail=true$/);
    await expect(page.getByRole('heading', { level: 1, name: 'アカウント情報の確認' })).toBeVisible();
    expect((await cookieMap(page)).link_to_confirm_account).toContain('/company/confirm-account');
    // the step cannot be skipped: other company pages send the user back
    await page.goto('/company/meetings');
    await expectPath(page, /^\/company\/confirm-account\?/);
  });
});

test('a wrong password shows a Japanese error and stays on /login', async ({ page }) => {
  await signIn(page, 'cci-admin@example.com', 'wrong-password');
  await expect(page.getByText('メールアドレスまたはパスワードが正しくありません。')).toBeVisible();
  await expectPath(page, /^\/login/);
  expect((await cookieMap(page)).logged_in).toBeUndefined();
});

test('after sign-in the prev parameter wins, with its escaped # restored (spec §2)', async ({ page }) => {
  await signIn(page, 'company-admin@example.com', undefined, '/login?prev=%2Fcompany%2Fmeetings%3Ftab%3Dopen%23list');
  await expectPath(page, '/company/meetings?tab=open#list');
});

test('an anonymous visit to a protected page goes to /login and comes back after sign-in', async ({ page }) => {
  await page.goto('/admin');
  await expectPath(page, /^\/login/);
  await page.getByLabel('メールアドレス').fill('cci-staff@example.com');
  await page.getByLabel('パスワード', { exact: true }).fill('Kaigi#Demo2026');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expectPath(page, /^\/admin$/);
});

test('logout clears the spec cookies and returns to /login (spec §4)', async ({ page }) => {
  await signIn(page, 'company-admin@example.com');
  await expectPath(page, /^\/company\/meetings$/);
  await page.getByRole('button', { name: 'プロフィール' }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await expectPath(page, /^\/login/);
  const cookies = await cookieMap(page);
  for (const name of ['role', 'logged_in', 'link_to_confirm_account', 'company_name']) {
    expect(cookies[name], name).toBeUndefined();
  }
  await page.goto('/company/meetings');
  await expectPath(page, /^\/login/);
});

test('/404 is a Japanese not-found page', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
});
