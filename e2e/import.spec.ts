import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { readFile } from 'node:fs/promises';
import { expectPath, signIn } from './helpers.ts';

// issue 17 (Tests, end-to-end): a chamber imports a Shift_JIS CSV of 30 companies (as Japanese
// Excel saves it) with 2 bad rows: the dry run names them by row number, 「エラー行を除いて取り込む」
// brings the 28 in; the error file is downloaded, its 2 rows fixed in a spreadsheet, imported
// again and applied; all 30 are then found in the 事業所 list.

// a code of its own per run, so a second run on the same data folder finds new companies
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const code = (n: number) => `IM${RUN}${String(n).padStart(3, '0')}`;
const name = (n: number) => `株式会社取込テスト${RUN}第${n}商事`;
/** data rows 7 and 19 (sheet rows 8 and 20: the header is row 1) are the bad ones */
const BAD_EMAIL = 7;
const BAD_POSTAL = 19;

function companiesCsv(): Buffer {
  const lines = ['事業所コード,事業所名,フリガナ,郵便番号,住所,電話番号,メールアドレス'];
  for (let n = 1; n <= 30; n++) {
    const email = n === BAD_EMAIL ? `info${n}@@example` : `info${n}@torikomi.example.jp`;
    const postal = n === BAD_POSTAL ? '12-345' : `〒100-${String(n).padStart(4, '0')}`;
    lines.push(
      `${code(n)},${name(n)},トリコミテストショウジ,${postal},東京都千代田区丸の内${n}-1-1,03-1234-${String(n).padStart(4, '0')},${email}`,
    );
  }
  // CP932 with CRLF and no newline after the last line, as Excel's 「CSV（コンマ区切り）」 saves it
  return iconv.encode(lines.join('\r\n'), 'cp932');
}

/** The counts of an import's page, by label. */
async function counts(page: Page) {
  const region = page.getByRole('region', { name: /件数/ });
  const value = async (label: string) =>
    (
      await region
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('+ dd')
        .textContent()
    )?.trim();
  return { created: await value('新規'), updated: await value('更新'), failed: await value('エラー') };
}

async function upload(page: Page, fileName: string, mimeType: string, buffer: Buffer) {
  await page.getByTestId('import-input').setInputFiles({ name: fileName, mimeType, buffer });
  await expectPath(page, /^\/imports\/\d+\/show$/);
}

async function applyAndWait(page: Page) {
  await page.getByRole('button', { name: '取込実行' }).click();
  const dialog = page.getByRole('dialog', { name: '事業所を取り込みますか？' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '取り込む' }).click();
  await expect(page.getByRole('heading', { name: '事業所の取込' })).toBeVisible();
  await expect(page.getByText(/^取り込みました。/)).toBeVisible({ timeout: 60_000 });
}

test('a Shift_JIS CSV of 30 companies with 2 bad rows: dry run, the error file fixed, all 30 in the list', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'cci-admin@example.com');
  await expectPath(page, /^\/admin$/);
  await page.getByRole('menuitem', { name: /取込/ }).click();
  await expectPath(page, /^\/imports/);

  // 1. the dry run, leaving the bad rows out
  await page.getByRole('radio', { name: '事業所' }).check();
  await page.getByRole('checkbox', { name: 'エラー行を除いて取り込む' }).check();
  await upload(page, '事業所一覧_SJIS.csv', 'text/csv', companiesCsv());
  await expect(page.getByText('確認が終わりました。2 行にエラーがあります。まだ何も登録されていません。')).toBeVisible({
    timeout: 60_000,
  });
  expect(await counts(page)).toEqual({ created: '28', updated: '0', failed: '2' });
  const errors = page.getByRole('region', { name: 'エラーの表（横にスクロールできます）' }).getByRole('row');
  await expect(errors).toHaveCount(3);
  await expect(errors.nth(1)).toContainText('8');
  await expect(errors.nth(1)).toContainText('メールアドレス');
  await expect(errors.nth(2)).toContainText('20');
  await expect(errors.nth(2)).toContainText('郵便番号');
  // the first rows as read: the Shift_JIS names decoded
  await expect(page.getByRole('region', { name: /読み込んだ内容の表/ })).toContainText(name(1));

  // 2. the error file: the 2 rows with a 理由 column
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'エラーファイルをダウンロード' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map((v) => (v === null || v === undefined ? '' : String(v)));
  expect(header).toContain('理由');
  const column = (title: string) => header.indexOf(title);
  const bad = [2, 3].map((r) => String(sheet.getRow(r).getCell(column('事業所コード')).value));
  expect(bad.sort()).toEqual([code(BAD_EMAIL), code(BAD_POSTAL)].sort());

  // 3. the 28 good rows for real
  await applyAndWait(page);
  expect(await counts(page)).toMatchObject({ created: '28', failed: '2' });

  // 4. the two rows fixed in the spreadsheet, imported again and applied
  for (const r of [2, 3]) {
    const row = sheet.getRow(r);
    const n = Number(String(row.getCell(column('事業所コード')).value).slice(-3));
    row.getCell(column('メールアドレス')).value = `info${n}@torikomi.example.jp`;
    row.getCell(column('郵便番号')).value = '100-0005';
    row.commit();
  }
  const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
  await page.goto('/imports');
  await page.getByRole('radio', { name: '事業所' }).check();
  await upload(page, '事業所_修正.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fixed);
  await expect(page.getByText('確認が終わりました。まだ何も登録されていません。')).toBeVisible({ timeout: 60_000 });
  expect(await counts(page)).toEqual({ created: '2', updated: '0', failed: '0' });
  await applyAndWait(page);
  expect(await counts(page)).toEqual({ created: '2', updated: '0', failed: '0' });

  // 5. the companies in the list, by search
  await page.goto('/companies');
  await page.getByRole('textbox', { name: 'キーワード' }).fill(`取込テスト${RUN}`);
  await expect(page.getByText('1 - 10 / 30', { exact: true })).toBeVisible();
  for (const n of [1, BAD_EMAIL, BAD_POSTAL, 30]) {
    await page.getByRole('textbox', { name: 'キーワード' }).fill(name(n));
    await expect(page.getByRole('row').filter({ hasText: code(n) })).toBeVisible();
  }

  // the history lists the four imports, newest first
  await page.goto('/imports');
  const history = page.getByRole('table').getByRole('row');
  await expect(history.nth(1)).toContainText('取込');
  await expect(history.nth(1)).toContainText('新規 2・更新 0・変更なし 0・エラー 0');
});
