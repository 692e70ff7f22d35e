import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { checkPage, expectNoHorizontalScroll, expectPath, idToken, signIn } from './helpers.ts';

// issue 6 (attachments): CCI_ADMIN uploads a small PDF on the 添付資料 tab of the demo 総会 (the
// demo company C0001 is invited to it) and sees it listed; company-admin opens that meeting in the
// portal and downloads it — the bytes are the uploaded ones. Then the chamber deletes it again, so
// the demo conference is as seeded. Both at a desktop and a phone width.

const CONFERENCE = '第75回 通常議員総会';

/** A tiny but valid PDF (one empty A4 page) with a correct cross-reference table. */
function tinyPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
  ];
  const stream = `BT /F1 12 Tf 72 770 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function conferenceIdByName(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`/v1/cci/admin/master/conferences?keyword=${encodeURIComponent(name)}&page_size=50`, {
    headers: { authorization: `Bearer ${await idToken(page)}` },
  });
  expect(response.status()).toBe(200);
  const found = ((await response.json()).data as Array<{ id: number; name: string }>).find((c) => c.name === name);
  expect(found, `demo conference ${name}`).toBeTruthy();
  return found!.id;
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`attachments (${viewport.name}): the chamber uploads a PDF, the invited company downloads the same bytes`, async ({
    browser,
  }) => {
    const size = { width: viewport.width, height: viewport.height };
    const fileName = `議事次第-${viewport.name}-${Date.now()}.pdf`;
    const pdf = tinyPdf(`Kaigi e2e ${viewport.name} ${Date.now()}`);

    // --- the chamber uploads
    const staff = await browser.newContext({ viewport: size });
    const admin = await staff.newPage();
    await signIn(admin, 'cci-admin@example.com');
    await expectPath(admin, /^\/admin$/);
    const conferenceId = await conferenceIdByName(admin, CONFERENCE);
    await admin.goto(`/conferences/${conferenceId}/attachments`);
    const section = admin.getByRole('region', { name: /^添付資料/ });
    await expect(admin.getByRole('tab', { name: '添付資料', selected: true })).toBeVisible();

    const chooser = admin.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'ファイルを選択' }).click();
    await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
    await expect(admin.getByText(`「${fileName}」を追加しました。`)).toBeVisible();
    const list = section.getByRole('list', { name: '添付資料の一覧' });
    const row = list.getByRole('listitem').filter({ hasText: fileName });
    await expect(row).toBeVisible();
    await expect(row.getByText(/^サイズ: [\d,]+ (B|KB)$/)).toBeVisible();
    await expectNoHorizontalScroll(admin, 'attachments tab');

    // --- the invited company downloads
    const company = await browser.newContext({ viewport: size, acceptDownloads: true });
    const portal = await company.newPage();
    await signIn(portal, 'company-admin@example.com');
    await expectPath(portal, /^\/company\/meetings/);
    await portal.goto(`/company/meetings/${conferenceId}`);
    await expect(portal.getByRole('heading', { level: 1, name: CONFERENCE })).toBeVisible();
    const files = portal.getByRole('list', { name: '添付資料', exact: true });
    const button = files.getByRole('button', {
      name: new RegExp(`^「${fileName.replace(/[.]/g, '\\.')}」（.+）をダウンロード$`),
    });
    await button.scrollIntoViewIfNeeded();
    await checkPage(portal, 'meeting with an attachment');
    const download = portal.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(fileName);
    const bytes = await readFile((await file.path())!);
    expect(bytes.equals(pdf)).toBe(true);
    await company.close();

    // --- the chamber deletes it again (the seed conference stays as it was)
    await row.getByRole('button', { name: `「${fileName}」を削除` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '確認' }).click();
    await expect(admin.getByText(`「${fileName}」を削除しました。`)).toBeVisible();
    await expect(list.getByText(fileName)).toHaveCount(0);
    await staff.close();
  });
}
