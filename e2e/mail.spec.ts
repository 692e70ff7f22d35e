import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { simpleParser, type ParsedMail } from 'mailparser';
import { checkPage, expectPath, signIn } from './helpers.ts';
import { apiAs, days } from './api.ts';

/**
 * Issue 13 as a chamber uses it, on the real stack (`npm start`: the local SMTP server writes each
 * message to .data/e2e/mail/*.eml):
 * - staff publish a conference from the console; company C0001's admin gets the invitation
 *   (件名, To, an .ics that parses) and 送信履歴 shows it;
 * - staff record a FAX answer from 回答状況; the company gets the receipt and sees
 *   「会議所が受付（FAX）」 in the portal;
 * - staff close answering, then reopen it with a new deadline; the company gets the change notice
 *   and can answer again.
 */

/** this worker's stack's mail sink (e2e/stacks.ts) */
let MAIL_DIR = '';
test.beforeAll(({ stack }) => {
  MAIL_DIR = path.join(stack.dataDir, 'mail');
});
const COMPANY_ADMIN = 'company-admin@example.com';

interface Conference {
  id: number;
  version: number;
  status: string;
  event_date: string;
}
interface Member {
  id: number;
  name: string;
}

/** The first message to `to` whose subject starts with `prefix` and names `name`, once it has arrived. */
async function mailFor(to: string, prefix: string, name: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(MAIL_DIR).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith('.eml'))) {
          const raw = await readFile(path.join(MAIL_DIR, file));
          if (!raw.includes(to)) continue;
          const mail = await simpleParser(raw);
          if (mail.subject?.startsWith(prefix) && mail.subject.includes(name)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `${prefix}${name} to ${to}`, timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

const addresses = (mail: ParsedMail) => [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));

/** 2026年12月20日 in Asia/Tokyo (spec §9 YYYY年MM月DD日), as the subject writes the event day. */
const jaDay = (iso: string) => {
  const [y, m, d] = new Date(new Date(iso).getTime() + 9 * 3600_000).toISOString().slice(0, 10).split('-');
  return `${y}年${m}月${d}日`;
};

/** A datetime-local value in Asia/Tokyo, `n` days from now at 17:00. */
const tokyoInput = (n: number) => new Date(new Date(days(n, 17)).getTime() + 9 * 3600_000).toISOString().slice(0, 16);

async function staffConsole(page: Page, conferenceId: number, tab = '') {
  await signIn(page, 'cci-admin@example.com');
  await expectPath(page, /^\/admin/);
  await page.goto(`/conferences/${conferenceId}${tab}`);
}

test.describe.serial('mail, answers from every channel, the answering window', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  const name = `E2E 第76回通常議員総会 ${Date.now() % 100000}`;
  let conference: Conference;

  test('staff publish a conference and the company admin gets the invitation with an .ics', async ({ page, request }) => {
    const admin = await apiAs(request, 'cci-admin@example.com');
    const members = await admin.get<{ data: Member[] }>('/v1/cci/admin/master/members?company_code=C0001&page_size=50');
    const taro = members.data.find((m) => m.name === '山田 太郎')!;
    conference = await admin.post<Conference>('/v1/cci/admin/master/conferences', {
      name,
      event_date: days(20, 14),
      end_at: days(20, 16),
      place: 'デモ商工会議所会館 5階 大ホール',
      answer_deadline: days(10, 17),
    });
    await admin.post('/v1/cci/admin/master/conference_members', {
      mode: 'one',
      conference_id: conference.id,
      member_id: taro.id,
    });

    await staffConsole(page, conference.id);
    await page.getByRole('button', { name: '公開する' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
    await expect(page.getByText('会議の状態を「公開中」に変更しました。')).toBeVisible();

    const invitation = await mailFor(COMPANY_ADMIN, '【ご案内】', name);
    expect(invitation.subject).toBe(`【ご案内】${name}（${jaDay(conference.event_date)}）`);
    expect(addresses(invitation)).toContain(COMPANY_ADMIN);
    expect(invitation.text).toContain('回答期限');
    expect(invitation.text).toContain(`/company/meetings/${conference.id}`);
    expect(invitation.html).toContain(name);
    const ics = invitation.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.filename?.endsWith('.ics'));
    expect(ics, 'an .ics attachment').toBeTruthy();
    const calendar = ics!.content.toString('utf8').replace(/\r?\n[ \t]/g, '');
    expect(calendar).toMatch(/^BEGIN:VCALENDAR/);
    expect(calendar).toContain('BEGIN:VEVENT');
    expect(calendar).toContain(`SUMMARY:${name}`);
    const start = new Date(conference.event_date).toISOString().replace(/[-:]/g, '').slice(0, 15);
    expect(calendar).toMatch(new RegExp(`DTSTART[^:]*:${start}`));

    // 送信履歴 of the conference: the invitation, sent, and the reminder schedule
    await page.getByRole('tab', { name: '送信履歴' }).click();
    await expect(page.getByText(`【ご案内】${name}`).first()).toBeVisible();
    await expect(page.getByText('送信済').first()).toBeVisible();
    await expect(page.getByText(/3営業日前/).first()).toBeVisible();
    await checkPage(page, '送信履歴 tab');
  });

  test('staff record a FAX answer; the company gets the receipt and sees it in the portal', async ({ page, browser }) => {
    await staffConsole(page, conference.id, '/answers');
    await page.getByRole('button', { name: '山田 太郎の回答を記録' }).click();
    const dialog = page.getByRole('dialog', { name: '山田 太郎の回答を記録' });
    await dialog.getByRole('radio', { name: '欠席' }).check();
    await dialog.getByRole('combobox', { name: '受付方法' }).click();
    await page.getByRole('option', { name: 'FAX' }).click();
    await dialog.getByRole('button', { name: '記録する' }).click();
    await expect(page.getByText('山田 太郎の回答を記録しました。')).toBeVisible();
    await expect(page.getByText('会議所受付（FAX）').first()).toBeVisible();

    const receipt = await mailFor(COMPANY_ADMIN, '【回答受付のお知らせ】', name);
    expect(receipt.text).toContain('山田 太郎');
    expect(receipt.text).toContain('欠席');
    expect(receipt.text).toContain('FAX');

    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const portal = await context.newPage();
      await signIn(portal, COMPANY_ADMIN);
      await expectPath(portal, /^\/company\/meetings$/);
      await portal.goto(`/company/meetings/${conference.id}`);
      await expect(portal.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(portal.getByText('会議所が受付（FAX）').first()).toBeVisible();
      await checkPage(portal, 'portal: an answer the chamber recorded');
    } finally {
      await context.close();
    }
  });

  test('staff reopen answering after closing it; the company is told and can answer again', async ({
    page,
    browser,
    request,
  }) => {
    const admin = await apiAs(request, 'cci-admin@example.com');
    // reopening mails only the companies with someone still 未回答 (issue 33): 山田 太郎's 欠席 is
    // recorded, so the company's 山田 花子 is invited too and has not answered
    const members = await admin.get<{ data: Member[] }>('/v1/cci/admin/master/members?company_code=C0001&page_size=50');
    const hanako = members.data.find((m) => m.name === '山田 花子')!;
    await admin.post('/v1/cci/admin/master/conference_members', {
      mode: 'one',
      conference_id: conference.id,
      member_id: hanako.id,
    });
    const current = await admin.get<Conference>(`/v1/cci/admin/master/conferences/${conference.id}`);
    await admin.put(`/v1/cci/admin/master/conferences/${conference.id}`, { version: current.version, status: 'closed' });

    await staffConsole(page, conference.id);
    await page.getByRole('button', { name: '回答受付を再開' }).click();
    const dialog = page.getByRole('dialog', { name: '回答受付を再開しますか？' });
    await dialog.getByLabel('新しい回答期限').fill(tokyoInput(12));
    await dialog.getByRole('button', { name: '再開する' }).click();
    await expect(page.getByText('回答受付を再開しました。')).toBeVisible();
    const reopened = await admin.get<Conference>(`/v1/cci/admin/master/conferences/${conference.id}`);
    expect(reopened.status).toBe('published');

    const notice = await mailFor(COMPANY_ADMIN, '【変更のお知らせ】', name);
    expect(notice.text).toContain('再開');

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const portal = await context.newPage();
      await signIn(portal, COMPANY_ADMIN);
      await expectPath(portal, /^\/company\/meetings$/);
      await portal.goto(`/company/meetings/${conference.id}`);
      await expect(
        portal.getByRole('group', { name: `山田 太郎：${name}の回答` }).getByRole('radio', { name: '出席', exact: true }),
      ).toBeVisible();
      await expect(portal.getByRole('button', { name: '回答内容を確認' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
