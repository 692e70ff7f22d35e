import { test } from '@playwright/test';
import { signIn } from '../helpers';

const OUT = '/work/wt/spa-shots';
for (const width of [375, 1280]) {
  test(`shots ${width}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'cci-admin@example.com');
    await page.waitForURL(/\/admin/);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${OUT}/dashboard-${width}.png`, fullPage: true });
    await page.goto('/users/create');
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${OUT}/users-create-${width}.png`, fullPage: true });
    await page.getByLabel(/メールアドレス/).first().fill(`shot-${width}@example.com`);
    await page.getByLabel(/表示名|氏名/).first().fill('撮影 太郎');
    await page.getByRole('button', { name: /保存|作成/ }).last().click();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${OUT}/users-created-${width}.png`, fullPage: true });
    await page.goto('/users');
    await page.waitForTimeout(2500);
    await page.getByText('撮影 太郎').first().click();
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `${OUT}/users-show-${width}.png`, fullPage: true });
    const edit = page.getByRole('link', { name: /編集/ }).first();
    if (await edit.isVisible()) await edit.click();
    await page.waitForTimeout(2000);
    await page.getByRole('button', { name: '仮パスワードを再発行' }).click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/users-reissue-${width}.png`, fullPage: true });
    await page.keyboard.press('Escape');
    // user menu: パスワード変更
    await page.goto('/admin');
    await page.waitForTimeout(2000);
    await page.getByRole('button', { name: /プロフィール|ユーザー|メニュー|アカウント/ }).last().click().catch(() => undefined);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/usermenu-${width}.png` });
    await page.getByRole('menuitem', { name: 'パスワード変更' }).click().catch(() => undefined);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${OUT}/change-password-${width}.png` });
    await page.goto('/conference_templates/create');
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: '子会議を追加' }).click();
    await page.getByRole('button', { name: 'この子会議の招待ルールを追加' }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${OUT}/template-sub-rules-${width}.png`, fullPage: true });
  });
}
