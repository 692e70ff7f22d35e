import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { checkPage, signIn } from './helpers.ts';
import { apiAs, days, type Api } from './api.ts';

/**
 * Reception by QR code (issue 14, DESIGN.md §11.3):
 * - the company admin (375 px) answers 出席 for two people in the portal; their 受付票 appear;
 * - staff at a phone-sized desk (375 px) open 受付 from the conference page, check in 山田 花子 by
 *   search and 山田 太郎 by his ticket — the portal's QR image fed to 「画像から読み取る」 (no camera
 *   in CI); the same ticket again says すでに受付済み;
 * - a second desk (1 280 px) sees the counters change without a reload.
 */

interface Member {
  id: number;
  name: string;
}

/** A published conference in 20 days, C0001's 山田 太郎 and 山田 花子 invited. */
async function invitedConference(admin: Api, name: string): Promise<number> {
  const members = await admin.get<{ data: Member[] }>('/v1/cci/admin/master/members?company_code=C0001&page_size=50');
  const ids = members.data.filter((m) => m.name === '山田 太郎' || m.name === '山田 花子').map((m) => m.id);
  expect(ids).toHaveLength(2);
  const conference = await admin.post<{ id: number }>('/v1/cci/admin/master/conferences', {
    name,
    event_date: days(20, 14),
    end_at: days(20, 16),
    place: 'デモ商工会議所会館 5階 大ホール',
    answer_deadline: days(10, 17),
    status: 'published',
    allow_delegate: true,
    description: '受付 E2E',
  });
  await admin.post('/v1/cci/admin/master/conference_members', { mode: 'many', conference_id: conference.id, member_ids: ids });
  return conference.id;
}

const counter = (page: Page, key: 'expected' | 'checked_in' | 'not_arrived') => page.getByTestId(`count-${key}`);

test('company answers 出席 and gets 受付票; two desks check people in by search and by QR', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const admin = await apiAs(request, 'cci-admin@example.com');
  const name = `E2E 受付 ${Date.now()}`;
  const conferenceId = await invitedConference(admin, name);

  // the company admin answers 出席 for both, on a phone
  const companyContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const company = await companyContext.newPage();
  await signIn(company, 'company-admin@example.com');
  await company.waitForURL(/\/company\//);
  await company.goto(`/company/meetings/${conferenceId}`);
  await expect(company.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(company.getByRole('region', { name: '受付票' })).toHaveCount(0);
  for (const person of ['山田 太郎', '山田 花子']) {
    await company
      .getByRole('group', { name: `${person}：${name}の回答` })
      .getByRole('radio', { name: '出席', exact: true })
      .check();
  }
  await company.getByRole('button', { name: '回答内容を確認' }).click();
  await company.getByRole('dialog', { name: '回答内容の確認' }).getByRole('button', { name: 'この内容で回答する' }).click();
  await expect(company.getByText(/回答を送信しました。/)).toBeVisible();

  const tickets = company.getByRole('region', { name: '受付票' });
  await expect(tickets.getByRole('button', { name: /受付票（.*）を表示/ })).toHaveCount(2);
  await tickets.getByRole('button', { name: `山田 太郎さんの受付票（${name}）を表示` }).click();
  const dialog = company.getByRole('dialog', { name: '受付票' });
  const qr = dialog.getByRole('img', { name: `山田 太郎さんの受付票のQRコード（${name}）` });
  await expect(qr).toBeVisible();
  await expect(dialog.getByTestId('ticket')).toContainText('山田 太郎');
  await checkPage(company, '受付票 (375 px)');
  const src = (await qr.getAttribute('src')) ?? '';
  expect(src).toMatch(/^data:image\/png;base64,/);
  const ticketPng = Buffer.from(src.split(',')[1], 'base64');

  // desk 1: a phone; desk 2: a laptop, both on the reception page
  const deskContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const desk = await deskContext.newPage();
  await signIn(desk, 'cci-admin@example.com');
  await desk.waitForURL(/\/admin|\/conferences/);
  await desk.goto(`/conferences/${conferenceId}`);
  await desk.getByRole('link', { name: `「${name}」の受付を開く` }).click();
  await expect(desk).toHaveURL(new RegExp(`/conferences/${conferenceId}/reception$`));
  await expect(counter(desk, 'expected')).toHaveText('2');
  await expect(counter(desk, 'checked_in')).toHaveText('0');

  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await otherContext.newPage();
  await signIn(other, 'cci-staff@example.com');
  await other.waitForURL(/\/admin|\/conferences/);
  await other.goto(`/conferences/${conferenceId}/reception`);
  await expect(counter(other, 'checked_in')).toHaveText('0');
  // the live stream is open before anyone is checked in
  await expect(other.getByTestId('reception-counts')).toHaveAttribute('data-live', 'true');

  // by search (kana typed in ひらがな finds カタカナ)
  await desk.getByRole('searchbox', { name: '名前・カナ・会社名・事業所コードで検索' }).fill('はなこ');
  await expect(desk.getByTestId('reception-row')).toHaveCount(1);
  await desk.getByRole('button', { name: '山田 花子さんを受付' }).click();
  await expect(desk.getByTestId('desk-result')).toContainText('受付しました');
  await expect(desk.getByTestId('desk-result')).toContainText('山田 花子');
  await expect(counter(desk, 'checked_in')).toHaveText('1');
  await expect(counter(other, 'checked_in')).toHaveText('1', { timeout: 1_000 });
  await expect(counter(other, 'not_arrived')).toHaveText('1');

  // by the ticket's QR, read from its image
  await desk.getByTestId('ticket-image-input').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: ticketPng });
  await expect(desk.getByTestId('desk-result')).toContainText('山田 太郎');
  await expect(desk.getByTestId('desk-result')).toContainText('受付しました');
  await expect(counter(desk, 'checked_in')).toHaveText('2');
  await expect(counter(other, 'checked_in')).toHaveText('2', { timeout: 1_000 });
  await expect(counter(other, 'not_arrived')).toHaveText('0');

  // the same ticket again: the same check-in, with its time
  await desk.getByTestId('ticket-image-input').setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: ticketPng });
  await expect(desk.getByTestId('desk-result')).toContainText(/すでに受付済みです \d{2}:\d{2}/);
  await expect(counter(desk, 'checked_in')).toHaveText('2');
  await checkPage(desk, 'reception desk (375 px)');
  await checkPage(other, 'reception desk (1 280 px)');

  await Promise.all([companyContext.close(), deskContext.close(), otherContext.close()]);
});
