import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectPath, idToken, signIn } from './helpers.ts';

// issue 4 (Tests): CCI_ADMIN creates a company, a member with a position, a conference from a
// template with a sub-conference, invites by rule, and sees the invitees in protocol order —
// all through the Japanese console; the API is only used to read the results back.

/** server/db/schema.ts POSITION_TYPES: the order in which position types rank (役員 first). */
const POSITION_TYPES = [
  'CCI_OFFICER',
  'CCI_SECTION',
  'CCI_BRANCH',
  'CCI_COMMITTEE',
  'CCI_WOMEN_ASSOCIATION',
  'CCI_YOUTH_DIVISION',
];

interface ApiInvitee {
  id: number;
  member_id: number;
  sort: number;
  member?: { name?: string };
}

/** The invitees as the server orders them (sort=sort), with the members' names. */
async function serverOrder(page: Page, conferenceId: string): Promise<ApiInvitee[]> {
  const headers = { authorization: `Bearer ${await idToken(page)}` };
  const response = await page.request.get(
    `/v1/cci/admin/master/conference_members?conference_id=${conferenceId}&sort=sort&expand=member&page_size=1000`,
    { headers },
  );
  expect(response.status()).toBe(200);
  return (await response.json()).data as ApiInvitee[];
}

/** The names in the invitees table, top to bottom (the name is the first paragraph of the 氏名 cell). */
async function uiOrder(table: Locator): Promise<string[]> {
  const rows = table.locator('tbody tr');
  const names: string[] = [];
  for (const row of await rows.all()) {
    names.push((await row.locator('td p').first().innerText()).trim());
  }
  return names;
}

/** Waits until the table shows exactly the server's order, and returns it. */
async function expectServerOrder(page: Page, table: Locator, conferenceId: string): Promise<ApiInvitee[]> {
  let invitees: ApiInvitee[] = [];
  await expect
    .poll(async () => {
      invitees = await serverOrder(page, conferenceId);
      const expected = invitees.map((i) => i.member?.name ?? String(i.member_id));
      return JSON.stringify(await uiOrder(table)) === JSON.stringify(expected) ? 'same' : 'different';
    })
    .toBe('same');
  return invitees;
}

test('CCI_ADMIN: company → member with a position → conference from a template → invite by rule → protocol order', async ({
  page,
}) => {
  const stamp = Date.now();
  const companyCode = `E2E${stamp}`;
  const companyName = `E2E商事${stamp}`;
  const memberName = `相川 一郎${stamp}`;
  const conferenceName = `E2E通常議員総会${stamp}`;
  const subName = `E2E懇親会${stamp}`;
  const year = new Date().getFullYear() + 1;
  const eventDay = `${year}-06-15`;

  await signIn(page, 'cci-admin@example.com');
  await expectPath(page, /^\/admin$/);

  // 事業所の登録
  await page.goto('/companies/create');
  await expect(page.getByText('事業所の登録').first()).toBeVisible();
  await page.getByLabel('事業所コード').fill(companyCode);
  await page.getByLabel('名称').fill(companyName);
  await page.getByLabel('フリガナ').fill('イーツーイーショウジ');
  await page.getByRole('button', { name: '保存' }).click();
  await expectPath(page, /^\/companies(\?.*)?$/);

  // 会員の登録: the company is picked by keyword
  await page.goto('/members/create');
  await expect(page.getByText('会員の登録').first()).toBeVisible();
  await page.getByLabel('事業所').fill(companyCode);
  await page.getByRole('option', { name: `${companyName}（${companyCode}）` }).click();
  await page.getByLabel('氏名').fill(memberName);
  await page.getByLabel('フリガナ').fill('アイカワ イチロウ');
  await page.getByLabel('肩書').fill('代表取締役');
  await page.getByRole('button', { name: '保存' }).click();
  // redirected to the member's edit page, with its (still empty) positions
  await expectPath(page, /^\/members\/\d+$/);
  await expect(page.getByText('この会員の役職はまだ登録されていません。')).toBeVisible();

  // 役職を追加 from the member's page: the member is already chosen
  await page.getByRole('link', { name: '役職を追加' }).click();
  await expectPath(page, /^\/positions\/create/);
  await expect(page.getByLabel('会員')).toHaveValue(new RegExp(`^${memberName}`));
  await page.getByLabel('区分').click();
  await page.getByRole('option', { name: '役員', exact: true }).click();
  await page.getByLabel('役職名').fill('副会頭');
  await page.getByLabel('序列').fill('1');
  await page.getByRole('button', { name: '保存' }).click();
  await expectPath(page, /^\/positions(\?.*)?$/);

  // 会議の作成 from the demo template, with one sub-conference
  await page.goto('/conferences/create');
  await expect(page.getByText('会議の作成').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'テンプレートから作成' })).toBeChecked();
  await page.getByLabel('会議テンプレート').click();
  await page.getByRole('option', { name: '通常議員総会' }).click();
  await expect(page.getByText('テンプレートの初期値')).toBeVisible();
  await page.getByLabel('開催日').fill(eventDay);
  await page.getByLabel('会議名').fill(conferenceName);
  await page.getByRole('button', { name: '追加' }).click();
  await page.getByLabel('子会議名').fill(subName);
  await page.getByLabel('子会議の開催日時').fill(`${eventDay}T17:00`);
  await page.getByLabel('子会議の終了日時').fill(`${eventDay}T19:00`);
  await page.getByRole('button', { name: '保存' }).click();
  // the demo template's rule (役員) invites the officers on creation, the new 副会頭 among them (issue 18 §1)
  await expect(page.getByText(/^会議を作成し、テンプレートの招待ルールに当てはまる会員を[1-9]\d*名招待しました。/)).toBeVisible();
  await expectPath(page, /^\/conferences\/\d+$/);
  const conferenceId = new URL(page.url()).pathname.split('/')[2]!;
  // the basic tab of the new conference (the create form may linger while the edit page loads)
  const basic = page.getByRole('tabpanel', { name: '基本情報' });
  await expect(basic.getByLabel('会議名')).toHaveValue(conferenceName);
  await expect(basic.getByRole('link', { name: `「${subName}」を開く` })).toBeVisible();

  // 招待者: 役職で招待 (役員)
  await page.getByRole('tab', { name: '招待者' }).click();
  await expectPath(page, `/conferences/${conferenceId}/invitees`);
  await expect(page.getByRole('table', { name: '招待者' }).getByText(memberName)).toBeVisible();
  // inviting 役員 again adds nobody: the template's rule already did
  await page.getByRole('button', { name: '役職で招待' }).click();
  const dialog = page.getByRole('dialog', { name: '役職で招待' });
  await dialog.getByRole('checkbox', { name: '役員', exact: true }).check();
  await dialog.getByRole('button', { name: '招待する' }).click();
  await expect(dialog.getByRole('status')).toContainText(/既に招待済みの[1-9]\d*名はスキップしました。/);
  await dialog.getByRole('button', { name: '閉じる' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: '招待者' });
  await expect(table.getByText(memberName)).toBeVisible();
  let invitees = await expectServerOrder(page, table, conferenceId);
  expect(invitees.length).toBeGreaterThan(1);
  await expect(page.getByText(`招待者 ${invitees.length}名`)).toBeVisible();

  // move the new member one step by hand, so that the reset has something to undo
  const names = invitees.map((i) => i.member?.name);
  const before = names.indexOf(memberName);
  expect(before).toBeGreaterThanOrEqual(0);
  const direction = before === names.length - 1 ? '上' : '下';
  await page.getByRole('button', { name: `${memberName}を${direction}へ移動` }).click();
  await expect(page.getByText('並び順を変更しました。')).toBeVisible();
  const moved = before + (direction === '上' ? -1 : 1);
  await expect.poll(async () => (await uiOrder(table)).indexOf(memberName)).toBe(moved);
  invitees = await expectServerOrder(page, table, conferenceId);
  expect(invitees.map((i) => i.member?.name).indexOf(memberName)).toBe(moved);

  // 並び順をリセット: back to protocol order (best position type, then rank, then 五十音)
  await page.getByRole('button', { name: '並び順をリセット' }).click();
  const confirm = page.getByRole('dialog', { name: '並び順をリセットしますか？' });
  await confirm.getByRole('button', { name: '並び順をリセット' }).click();
  await expect(page.getByText(/並び順をリセットしました（[1-9]\d*名の席次を変更）。/)).toBeVisible();
  await expect(confirm).toBeHidden();
  invitees = await expectServerOrder(page, table, conferenceId);

  // protocol order, checked independently: each invitee's best position held on the event day
  const headers = { authorization: `Bearer ${await idToken(page)}` };
  const positions = await page.request.get(`/v1/cci/admin/master/positions?active_on=${eventDay}&page_size=1000`, { headers });
  expect(positions.status()).toBe(200);
  const best = new Map<number, [number, number]>();
  for (const p of (await positions.json()).data as Array<{ member_id: number; position_type: string; rank: number | null }>) {
    const key: [number, number] = [POSITION_TYPES.indexOf(p.position_type), p.rank ?? Number.MAX_SAFE_INTEGER];
    const current = best.get(p.member_id);
    if (!current || key[0] < current[0] || (key[0] === current[0] && key[1] < current[1])) best.set(p.member_id, key);
  }
  const keys = invitees.map((i) => best.get(i.member_id)!);
  for (const [index, key] of keys.entries()) {
    expect(key, `invitee ${index + 1} holds a position on ${eventDay}`).toBeDefined();
    expect(key[0], 'invited by rule 役員: every invitee is an officer').toBe(0);
    if (index > 0)
      expect(key[1], `rank of invitee ${index + 1} is not above the one before`).toBeGreaterThanOrEqual(keys[index - 1]![1]);
  }
  // the new member (役員, 序列 1, アイカワ) is ahead of every officer of a lower rank
  const after = invitees.map((i) => i.member?.name).indexOf(memberName);
  expect(keys[after]).toEqual([0, 1]);
  expect(keys.slice(0, after).every(([, rank]) => rank === 1)).toBe(true);
  await expect(table.locator('tbody tr').nth(after)).toContainText(companyName);
});
