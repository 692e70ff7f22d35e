import { expect, test } from '@playwright/test';
import iconv from 'iconv-lite';
import { expectPath, signIn } from './helpers.ts';

const csv = () => {
  const lines = ['事業所コード,事業所名,フリガナ,郵便番号,住所,電話番号,メールアドレス,備考'];
  for (let n = 1; n <= 25; n++) {
    const email = n === 4 ? 'info@@example' : `info${n}@shots.example.jp`;
    const postal = n === 9 ? '12-345' : '100-0005';
    lines.push(`SH${String(n).padStart(3, '0')},株式会社スクリーン商事第${n}支店,スクリーンショウジ,${postal},東京都千代田区丸の内一丁目1番1号 丸の内ビルディング${n}階,03-1234-5678,${email},メモ`);
  }
  return iconv.encode(lines.join('\r\n'), 'cp932');
};

for (const width of [1280, 375]) {
  test(`shots ${width}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await signIn(page, 'cci-admin@example.com');
    await expectPath(page, /^\/admin$/);
    await page.goto('/imports');
    await expect(page.getByRole('button', { name: 'ファイルを選択' })).toBeVisible();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shots/${width}-empty.png`, fullPage: true });
    await page.getByTestId('import-input').setInputFiles({ name: '事業所一覧.csv', mimeType: 'text/csv', buffer: csv() });
    await expectPath(page, /^\/imports\/\d+\/show$/);
    const id = page.url().match(/imports\/(\d+)/)![1];
    await expect(page.getByText(/確認が終わりました/)).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/${width}-result.png`, fullPage: true });
    await page.getByRole('button', { name: '取込実行' }).click();
    await page.waitForTimeout(700);
    await page.screenshot({ path: `/tmp/shots/${width}-dialog.png` });
    await page.keyboard.press('Escape');
    // progress: the job as it is while running
    await page.route(`**/v1/cci/demo/import/${id}`, async (route) => {
      const res = await route.fetch();
      const job = await res.json();
      await route.fulfill({ json: { ...job, status: 'running', progress_done: 1200, progress_total: 3000, counts: null, errors: null, preview: null, warnings: null, error_file_key: null } });
    });
    await page.reload();
    await expect(page.getByRole('progressbar').first()).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/${width}-progress.png`, fullPage: true });
    await page.unroute(`**/v1/cci/demo/import/${id}`);
    await page.goto('/imports');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${width}-history.png`, fullPage: true });
  });
}
