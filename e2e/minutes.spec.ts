import { expect, test } from './test.ts';
import { readFile } from 'node:fs/promises';
import { checkPage, signIn } from './helpers.ts';
import { apiAs, days } from './api.ts';

/**
 * 議事録 (issue 35, DESIGN.md §12.2): after a meeting held in Kaigi (three people, two of C0001, checked
 * in, the room opened and ended — here through the API), staff open the 議事録 tab: the draft is
 * the record's; they write the opening, choose the 議長 and two 署名人 from the attendees, 確定,
 * make the Word file through the export jobs and download it, and 公開. The company admin then
 * reads the published minutes in the portal on a phone (375 px).
 */

const MASTER = '/v1/cci/admin/master';

interface Row {
  id: number;
  version: number;
}

test('staff draft, sign, finalise and publish the 議事録; the company reads it at 375 px', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await apiAs(request, 'cci-admin@example.com');
  const name = `E2E 議事録 ${Date.now()}`;
  const conference = await admin.post<{ id: number }>(`${MASTER}/conferences`, {
    name,
    event_date: days(0),
    place: 'デモ商工会議所会館 大ホール',
    answer_deadline: null,
    status: 'published',
  });
  // C0001's two people (the portal's company) and one of another company of the chamber
  type Member = { id: number; name: string };
  const own = await admin.get<{ data: Member[] }>(`${MASTER}/members?company_code=C0001&page_size=50`);
  const all = await admin.get<{ data: Member[] }>(`${MASTER}/members?page_size=50`);
  const members = { data: [...own.data.slice(0, 2), all.data.find((m) => !own.data.some((o) => o.id === m.id))!] };
  const invited = await admin.post<{ created: Row[] }>(`${MASTER}/conference_members`, {
    mode: 'many',
    conference_id: conference.id,
    member_ids: members.data.slice(0, 3).map((m) => m.id),
  });
  expect(invited.created).toHaveLength(3);
  for (const row of invited.created) {
    await admin.put(`${MASTER}/conference_members/${row.id}`, {
      version: row.version,
      answer_content: 'attend',
      answer_channel: 'phone',
    });
    await admin.post(`${MASTER}/conferences/${conference.id}/check_ins`, { conference_member_id: row.id });
  }
  const room = `${MASTER}/conferences/${conference.id}/room`;
  const opened = await admin.put<{ version: number }>(room, {
    version: (await admin.get<{ version: number }>(room)).version,
    status: 'open',
    agenda: [{ title: '事業報告', presenter: '専務理事', minutes: 20 }],
    current_agenda: 0,
  });
  await admin.put(room, { version: opened.version, status: 'ended' });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, 'cci-admin@example.com');
  await page.waitForURL(/\/admin|\/conferences/);
  await page.goto(`/conferences/${conference.id}/minutes`);
  await expect(page.getByRole('heading', { name: '議事録', level: 2 })).toBeVisible();
  await expect(page.getByText('未保存（記録から作成した案）')).toBeVisible();
  // the record's figures: three present in person
  await expect(page.locator('[data-figure="present_principal"]')).toContainText('3');
  await expect(page.locator('[data-figure="place"]')).toContainText('デモ商工会議所会館 大ホール');

  await page.getByRole('button', { name: '記録から再作成' }).click();
  await expect(page.getByText('下書き', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: '開会・冒頭' }).fill('定刻、会頭が議長となり開会を宣した。');
  const names = members.data.slice(0, 3).map((m) => m.name);
  for (const [label, person] of [
    ['議長', names[0]],
    ['議事録署名人（1）', names[1]],
    ['議事録署名人（2）', names[2]],
  ] as const) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: new RegExp(`^${person}`) }).click();
    await expect(page.getByRole('combobox', { name: label })).toContainText(person);
  }
  await page.getByRole('button', { name: '本文を保存' }).click();
  await expect(page.getByText('議事録を保存しました')).toBeVisible();
  await checkPage(page, '議事録 tab, a draft (1 280 px)');

  await page.getByRole('button', { name: '確定' }).click();
  // 確定 asks first: the version cannot change afterwards
  await page.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('第1版を確定しました')).toBeVisible();
  await expect(page.getByText(/^SHA-256: [0-9a-f]{64}$/).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: '開会・冒頭' })).toBeDisabled();

  // Word through the export jobs, downloaded from the exports page
  await page.getByRole('button', { name: 'Word で出力' }).click();
  await page.getByRole('link', { name: '出力状況を見る' }).click();
  await expect(page).toHaveURL(/\/exports/);
  const row = page.getByRole('row').filter({ hasText: '議事録' }).first();
  await expect(row.getByText('完了', { exact: true })).toBeVisible({ timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /\.docx をダウンロード$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^議事録_.*_第1版_\d{8}\.docx$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a zip: the .docx's content is read in test/server/jobs/export-minutes.test.ts

  await page.goto(`/conferences/${conference.id}/minutes`);
  await page.getByRole('button', { name: '事業所に公開' }).click();
  await expect(page.getByText('第1版を招待事業所に公開しました')).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: '議事録' }).getByText('確定・事業所に公開済', { exact: true })).toBeVisible();

  // the tab on a phone
  await page.setViewportSize({ width: 375, height: 812 });
  await checkPage(page, '議事録 tab, final and published (375 px)');
  await page.screenshot({ path: test.info().outputPath('minutes-tab-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // the A4 print view
  await page.getByRole('link', { name: '印刷用表示（A4）' }).click();
  await expect(page.getByRole('heading', { name: `${name}\u3000議事録`, level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('minutes-print-1280.png'), fullPage: true });

  // the company admin, on a phone
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const portal = await phone.newPage();
  await signIn(portal, 'company-admin@example.com');
  await portal.waitForURL(/\/company\//);
  await portal.goto(`/company/meetings/${conference.id}`);
  const minutes = portal.getByRole('region', { name: '議事録' });
  await expect(minutes.getByRole('heading', { name: `${name}\u3000議事録`, level: 1 })).toBeVisible();
  await expect(minutes).toContainText('定刻、会頭が議長となり開会を宣した。');
  await expect(minutes).toContainText(`議長${names[0]}`);
  await checkPage(portal, 'published 議事録 in the portal (375 px)');
  await portal.screenshot({ path: test.info().outputPath('minutes-portal-375.png'), fullPage: true });
  await phone.close();
  await context.close();
});
