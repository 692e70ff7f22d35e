import { expect, test } from './test.ts';
import { checkPage, signIn } from './helpers.ts';
import { apiAs, days, type Api } from './api.ts';

/**
 * The 定足数 board (issue 14, DESIGN.md §11.3): staff set a quorum on the conference form (fixed
 * basis 3, 過半数 → 2 needed, explained as 「3名の過半数 = 2名」), open the board (不足, あと2名),
 * and as people are checked in at the desk (here through the API) the board follows the room's
 * staff stream: あと1名, then 成立 without a reload. The room's 受付・定足数 panel agrees.
 */

interface Row {
  id: number;
  version: number;
}

const MASTER = '/v1/cci/admin/master';

/** A published assembly tomorrow with three principals who answered 出席 (by phone, through staff). */
async function assemblyWithAttendees(admin: Api, name: string): Promise<{ id: number; invitees: number[] }> {
  const conference = await admin.post<{ id: number }>(`${MASTER}/conferences`, {
    name,
    event_date: days(1),
    place: 'デモ商工会議所会館 大ホール',
    answer_deadline: null,
    status: 'published',
    allow_delegate: true,
  });
  const members = await admin.get<{ data: { id: number }[] }>(`${MASTER}/members?page_size=50`);
  expect(members.data.length).toBeGreaterThanOrEqual(3);
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
  }
  return { id: conference.id, invitees: invited.created.map((r) => r.id) };
}

test('staff set a quorum and watch the board turn 成立 as people check in', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request, 'cci-admin@example.com');
  const name = `E2E 定足数 ${Date.now()}`;
  const { id, invitees } = await assemblyWithAttendees(admin, name);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'cci-admin@example.com');
  await page.waitForURL(/\/admin|\/conferences/);

  // the setting, on the conference form
  await page.goto(`/conferences/${id}`);
  const section = page.getByRole('region', { name: '定足数' });
  await section.getByRole('switch', { name: '定足数を数える' }).check();
  await section.getByRole('radio', { name: '固定数（議員定数など）' }).check();
  await section.getByLabel('基準の人数').fill('3');
  await expect(section.getByRole('radio', { name: '過半数' })).toBeChecked();
  await expect(section.getByTestId('quorum-explanation')).toHaveText('3名の過半数 = 2名');
  await checkPage(page, 'conference form with the 定足数 section (1 280 px)');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/conferences/${id}`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: '保存' }).click();
  expect((await saved).status()).toBe(200);
  const stored = await admin.get<{ quorum: unknown }>(`${MASTER}/conferences/${id}`);
  expect(stored.quorum).toEqual({ basis: 3, numerator: 1, denominator: 2, rule: 'more_than', count_delegates: true });

  // the board: nobody here yet
  const streamOpened = page.waitForRequest((r) => r.url().includes('/room/events?'));
  await page.goto(`/conferences/${id}/quorum`);
  const state = page.getByTestId('quorum-state');
  await expect(state).toContainText('不足');
  await expect(state).toContainText('あと2名');
  await expect(page.getByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 現在$/)).toBeVisible();
  await checkPage(page, 'quorum board, 不足 (1 280 px)');

  // check-ins at the desk arrive on the stream: no reload
  await streamOpened;
  await admin.post(`${MASTER}/conferences/${id}/check_ins`, { conference_member_id: invitees[0] });
  await expect(state).toContainText('あと1名');
  await expect(state).toContainText('不足');
  await admin.post(`${MASTER}/conferences/${id}/check_ins`, { conference_member_id: invitees[1] });
  await expect(state).toContainText('成立');
  await expect(state).toContainText('必要数ちょうど');
  await expect(page.getByRole('status').filter({ hasText: '定足数を満たしました。成立です。' })).toBeAttached();
  await checkPage(page, 'quorum board, 成立 (1 280 px)');

  // the room's panel says the same
  await page.goto(`/conferences/${id}/room`);
  const panel = page.getByRole('region', { name: '受付・定足数' });
  await expect(panel.getByTestId('panel-quorum')).toContainText('成立');
  await expect(panel.getByRole('definition').nth(1)).toHaveText('2');
  await context.close();
});
