import { readFile } from 'node:fs/promises';
import { expect, test } from './test.ts';
import { checkPage, signIn } from './helpers.ts';
import { apiAs, days } from './api.ts';

/**
 * 議案 from the conference template and their files (issue 34, DESIGN.md §12.1): CCI_ADMIN adds a
 * 議案 to a 総会 template in its form, a conference created from the template starts with the
 * template's 議案 as drafts, and staff attach a PDF to one in the 議案 dialog, listed on the 議案 tab;
 * the invited company's admin finds it in the 書面議決 section and downloads the same bytes. Every screen is checked (axe, no sideways scroll) at 1 280 and 375 px.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
const TEMPLATES = '/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

test('a template’s 議案 become the new conference’s drafts; a 議案 gets a file in its dialog', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await apiAs(request, 'cci-admin@example.com');
  const stamp = Date.now();
  const template = await admin.post<{ id: number }>(TEMPLATES, {
    conference_template_code: `SOUKAI_${stamp}`,
    name: `E2E 総会 ${stamp}`,
    body: {
      answer_choices: ['attend', 'absent'],
      allow_delegate: false,
      motions: [
        { number: '第1号議案', title: '令和7年度事業報告承認の件', body: '別紙のとおり' },
        {
          number: '第2号議案',
          title: '定款変更の件',
          rule: { basis: 'present', numerator: 2, denominator: 3, rule: 'at_least', quorum: null },
        },
      ],
    },
  });

  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const look = async (what: string) => {
      await checkPage(page, `${what} (${width} px)`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${what.replace(/[^\w-]+/g, '_')}_${width}.png`, fullPage: true });
    };
    await signIn(page, 'cci-admin@example.com');
    await page.waitForURL(/\/admin|\/conferences/);

    // the template form: its 議案 with their 議決要件; one more added (its number proposed)
    await page.goto(`/conference_templates/${template.id}`);
    const numbers = page.getByRole('textbox', { name: /議案番号/ });
    // the 375 px pass sees the 議案 the 1 280 px pass added
    await expect(numbers).toHaveCount(width === 1280 ? 2 : 3);
    await expect(page.getByRole('radio', { name: '特別決議（出席者の3分の2以上）' }).nth(1)).toBeChecked();
    if (width === 1280) {
      await page.getByRole('button', { name: '議案を追加' }).click();
      await expect(numbers.nth(2)).toHaveValue('第3号議案');
      await page
        .getByRole('textbox', { name: /^議案名/ })
        .nth(2)
        .fill('役員選任の件');
    }
    await look('template form with 議案');
    if (width === 1280) {
      await page.getByRole('button', { name: '保存' }).click();
      await page.waitForURL(/\/conference_templates$/);
    }

    // a conference made from it starts with the three 議案, drafts
    const conference = await admin.post<{ id: number }>('/v1/cci/admin/master/conferences', {
      template_id: template.id,
      name: `E2E 議案テンプレート ${stamp} ${width}`,
      event_date: days(30),
      status: 'published',
    });
    const own = await admin.get<{ data: { id: number }[] }>('/v1/cci/admin/master/members?company_code=C0001&page_size=1');
    await admin.post('/v1/cci/admin/master/conference_members', {
      mode: 'many',
      conference_id: conference.id,
      member_ids: [own.data[0].id],
    });
    await page.goto(`/conferences/${conference.id}/motions`);
    for (const title of ['令和7年度事業報告承認の件', '定款変更の件', '役員選任の件']) {
      await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('未採決');
    }

    // a file on 第1号議案, through its dialog
    await page.getByRole('button', { name: '「第1号議案」を編集' }).click();
    const dialog = page.getByRole('dialog', { name: '議案の編集' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'ファイルを選択' }).click();
    await (await chooser).setFiles({ name: '事業報告書.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(dialog.getByRole('list', { name: '添付資料の一覧' })).toContainText('事業報告書.pdf');
    await look('motion dialog with a file');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('議案を更新しました。')).toBeVisible();
    const files = page.getByRole('list', { name: '第1号議案の添付資料' });
    await expect(files.getByRole('button', { name: '「事業報告書.pdf」をダウンロード' })).toBeVisible();
    await look('motions tab with a file');
    await context.close();

    // the invited company reads it beside its 書面議決
    const companyContext = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    const portal = await companyContext.newPage();
    await signIn(portal, 'company-admin@example.com');
    await portal.waitForURL(/\/company\/meetings/);
    await portal.goto(`/company/meetings/${conference.id}`);
    const section = portal.getByRole('region', { name: '議案への書面議決・委任状' });
    const documents = section.getByRole('list', { name: '第1号議案 令和7年度事業報告承認の件の資料' });
    const button = documents.getByRole('button', { name: /^「事業報告書\.pdf」（.+）をダウンロード$/ });
    await button.scrollIntoViewIfNeeded();
    await checkPage(portal, `the portal's 議案の資料 (${width} px)`);
    if (SHOTS) await portal.screenshot({ path: `${SHOTS}/portal_motion_documents_${width}.png`, fullPage: true });
    const download = portal.waitForEvent('download');
    await button.click();
    expect((await readFile((await (await download).path())!)).equals(PDF)).toBe(true);
    await companyContext.close();
  }
});
