import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { checkPage, signIn } from './helpers.ts';
import { apiAs, days, type Api } from './api.ts';

/**
 * 議案 and 採決, the staff side (issue 34, DESIGN.md §12.1): staff at 1 280 px add 第1号議案 on the
 * conference's 議案 tab, open a 記名 poll with live counts in the room's 採決 panel, two checked-in
 * voters vote through their personal room links (driven through the API here: the voters' phone
 * screen is its own journey), the panel and the 定足数 board fill without a reload (a board
 * reloaded mid-vote shows the progress at once), staff record the third voter's vote (no phone),
 * close, see the tally and declare 可決; then a paper 委任状 is recorded with its 委任先. Every screen is
 * checked at 1 280 and 375 px.
 */

interface Row {
  id: number;
  version: number;
}

const MASTER = '/v1/cci/admin/master';
const SHOTS = process.env.E2E_SHOTS_DIR;

/** axe and no horizontal scroll, and a screenshot to look at when E2E_SHOTS_DIR is set. */
async function look(page: Page, what: string) {
  await checkPage(page, what);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${what.replace(/[^\w-]+/g, '_')}.png`, fullPage: true });
}

/** A published assembly tomorrow with three principals who answered 出席 and are checked in, each with a personal link. */
async function assemblyInSession(admin: Api, name: string): Promise<{ id: number; tokens: string[] }> {
  const conference = await admin.post<{ id: number }>(`${MASTER}/conferences`, {
    name,
    event_date: days(1),
    place: 'デモ商工会議所会館 大ホール',
    answer_deadline: null,
    status: 'published',
    allow_delegate: true,
  });
  const members = await admin.get<{ data: { id: number }[] }>(`${MASTER}/members?page_size=50`);
  const invited = await admin.post<{ created: Row[] }>(`${MASTER}/conference_members`, {
    mode: 'many',
    conference_id: conference.id,
    member_ids: members.data.slice(0, 3).map((m) => m.id),
  });
  const tokens: string[] = [];
  for (const row of invited.created) {
    await admin.put(`${MASTER}/conference_members/${row.id}`, {
      version: row.version,
      answer_content: 'attend',
      answer_channel: 'phone',
    });
    await admin.post(`${MASTER}/conferences/${conference.id}/check_ins`, { conference_member_id: row.id });
    const link = await admin.post<{ url: string }>(`${MASTER}/conferences/${conference.id}/room/links`, {
      kind: 'user',
      conference_member_id: row.id,
    });
    tokens.push(new URL(link.url).pathname.split('/').pop()!);
  }
  return { id: conference.id, tokens };
}

test('staff add a 議案, run a 記名 poll the room fills live, close it and declare 可決', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const admin = await apiAs(request, 'cci-admin@example.com');
  const name = `E2E 採決 ${Date.now()}`;
  const { id, tokens } = await assemblyInSession(admin, name);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'cci-admin@example.com');
  await page.waitForURL(/\/admin|\/conferences/);

  // 議案 tab: add 第1号議案 (普通決議 by default)
  await page.goto(`/conferences/${id}/motions`);
  await expect(page.getByText('まだ議案がありません。「議案を追加」から登録してください。')).toBeVisible();
  await page.getByRole('button', { name: '議案を追加' }).click();
  const dialog = page.getByRole('dialog', { name: '議案の追加' });
  await expect(dialog.getByRole('textbox', { name: '番号' })).toHaveValue('第1号議案');
  await dialog.getByRole('textbox', { name: '議案名' }).fill('令和8年度事業計画の件');
  await dialog.getByRole('radio', { name: 'その他' }).check();
  await look(page, 'motion dialog, その他 (1280 px)');
  await dialog.getByRole('radio', { name: '普通決議（出席者の過半数）' }).check();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('議案を登録しました。')).toBeVisible();
  const row = page.getByRole('row', { name: /令和8年度事業計画の件/ });
  await expect(row).toContainText('普通決議（出席者の過半数）');
  await expect(row).toContainText('未採決');
  await look(page, 'motions tab (1280 px)');

  // the room's 採決 panel: a 記名 poll with live counts
  const streams = page.waitForRequest((r) => r.url().includes('/room/events?'));
  await page.goto(`/conferences/${id}/room`);
  const panel = page.getByRole('region', { name: '採決' });
  await expect(panel.getByRole('combobox', { name: '議案' })).toContainText('第1号議案 令和8年度事業計画の件');
  await look(page, 'staff room, 採決 panel before opening (1280 px)');
  await streams;
  const method = panel.getByRole('radio', { name: '記名投票', exact: true });
  const live = panel.getByRole('switch', { name: '投票中の集計を定足数ボードに表示する' });
  await method.check();
  await live.check();
  await expect(method).toBeChecked();
  await expect(live).toBeChecked();
  const opened = page.waitForResponse((r) => r.url().endsWith('/polls') && r.request().method() === 'POST');
  await panel.getByRole('button', { name: '採決を開始' }).click();
  const { poll } = (await (await opened).json()) as { poll: { id: number } };
  await expect(panel.getByText('採決中（記名投票）')).toBeVisible();
  await expect(panel.getByText('投票権 3名（出席 3・書面 0・委任 0）')).toBeVisible();

  // the 定足数 board at the front of the hall, open before the first ballot
  const board = await context.newPage();
  const boardStream = board.waitForRequest((r) => r.url().includes('/room/events?'));
  await board.goto(`/conferences/${id}/quorum`);
  const boardVote = board.getByRole('region', { name: '採決中: 第1号議案 令和8年度事業計画の件' });
  await expect(boardVote).toContainText('記名投票');
  await boardStream;

  // two voters on their links: the panel and the board fill without a reload
  for (const [i, token] of tokens.slice(0, 2).entries()) {
    const res = await request.put(`/v1/room/${token}/polls/${poll.id}/ballot`, { data: { choice: 'yes' } });
    expect(res.status(), await res.text()).toBe(200);
    await expect(panel.getByTestId('poll-progress')).toHaveText(`投票済み ${i + 1} / 3`);
  }
  // a board reloaded mid-vote shows the progress at once (decision 0038)
  await board.reload();
  await expect(boardVote).toContainText('投票済み 2 / 3');
  await expect(boardVote.getByTestId('tally-yes')).toHaveText('2');

  // the third has no phone: staff record the vote from the panel
  await panel.getByRole('button', { name: '投票を記録' }).click();
  const record = page.getByRole('dialog', { name: '投票を記録（第1号議案）' });
  const choice = record.getByRole('combobox', { name: /の投票$/ });
  await expect(choice).toHaveCount(1);
  await look(page, 'staff room, 投票を記録 (1280 px)');
  await record.getByRole('button', { name: 'キャンセル' }).click();
  await expect(record).toBeHidden();
  // the same on a phone (the staff controls are the room's 運営 tab there), the room opened anew
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await page.getByRole('tab', { name: '運営' }).click();
  await expect(panel.getByTestId('poll-progress')).toHaveText('投票済み 2 / 3');
  await panel.getByRole('button', { name: '投票を記録' }).click();
  await expect(choice).toHaveCount(1);
  await look(page, 'staff room, 投票を記録 (375 px)');
  await choice.selectOption({ label: '反対' });
  await record.getByRole('button', { name: '1件を記録' }).click();
  await expect(page.getByText('1件の投票を記録しました。')).toBeVisible();
  // back at 1 280 px the panel is drawn anew: it reads the progress at once
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(panel.getByTestId('poll-progress')).toHaveText('投票済み 3 / 3');
  await expect(panel.getByTestId('tally-yes')).toHaveText('2');
  await expect(panel.getByTestId('tally-no')).toHaveText('1');
  await look(page, 'staff room, 記名 poll filling (1280 px)');

  // the 定足数 board at the front of the hall has filled with its live counts too
  await expect(boardVote.getByTestId('tally-no')).toHaveText('1');
  await expect(boardVote).toContainText('投票済み 3 / 3');
  await look(board, 'quorum board, vote under way (1280 px)');

  // close, see the tally, declare 可決
  await panel.getByRole('button', { name: '締め切る' }).click();
  await page.getByRole('dialog', { name: '採決を締め切りますか？' }).getByRole('button', { name: '締め切る' }).click();
  await expect(page.getByText('採決を締め切りました。')).toBeVisible();
  await expect(panel.getByTestId('tally-yes')).toHaveText('2');
  await expect(panel.getByTestId('tally-not_voted')).toHaveText('0');
  await panel.getByRole('button', { name: '結果を宣言' }).click();
  await expect(panel.getByText('結果: 可決')).toBeVisible();
  await look(page, 'staff room, declared (1280 px)');

  // the board follows: the tally and the result, no reload
  const boardResult = board.getByRole('region', { name: '採決結果: 第1号議案 令和8年度事業計画の件' });
  await expect(boardResult).toContainText('結果: 可決');

  // the same screens at 375 px
  for (const p of [page, board]) await p.setViewportSize({ width: 375, height: 812 });
  await look(board, 'quorum board, declared (375 px)');
  await page.goto(`/conferences/${id}/motions`);
  await expect(page.getByRole('row', { name: /令和8年度事業計画の件/ })).toContainText('可決');
  await look(page, 'motions tab (375 px)');
  await page.getByRole('button', { name: '議案を追加' }).click();
  await page.getByRole('dialog', { name: '議案の追加' }).getByRole('radio', { name: 'その他' }).check();
  await look(page, 'motion dialog, その他 (375 px)');
  await page.keyboard.press('Escape');
  await page.goto(`/conferences/${id}/room`);
  // on a phone the staff controls are the room's 運営 tab
  await page.getByRole('tab', { name: '運営' }).click();
  await expect(panel.getByText('結果: 可決')).toBeVisible();
  await look(page, 'staff room, declared (375 px)');

  // the next 議案 on a phone: the form to open its vote fits
  await admin.post(`${MASTER}/conferences/${id}/motions`, { number: '第2号議案', title: '定款変更の件' });
  await panel.getByRole('combobox', { name: '議案' }).click();
  await page.getByRole('option', { name: '第2号議案 定款変更の件' }).click();
  await expect(panel.getByRole('button', { name: '採決を開始' })).toBeVisible();
  await look(page, 'staff room, 採決 panel before opening (375 px)');

  // a paper 委任状 for the next 議案, recorded with its 委任先 (another invitee), on a phone and at 1 280 px
  await page.goto(`/conferences/${id}/answers`);
  await page
    .getByRole('button', { name: /の回答を記録$/ })
    .first()
    .click();
  const answer = page.getByRole('dialog', { name: /の回答を記録$/ });
  await answer.getByRole('radio', { name: '委任状' }).check();
  const delegateTo = answer.getByRole('combobox', { name: '委任先' });
  await expect(delegateTo).toHaveText('議長');
  await delegateTo.click();
  await expect(page.getByRole('option')).toHaveCount(3);
  await look(page, 'record answer, 委任先 (375 px)');
  await page.getByRole('option').nth(1).click();
  await page.setViewportSize({ width: 1280, height: 900 });
  await look(page, 'record answer, 委任先 (1280 px)');
  await answer.getByRole('combobox', { name: /受付方法/ }).click();
  await page.getByRole('option', { name: '紙' }).click();
  await answer.getByRole('button', { name: '記録する' }).click();
  await expect(page.getByText(/の回答を記録しました。$/)).toBeVisible();
  await context.close();
});
