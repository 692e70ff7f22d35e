import { expect, test } from './test.ts';
import ExcelJS from 'exceljs';
import { expectPath, signIn } from './helpers.ts';

// issue 6 (Tests, end-to-end): chamber staff export the attendance list (出欠一覧) of a demo
// conference as XLSX from the console, follow the job on the exports page until it is done, and
// download the file; the test reads the workbook back with exceljs.

/** server/db/seed/demo.ts: the upcoming 総会 with its 懇親会, and the 会頭 of C0001 invited to both. */
const CONFERENCE = '第75回 通常議員総会';
const SUB_CONFERENCE = '懇親会';
const INVITEE = { company_code: 'C0001', company: '株式会社山田製作所', name: '山田 太郎', kana: 'ヤマダ タロウ' };

test('CCI_ADMIN exports 出欠一覧 as XLSX, waits until 完了 and downloads the workbook', async ({ page }) => {
  await signIn(page, 'cci-admin@example.com');
  await expectPath(page, /^\/admin$/);

  // the conference's page
  await page.goto('/conferences');
  // the main conference's row (a sub-conference's row names its parent too)
  await page.getByRole('row').filter({ hasText: CONFERENCE }).filter({ hasNotText: SUB_CONFERENCE }).first().click();
  await expectPath(page, /^\/conferences\/\d+$/);
  await expect(page.getByRole('heading', { name: CONFERENCE, exact: true, level: 1 })).toBeVisible();

  // 名簿を出力: 出欠一覧 and Excel are the defaults
  await page.getByRole('button', { name: '名簿を出力' }).click();
  const dialog = page.getByRole('dialog', { name: '名簿を出力' });
  await expect(dialog.getByText(`対象の会議: ${CONFERENCE}`)).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '出欠一覧' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Excel（XLSX）' }).check();
  await dialog.getByRole('radio', { name: '席次順' }).check();
  await dialog.getByRole('button', { name: '出力する' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('出欠一覧の出力を受け付けました。', { exact: false })).toBeVisible();

  // the exports page, through the notification; it polls until the job is done
  await page.getByRole('link', { name: '出力状況を見る' }).click();
  await expectPath(page, /^\/exports/);
  const row = page.getByRole('row').filter({ hasText: CONFERENCE }).first();
  await expect(row).toContainText('出欠一覧');
  await expect(row).toContainText('XLSX');
  await expect(row).toContainText('席次順・西暦');
  await expect(row.getByText('完了', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText(/\d+ 行/);

  // download through get_object_url
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /\.xlsx をダウンロード$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('出欠一覧');
  expect(sheet, 'a sheet named 出欠一覧').toBeDefined();
  const values = (rowNumber: number) =>
    (sheet!.getRow(rowNumber).values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));

  expect(values(1)).toEqual([
    '席次',
    '事業所コード',
    '事業所名',
    '氏名',
    'フリガナ',
    '肩書',
    '役職',
    '区分',
    `${CONFERENCE}：出欠`,
    `${CONFERENCE}：代理出席者`,
    `${CONFERENCE}：回答日時`,
    `${CONFERENCE}：受付方法`,
    `${CONFERENCE}：受付日時`,
    // who recorded the answer (issue 33)
    `${CONFERENCE}：記録者`,
    `${SUB_CONFERENCE}：出欠`,
    `${SUB_CONFERENCE}：代理出席者`,
    `${SUB_CONFERENCE}：回答日時`,
    `${SUB_CONFERENCE}：受付方法`,
    `${SUB_CONFERENCE}：受付日時`,
    // who recorded the answer (issue 33)
    `${SUB_CONFERENCE}：記録者`,
  ]);
  const rows = Array.from({ length: sheet!.rowCount - 1 }, (_, i) => values(i + 2));
  expect(rows.length).toBeGreaterThan(1);
  const invitee = rows.find((r) => r[3] === INVITEE.name);
  expect(invitee, `${INVITEE.name} is in the list`).toBeDefined();
  expect(invitee!.slice(1, 5)).toEqual([INVITEE.company_code, INVITEE.company, INVITEE.name, INVITEE.kana]);
  // 役職 on the conference's day (issue 15 item 6)
  expect(invitee![6]).toMatch(/^役員 会頭/);
  // the 会頭 comes first in protocol order, 席次 1
  expect(rows[0]!.slice(0, 4)).toEqual(['1', INVITEE.company_code, INVITEE.company, INVITEE.name]);
});
