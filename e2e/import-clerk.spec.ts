import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import ExcelJS from 'exceljs';
import { expectPath, signIn } from './helpers.ts';

// issue 33 (Tests, end-to-end): a clerk's own 会員名簿 as chambers keep it: a title row, 住所
// merged over E:F (the building in F), phones written 053(433)2681, a memo column without a
// header, a ※ note and a 合計 row under the list. It goes in on the first try: the notes and the
// memo are reported as warnings, the change list shows each row's cells before → after, and the
// building names are part of the stored 住所.

const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const code = (n: number) => `CL${RUN}${n}`;
const name = (n: number) => `浜松名簿テスト${RUN}商会${n}`;

async function clerksWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('会員名簿');
  ws.addRow(['会員名簿（令和8年4月1日現在）']);
  ws.mergeCells('A1:G1');
  ws.addRow(['事業所コード', '事業所名', 'フリガナ', '電話番号', '住所', null, null]);
  ws.mergeCells('E2:F2');
  ws.addRow([code(1), name(1), 'はままつしょうかい', '053(433)2681', '浜松市中区砂山町1-1', '浜松駅前ビル5F', '年会費未納']);
  ws.addRow([code(2), name(2), 'エンシュウ', '+81 53-433-2682', '浜松市中区板屋町2-2', '板屋ビル3F']);
  ws.addRow(['※ 休会中の事業所を含みます']);
  ws.addRow(['合計', '2 社']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function shoot(page: Page, label: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${label}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a clerk’s 名簿 with a title, a merged 住所 and footer rows goes in on the first try', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'cci-admin@example.com');
  await expectPath(page, /^\/admin$/);
  await page.goto('/imports');
  await page.getByRole('radio', { name: '事業所' }).check();
  await page.getByTestId('import-input').setInputFiles({
    name: '会員名簿.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await clerksWorkbook(),
  });
  await expectPath(page, /^\/imports\/\d+\/show$/);
  await expect(page.getByText('確認が終わりました。まだ何も登録されていません。')).toBeVisible({ timeout: 60_000 });
  const warnings = page.getByRole('status').filter({ hasText: '読み飛ばしました' });
  await expect(warnings).toContainText('5 行目: 「※ 休会中の事業所を含みます」は注記・合計の行と見なし、読み飛ばしました。');
  await expect(warnings).toContainText('6 行目: 「合計」');
  await expect(warnings).toContainText('G 列には見出しがない');
  const preview = page.getByRole('region', { name: /読み込んだ内容の表/ });
  await expect(preview).toContainText('浜松市中区砂山町1-1　浜松駅前ビル5F');
  await expect(preview).toContainText('053-433-2681');
  // the change list: every row that would be written, each cell before → after; a value finds its row
  await expect(page.getByRole('heading', { name: '変更される行（2 行）' })).toBeVisible();
  const changes = page.getByRole('region', { name: /変更される行の表/ });
  await expect(changes.getByTestId('change-3')).toContainText('浜松駅前ビル5F');
  await expect(changes.getByTestId('change-4')).toContainText('板屋ビル3F');
  await shoot(page, 'clerk-dry-run');
  await page.getByRole('searchbox', { name: '値で探す' }).fill('板屋');
  await expect(changes.getByTestId('change-3')).toBeHidden();
  await expect(changes.getByTestId('change-4')).toBeVisible();
  await expect(page.getByText('1–1 行目（全 1 行）')).toBeVisible();
  await shoot(page, 'clerk-dry-run-search');

  await page.getByRole('button', { name: '取込実行' }).click();
  await page.getByRole('dialog', { name: '事業所を取り込みますか？' }).getByRole('button', { name: '取り込む' }).click();
  await expect(page.getByText(/^取り込みました。/)).toBeVisible({ timeout: 60_000 });

  await page.goto('/companies');
  await page.getByRole('textbox', { name: 'キーワード' }).fill(name(1));
  await page
    .getByRole('row')
    .filter({ hasText: code(1) })
    .click();
  // 住所 goes through the form's NFKC like any typed address: the full-width joiner is stored half-width
  await expect(page.getByLabel('住所')).toHaveValue('浜松市中区砂山町1-1 浜松駅前ビル5F');
  await expect(page.getByLabel('電話番号')).toHaveValue('053-433-2681');
  await expect(page.getByLabel('フリガナ')).toHaveValue('ハママツショウカイ');
});
