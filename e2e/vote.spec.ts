import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { checkPage, signIn } from './helpers.ts';
import { apiAs, type Api } from './api.ts';

/**
 * The voter's side of a 採決 in Chromium (issue 34, DESIGN.md §12.1): three principals checked in,
 * each on their personal room link at 375 px; staff open a 記名 poll by API, each voter sees it
 * without a reload and votes (two 賛成, one 反対, one changing their mind), staff close and declare,
 * and every phone says 締め切り and then 可決 live. Then the company admin gives 書面議決 on the next
 * 議案 in the portal (375 and 1 280 px). Every page passes axe and does not scroll sideways.
 */

/** screenshots to look at, in this worker's data folder (e2e/stacks.ts) */
let SHOTS = '';
test.beforeAll(({ stack }) => {
  SHOTS = `${stack.dataDir}/shots`;
});
const M = '/v1/cci/admin/master';

interface Row {
  id: number;
  member_id: number;
}

/** A conference in session now with C0001's two members and one other as principals, checked in. */
async function assembly(admin: Api, name: string) {
  const start = new Date(Date.now() - 10 * 60_000);
  const conference = await admin.post<{ id: number }>(`${M}/conferences`, {
    name,
    event_date: start.toISOString(),
    end_at: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    place: 'デモ商工会議所会館 5階 大ホール',
    answer_deadline: null,
    status: 'published',
    allow_delegate: true,
  });
  const own = await admin.get<{ data: { id: number }[] }>(`${M}/members?company_code=C0001&page_size=50`);
  const all = await admin.get<{ data: { id: number }[] }>(`${M}/members?page_size=50`);
  const other = all.data.find((m) => !own.data.some((o) => o.id === m.id))!;
  await admin.post(`${M}/conference_members`, {
    mode: 'many',
    conference_id: conference.id,
    member_ids: [...own.data.slice(0, 2).map((m) => m.id), other.id],
  });
  const rows = (await admin.get<{ data: Row[] }>(`${M}/conference_members?conference_id=${conference.id}&page_size=50`)).data;
  expect(rows).toHaveLength(3);
  for (const row of rows) {
    await admin.post(`${M}/conferences/${conference.id}/check_ins`, { conference_member_id: row.id, confirm: true });
  }
  const links: string[] = [];
  for (const row of rows) {
    const link = await admin.post<{ url: string }>(`${M}/conferences/${conference.id}/room/links`, {
      kind: 'user',
      conference_member_id: row.id,
    });
    links.push(new URL(link.url).pathname);
  }
  return { conference: conference.id, links };
}

async function phone(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('stopwatch-time')).toBeVisible();
  return page;
}

test('three voters on their links at 375 px vote through a 記名 poll, live from opening to 可決', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request, 'cci-admin@example.com');
  const { conference, links } = await assembly(admin, `採決テスト ${Date.now()}`);
  const motions = `${M}/conferences/${conference}/motions`;
  const motion = await admin.post<{ id: number }>(motions, { number: '第1号議案', title: '令和8年度事業計画承認の件' });
  await admin.post(motions, { number: '第2号議案', title: '令和8年度収支予算承認の件' });

  const voters = await Promise.all(links.map((path) => phone(browser, path)));
  const { poll } = await admin.post<{ poll: { id: number; version: number } }>(`${motions}/${motion.id}/polls`, {
    method: 'roll_call',
  });

  const choices = ['賛成', '賛成', '反対'];
  for (const [i, page] of voters.entries()) {
    const panel = page.getByRole('region', { name: '採決：第1号議案' });
    await expect(panel).toBeVisible();
    const own = panel.getByRole('group', { name: 'あなたの票' });
    if (i === 0) await own.getByRole('button', { name: '反対' }).click();
    await own.getByRole('button', { name: choices[i] }).click();
    await expect(own.getByText(`記録済み：${choices[i]}`)).toBeVisible();
    await expect(own.getByRole('button', { name: choices[i] })).toHaveAttribute('aria-pressed', 'true');
  }
  await voters[0].screenshot({ path: `${SHOTS}/voter-375.png`, fullPage: true });
  await checkPage(voters[0], 'the voter’s screen');

  const closed = await admin.put<{ poll: { counts: Record<string, number> } }>(`${motions}/${motion.id}/polls/${poll.id}`, {
    version: poll.version,
    status: 'closed',
  });
  expect(closed.poll.counts).toMatchObject({ yes: 2, no: 1, abstain: 0, not_voted: 0 });
  for (const page of voters) {
    await expect(page.getByText('第1号議案「令和8年度事業計画承認の件」の採決は締め切られました。')).toBeVisible();
  }
  await admin.post(`${motions}/${motion.id}/polls/${poll.id}/declare`, {});
  for (const page of voters) {
    await expect(page.getByText('第1号議案「令和8年度事業計画承認の件」は可決されました。')).toBeVisible();
  }
  await voters[1].screenshot({ path: `${SHOTS}/voter-declared-375.png`, fullPage: true });
  await voters[1].setViewportSize({ width: 1280, height: 900 });
  await voters[1].screenshot({ path: `${SHOTS}/voter-declared-1280.png`, fullPage: true });

  // the company admin gives 書面議決 on 第2号議案 (第1号 is decided: read-only)
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const company = await context.newPage();
  await signIn(company, 'company-admin@example.com');
  await company.waitForURL(/\/company\/meetings/);
  await company.goto(`/company/meetings/${conference}`);
  const section = company.getByRole('region', { name: '議案への書面議決・委任状' });
  await expect(section).toBeVisible();
  const second = section.getByRole('group', { name: /第2号議案/ }).first();
  await second.getByRole('radio', { name: '賛成' }).check();
  await section.getByRole('button', { name: '書面議決を保存' }).first().click();
  await expect(section.getByText('書面議決を保存しました。')).toBeVisible();
  await company.screenshot({ path: `${SHOTS}/written-375.png`, fullPage: true });
  await checkPage(company, 'the portal’s 書面議決');
  await company.setViewportSize({ width: 1280, height: 900 });
  await company.screenshot({ path: `${SHOTS}/written-1280.png`, fullPage: true });
});

test('staff record a paper 書面議決 in the record-answer dialog, and the desk shows the voter’s link as a QR code', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request, 'cci-admin@example.com');
  const start = new Date(Date.now() - 10 * 60_000);
  const conference = await admin.post<{ id: number }>(`${M}/conferences`, {
    name: `書面議決テスト ${Date.now()}`,
    event_date: start.toISOString(),
    end_at: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    place: 'デモ商工会議所会館 5階 大ホール',
    answer_deadline: null,
    status: 'published',
    allow_delegate: true,
  });
  const own = await admin.get<{ data: { id: number; name: string }[] }>(`${M}/members?company_code=C0001&page_size=50`);
  const taro = own.data.find((m) => m.name === '山田 太郎')!;
  await admin.post(`${M}/conference_members`, { mode: 'many', conference_id: conference.id, member_ids: [taro.id] });
  const [row] = (
    await admin.get<{ data: (Row & { version: number })[] }>(`${M}/conference_members?conference_id=${conference.id}`)
  ).data;
  await admin.put(`${M}/conference_members/${row.id}`, { version: row.version, answer_content: 'attend', answer_channel: 'fax' });
  await admin.post(`${M}/conferences/${conference.id}/motions`, { number: '第1号議案', title: '令和7年度決算承認の件' });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'cci-admin@example.com');
  await page.waitForURL(/\/admin/);
  await page.goto(`/conferences/${conference.id}/answers`);
  await page.getByRole('button', { name: '山田 太郎の回答を記録' }).click();
  const dialog = page.getByRole('dialog', { name: '山田 太郎の回答を記録' });
  const written = dialog.getByRole('region', { name: '書面議決（議案ごと）' });
  await written
    .getByRole('group', { name: /第1号議案/ })
    .getByRole('radio', { name: '反対' })
    .check();
  await written.getByRole('button', { name: '書面議決を保存' }).click();
  await expect(written.getByText('書面議決を保存しました。')).toBeVisible();
  await expect(written.getByText('会議所が受付（FAX）')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/staff-written-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/staff-written-375.png`, fullPage: true });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/conferences/${conference.id}/reception`);
  await page.getByRole('searchbox', { name: '名前・カナ・会社名・事業所コードで検索' }).fill('山田 太郎');
  await page.getByRole('button', { name: '山田 太郎さんを受付' }).click();
  await expect(page.getByTestId('desk-result')).toContainText('受付しました');
  await page.getByRole('button', { name: '山田 太郎 さんの投票用リンクをQRコードで表示' }).click();
  await expect(page.getByRole('img', { name: '山田 太郎 さんの投票用リンクのQRコード' })).toBeVisible();
  await expect(page.getByTestId('voter-link')).toContainText('/room/');
  await page.screenshot({ path: `${SHOTS}/desk-qr-1280.png`, fullPage: true });
  await checkPage(page, 'the desk with the voter’s QR code');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/desk-qr-375.png`, fullPage: true });
  await checkPage(page, 'the desk with the voter’s QR code at 375 px');
});
