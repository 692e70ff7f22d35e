import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectAccessible, expectPath, idToken, signIn } from './helpers.ts';
import { days } from './api.ts';

/**
 * Issue 11 "Nothing a user typed is lost": the session ends under the user (cookies and
 * localStorage cleared, so neither the ID token nor the refresh token is left: the refresh is
 * impossible), then the user acts:
 * 1. console (1 280 px): 保存 on a conference's 会場 → no 「更新しました」, /login?prev=…, sign in →
 *    back on the edit page with the typed 会場 and the notice → 保存 succeeds;
 * 2. portal (375 px): the answer form, the same way;
 * 3. a list page: a reload of the list → /login?prev=… → back on the list after sign-in.
 * Test data is created through the API as cci-admin.
 */

// Three whole journeys, each with two sign-ins and axe, on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

const RESTORED = '保存されていない入力内容を復元しました。内容を確認してから保存してください。';
const EXPIRED_WITH_DRAFT = '入力中の内容は、ログイン後に元の画面で復元されます。';

interface Conference {
  id: number;
  version: number;
  name: string;
  place: string | null;
}

/** The API as the user signed in on `page` (its ID token). */
const api = async (page: Page) => {
  const headers = { authorization: `Bearer ${await idToken(page)}` };
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await page.request.get(path, { headers });
      expect(res.ok(), `GET ${path}: ${res.status()}`).toBeTruthy();
      return (await res.json()) as T;
    },
    post: async <T>(path: string, data: unknown): Promise<T> => {
      const res = await page.request.post(path, { headers, data });
      expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
      return (await res.json()) as T;
    },
  };
};

/** What a session that ended looks like to the SPA: no cookies, no Amplify tokens at all. */
const loseSession = async (page: Page) => {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
};

/** Signs in on the login page the SPA sent the user to (keeping its `prev`). */
const signInHere = async (page: Page, email: string) => {
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill('Kaigi#Demo2026');
  await page.getByRole('button', { name: 'ログイン' }).click();
};

const expectLoginWithPrev = async (page: Page, prev: string) => {
  await expectPath(page, `/login?prev=${encodeURIComponent(prev)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
};

test.describe('console form (1 280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('保存 after the session ended: no success, /login?prev, sign-in restores the typed 会場, then it saves', async ({
    page,
  }) => {
    await signIn(page, 'cci-admin@example.com');
    await expectPath(page, /^\/admin/);
    const admin = await api(page);
    const conference = await admin.post<Conference>('/v1/cci/admin/master/conferences', {
      name: 'E2E セッション切れ 総会',
      event_date: days(30),
      place: '本館 大ホール',
      status: 'draft',
    });

    await page.goto(`/conferences/${conference.id}`);
    const place = page.getByRole('textbox', { name: '会場', exact: true });
    await expect(place).toHaveValue('本館 大ホール');
    await place.fill('別館 第3会議室');

    await loseSession(page);
    await page.getByRole('button', { name: '保存' }).click();

    await expectLoginWithPrev(page, `/conferences/${conference.id}`);
    await expect(page.getByTestId('session-expired')).toContainText(EXPIRED_WITH_DRAFT);
    await expect(page.getByText('更新しました', { exact: true })).toHaveCount(0);

    await signInHere(page, 'cci-admin@example.com');
    await expectPath(page, `/conferences/${conference.id}`);
    await expect(page.getByTestId('draft-restored')).toHaveText(RESTORED);
    await expect(place).toHaveValue('別館 第3会議室');
    await expect(page.getByRole('textbox', { name: '会議名' })).toHaveValue('E2E セッション切れ 総会');
    await expectAccessible(page, 'conference edit with a restored draft');

    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('更新しました', { exact: true })).toBeVisible();
    const saved = await (await api(page)).get<Conference>(`/v1/cci/admin/master/conferences/${conference.id}`);
    expect(saved.place).toBe('別館 第3会議室');
  });
});

test.describe('portal answer form (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('回答 after the session ended: /login?prev, sign-in restores the chosen answer, then it is sent', async ({ page }) => {
    await signIn(page, 'cci-admin@example.com');
    await expectPath(page, /^\/admin/);
    const admin = await api(page);
    const name = 'E2E セッション切れ 部会';
    const members = await admin.get<{ data: Array<{ id: number; name: string }> }>(
      '/v1/cci/admin/master/members?company_code=C0001&page_size=50',
    );
    const taro = members.data.find((m) => m.name === '山田 太郎')!;
    const conference = await admin.post<Conference>('/v1/cci/admin/master/conferences', {
      name,
      event_date: days(20),
      place: 'デモ商工会議所会館 3階',
      answer_deadline: days(10, 17),
      status: 'published',
      allow_delegate: true,
    });
    await admin.post('/v1/cci/admin/master/conference_members', {
      mode: 'many',
      conference_id: conference.id,
      member_ids: [taro.id],
    });
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    await signIn(page, 'company-admin@example.com');
    await expectPath(page, /^\/company\/meetings$/);
    await page.goto(`/company/meetings/${conference.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const taroCell = page.getByRole('group', { name: `山田 太郎：${name}の回答` });
    await taroCell.getByRole('radio', { name: '代理出席' }).check();
    await taroCell.getByRole('textbox', { name: '代理出席者の氏名' }).fill('佐藤 次郎');
    await taroCell.getByRole('textbox', { name: '代理出席者の肩書' }).fill('常務取締役');

    await loseSession(page);
    await page.getByRole('button', { name: '回答内容を確認' }).click();
    await page.getByRole('dialog', { name: '回答内容の確認' }).getByRole('button', { name: 'この内容で回答する' }).click();

    await expectLoginWithPrev(page, `/company/meetings/${conference.id}`);
    await expect(page.getByTestId('session-expired')).toContainText(EXPIRED_WITH_DRAFT);
    await expect(page.getByText('回答を送信できませんでした。')).toHaveCount(0);

    await signInHere(page, 'company-admin@example.com');
    await expectPath(page, `/company/meetings/${conference.id}`);
    await expect(page.getByTestId('draft-restored')).toHaveText(RESTORED);
    await expect(taroCell.getByRole('radio', { name: '代理出席' })).toBeChecked();
    await expect(taroCell.getByRole('textbox', { name: '代理出席者の氏名' })).toHaveValue('佐藤 次郎');
    await expect(taroCell.getByRole('textbox', { name: '代理出席者の肩書' })).toHaveValue('常務取締役');
    await expectAccessible(page, 'answer form with a restored draft (375 px)');

    await page.getByRole('button', { name: '回答内容を確認' }).click();
    await page.getByRole('dialog', { name: '回答内容の確認' }).getByRole('button', { name: 'この内容で回答する' }).click();
    await expect(page.getByText(/回答を送信しました。/)).toBeVisible();
  });
});

test.describe('list page (1 280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a list load after the session ended goes to /login?prev and back to the same list', async ({ page }) => {
    await signIn(page, 'cci-admin@example.com');
    await expectPath(page, /^\/admin/);
    await page.goto('/companies');
    const firstRow = page.locator('tbody tr').first();
    await expect(firstRow).toBeVisible();

    await loseSession(page);
    await page.getByRole('button', { name: '更新', exact: true }).click(); // react-admin's refresh: the list is loaded again

    await expectPath(page, /^\/login\?prev=%2Fcompanies(%3F|$)/);
    await signInHere(page, 'cci-admin@example.com');
    await expectPath(page, /^\/companies(\?|$)/);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByText('このページは表示できません')).toHaveCount(0);
    await expectAccessible(page, 'list after sign-in');
  });
});
