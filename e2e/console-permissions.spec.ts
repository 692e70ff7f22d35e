import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectPath, signIn } from './helpers.ts';

// issue 4: CCI_CONFERENCE_USER finds no write actions on users and templates, and the server
// refuses them too (DESIGN.md §6).

async function idToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    if (!key) throw new Error('no ID token in localStorage');
    return localStorage.getItem(key)!;
  });
}

test('CCI_CONFERENCE_USER reads users and templates without any write action', async ({ page }) => {
  await signIn(page, 'cci-staff@example.com');
  await expectPath(page, /^\/admin$/);

  await page.goto('/users');
  await expect(page.getByText('cci-admin@example.com')).toBeVisible();
  await expect(page.getByRole('button', { name: '編集' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '編集' })).toHaveCount(0);

  await page.goto('/conference_templates');
  await expect(page.getByRole('table').or(page.getByRole('list')).first()).toBeVisible();
  for (const name of ['作成', '編集', '削除']) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
});

test('the server refuses CCI_CONFERENCE_USER writes on users and templates (403)', async ({ page, request }) => {
  await signIn(page, 'cci-staff@example.com');
  await expectPath(page, /^\/admin$/);
  const headers = { authorization: `Bearer ${await idToken(page)}` };

  const users = await request.get('/v1/cci/admin/master/users', { headers });
  expect(users.status()).toBe(200);
  const someone = (await users.json()).data[0];
  const put = await request.put(`/v1/cci/admin/master/users/${someone.username}`, {
    headers,
    data: { version: someone.version, display_name: 'x' },
  });
  expect(put.status()).toBe(403);
  expect((await put.json()).code).toBe('forbidden');

  const post = await request.post('/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE', {
    headers,
    data: { conference_template_code: 'E2E', name: 'e2e', body: {} },
  });
  expect(post.status()).toBe(403);
});
