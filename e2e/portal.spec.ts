import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { readLocalConfirmationCode } from '../server/infra/cognito-local.ts';
import { DEMO_PASSWORD, checkPage, cookieMap, expectAccessible, expectPath, signIn } from './helpers.ts';
import { apiAs, cognitoCall, days, runtimeConfig, signInTokens, type Api } from './api.ts';

/**
 * Company portal journeys (issue 5) at a desktop and a 375 px phone viewport:
 * - company-admin answers a conference with a sub-conference, one person by 代理出席;
 * - after the deadline the same conference is read-only with the reason;
 * - the own company profile is edited with full-width input;
 * - company-new completes confirm-account and reaches /company/meetings, then forgot/reset
 *   password (with cognito-local's code) puts the demo password back; the company's data is reset
 *   through the API so the account needs confirming again (sign-in.spec.ts expects that);
 * - every portal page: no serious or critical axe violation, no horizontal scrolling on the phone.
 * Test conferences are created through the API as cci-admin, so the seed data stays as it is.
 */

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', size: { width: 375, height: 812 }, phone: true },
] as const;

/** this worker's stack (e2e/stacks.ts): its cognito-local state and its server */
let COGNITO_DATA_DIR = '';
let BASE_URL = '';
test.beforeAll(({ stack }) => {
  COGNITO_DATA_DIR = `${stack.dataDir}/cognito`;
  BASE_URL = stack.baseURL;
});

interface Conference {
  id: number;
  version: number;
  name: string;
  sub_conferences: Conference[];
}
interface Member {
  id: number;
  name: string;
}
interface ConferenceMember {
  id: number;
  member_id: number;
  conference_id: number;
  answer_content: string | null;
  proxy_name: string | null;
  proxy_title: string | null;
}
interface Company {
  id: number;
  version: number;
  attributes: Record<string, unknown>;
}

/** A published 総会 with a 懇親会, company C0001's 山田 太郎 (both) and 山田 花子 (総会 only) invited. */
const createAssembly = async (admin: Api, name: string) => {
  const members = await admin.get<{ data: Member[] }>('/v1/cci/admin/master/members?company_code=C0001&page_size=50');
  const taro = members.data.find((m) => m.name === '山田 太郎')!;
  const hanako = members.data.find((m) => m.name === '山田 花子')!;
  const conference = await admin.post<Conference>('/v1/cci/admin/master/conferences', {
    name,
    event_date: days(20, 14),
    end_at: days(20, 16),
    place: 'デモ商工会議所会館 5階 大ホール',
    answer_deadline: days(10, 17),
    status: 'published',
    allow_delegate: true,
    description: '議題：E2E テスト',
    sub_conferences: [
      { name: `${name} 懇親会`, event_date: days(20, 17), place: 'ホテルデモ 2階 宴会場', allow_delegate: false },
    ],
  });
  const sub = conference.sub_conferences[0];
  await admin.post('/v1/cci/admin/master/conference_members', {
    mode: 'many',
    conference_id: conference.id,
    member_ids: [taro.id, hanako.id],
  });
  await admin.post('/v1/cci/admin/master/conference_members', { mode: 'many', conference_id: sub.id, member_ids: [taro.id] });
  return { conference, sub, taro, hanako };
};

/** company-new as the seed has it: no e-mail, admin_changed_info_flag '1', the demo password. */
const restoreCompanyNew = async (request: APIRequestContext, temporary: string) => {
  if (!(await signInTokens(request, 'company-new@example.com'))) {
    const tokens = await signInTokens(request, 'company-new@example.com', temporary);
    if (tokens) {
      await cognitoCall(request, 'ChangePassword', {
        AccessToken: tokens.AccessToken,
        PreviousPassword: temporary,
        ProposedPassword: DEMO_PASSWORD,
      });
    }
  }
  const admin = await apiAs(request, 'cci-admin@example.com');
  const list = await admin.get<{ data: Company[] }>('/v1/cci/admin/master/companies?company_code=C0002');
  const company = list.data[0];
  const editable = ['name1', 'name_kana', 'representative', 'postal_code', 'address', 'phone'];
  const attributes = Object.fromEntries(
    Object.entries(company.attributes).filter(([k, v]) => editable.includes(k) && typeof v === 'string'),
  );
  await admin.put(`/v1/cci/admin/master/companies/${company.id}`, {
    version: company.version,
    attributes: { ...attributes, email: '' },
  });
};

/**
 * The chamber's console (回答状況 tab, on a desktop) shows the company's answers and the tallies:
 * 総会 代理出席 1 + 委任状 1 of 2 invited, 懇親会 出席 1 of 1.
 */
const expectConsoleShowsAnswers = async (browser: Browser, assembly: Awaited<ReturnType<typeof createAssembly>>) => {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await signIn(page, 'cci-admin@example.com');
    await expectPath(page, /^\/admin/);
    await page.goto(`/conferences/${assembly.conference.id}/answers`);
    const tally = (name: string) => page.getByRole('region', { name: `${name}の回答の集計` });
    const count = (name: string, answer: string) =>
      tally(name)
        .getByRole('row', { name: new RegExp(`^${answer}`) })
        .getByRole('cell');
    const main = assembly.conference.name;
    const sub = assembly.sub.name;
    await expect(count(main, '代理出席')).toHaveText('1');
    await expect(count(main, '委任状')).toHaveText('1');
    await expect(count(main, '出席')).toHaveText('0');
    await expect(count(main, '未回答')).toHaveText('0');
    await expect(count(sub, '出席')).toHaveText('1');
    await expect(count(sub, '未回答')).toHaveText('0');
    await expect(tally(main).getByTestId(`people-rate-${assembly.conference.id}`)).toContainText('2 / 2（100%）');
    await expect(page.getByText('代理: 佐藤 次郎（常務取締役）')).toBeVisible();
  } finally {
    await context.close();
  }
};

// ---------------------------------------------------------------------------------------------
// page checks

const cell = (page: Page, person: string, conference: string) =>
  page.getByRole('group', { name: `${person}：${conference}の回答` });

for (const viewport of VIEWPORTS) {
  test.describe(`company portal (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });

    test.describe.serial('answering', () => {
      let assembly: Awaited<ReturnType<typeof createAssembly>>;
      const name = `E2E 通常総会 ${viewport.name}`;

      test('company-admin answers a conference and its sub-conference, one person by 代理出席', async ({
        page,
        request,
        browser,
      }) => {
        const admin = await apiAs(request, 'cci-admin@example.com');
        assembly = await createAssembly(admin, name);

        await signIn(page, 'company-admin@example.com');
        await expectPath(page, /^\/company\/meetings$/);
        const card = page.getByRole('article', { name });
        await expect(card).toBeVisible();
        await expect(card.getByText('未回答').first()).toBeVisible();
        await expect(card.getByText(/\d{4}年\d{2}月\d{2}日\([日月火水木金土]\) 14:00/)).toBeVisible();
        await expect(card.getByText(/あと\d+日/)).toBeVisible();
        await expect(card.getByText(`${name} 懇親会`)).toBeVisible();
        await checkPage(page, 'meetings list');

        await card.getByRole('link', { name: `${name} の詳細・回答` }).click();
        await expectPath(page, `/company/meetings/${assembly.conference.id}`);
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        if (viewport.phone) await expect(page.getByTestId('person-card')).toHaveCount(2);
        else await expect(page.getByTestId('person-row')).toHaveCount(2);
        await checkPage(page, 'meeting detail');

        const taroMain = cell(page, '山田 太郎', name);
        await taroMain.getByRole('radio', { name: '代理出席' }).check();
        await taroMain.getByRole('textbox', { name: '代理出席者の氏名' }).fill('佐藤 次郎');
        await taroMain.getByRole('textbox', { name: '代理出席者の肩書' }).fill('常務取締役');
        await cell(page, '山田 花子', name).getByRole('radio', { name: '委任状' }).check();
        const taroSub = cell(page, '山田 太郎', `${name} 懇親会`);
        await expect(taroSub.getByRole('radio', { name: '委任状' })).toHaveCount(0);
        await taroSub.getByRole('radio', { name: '出席', exact: true }).check();
        await checkPage(page, 'answer form with a 代理出席');

        await page.getByRole('button', { name: '回答内容を確認' }).click();
        const dialog = page.getByRole('dialog', { name: '回答内容の確認' });
        await expect(dialog.getByText('代理出席（佐藤 次郎・常務取締役）')).toBeVisible();
        await expect(dialog.getByText('委任状')).toBeVisible();
        await expectAccessible(page, 'summary dialog');
        await dialog.getByRole('button', { name: 'この内容で回答する' }).click();
        await expect(page.getByText(/回答を送信しました。/)).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name }).locator('..').getByText('回答済')).toBeVisible();
        await checkPage(page, 'answer sent');

        // what the chamber sees
        const rows = await admin.get<{ data: ConferenceMember[] }>(
          `/v1/cci/admin/master/conference_members?conference_id__in=${assembly.conference.id},${assembly.sub.id}&page_size=50`,
        );
        const answer = (conferenceId: number, memberId: number) =>
          rows.data.find((r) => r.conference_id === conferenceId && r.member_id === memberId);
        expect(answer(assembly.conference.id, assembly.taro.id)).toMatchObject({
          answer_content: 'proxy_attend',
          proxy_name: '佐藤 次郎',
          proxy_title: '常務取締役',
        });
        expect(answer(assembly.conference.id, assembly.hanako.id)).toMatchObject({ answer_content: 'delegate' });
        expect(answer(assembly.sub.id, assembly.taro.id)).toMatchObject({ answer_content: 'attend' });
        await expectConsoleShowsAnswers(browser, assembly);

        // the list moved it to 回答済
        await page.goto('/company/meetings?tab=answered');
        await expect(page.getByRole('article', { name }).getByText('回答済').first()).toBeVisible();
        await checkPage(page, 'meetings list, 回答済');
      });

      test('after the deadline the form is read-only and says why', async ({ page, request }) => {
        const admin = await apiAs(request, 'cci-admin@example.com');
        const past = days(-1, 17);
        for (const id of [assembly.conference.id, assembly.sub.id]) {
          const current = await admin.get<Conference>(`/v1/cci/admin/master/conferences/${id}`);
          await admin.put(`/v1/cci/admin/master/conferences/${id}`, { version: current.version, answer_deadline: past });
        }

        await signIn(page, 'company-admin@example.com');
        await expectPath(page, /^\/company\/meetings$/);
        await page.goto(`/company/meetings/${assembly.conference.id}`);
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await expect(page.getByTestId('readonly-reason').first()).toContainText('回答期限');
        await expect(page.getByTestId('readonly-reason').first()).toContainText('を過ぎているため、回答内容の変更はできません。');
        await expect(page.getByRole('radio')).toHaveCount(0);
        await expect(page.getByRole('button', { name: '回答内容を確認' })).toHaveCount(0);
        await expect(page.getByText('代理出席（佐藤 次郎・常務取締役）')).toBeVisible();
        await checkPage(page, 'read-only meeting');

        await page.goto('/company/meetings?tab=closed');
        await expect(page.getByRole('article', { name }).getByText('受付終了').first()).toBeVisible();
        await checkPage(page, 'meetings list, 終了');
      });
    });

    test('company profile: full-width postal code and phone are saved normalised', async ({ page }) => {
      await signIn(page, 'company-admin@example.com');
      await expectPath(page, /^\/company\/meetings$/);
      await page.goto('/company/profile');
      await expect(page.getByRole('heading', { level: 1, name: '事業所情報' })).toBeVisible();
      await expect(page.getByTestId('profile-name1')).toHaveText('株式会社山田製作所');
      await checkPage(page, 'profile');
      await page.getByRole('button', { name: '編集する' }).click();
      await page.getByRole('textbox', { name: '郵便番号' }).fill('４３０－０９４４');
      await page.getByRole('textbox', { name: '電話番号' }).fill('０５３ー４５２ー１１０１');
      await checkPage(page, 'profile form');
      await page.getByRole('button', { name: '保存する' }).click();
      await expect(page.getByText('事業所情報を保存しました。')).toBeVisible();
      await expect(page.getByTestId('profile-postal_code')).toHaveText('430-0944');
      await expect(page.getByTestId('profile-phone')).toHaveText('053-452-1101');
    });

    test.describe('company-new', () => {
      const temporary = `Temp#${viewport.name}2026`;

      // put company-new back as the seed has it (sign-in.spec.ts): no e-mail and flag '1' (a
      // chamber update sets it), and the demo password if the reset below did not get to run
      test.afterAll(async ({ playwright }) => {
        const request = await playwright.request.newContext({ baseURL: BASE_URL });
        try {
          await restoreCompanyNew(request, temporary);
        } finally {
          await request.dispose();
        }
      });

      test('confirms the account, then resets the password with the e-mailed code', async ({ page, request }) => {
        test.setTimeout(120_000);
        await signIn(page, 'company-new@example.com');
        await expectPath(
          page,
          /^\/company\/confirm-account\?version=\d+&company_id=\d+&hasChangePassword=true&hasAddEmail=true$/,
        );
        await expect(page.getByRole('heading', { level: 1, name: 'アカウント情報の確認' })).toBeVisible();
        await checkPage(page, 'confirm-account');
        // cannot be skipped
        await page.goto('/company/profile');
        await expectPath(page, /^\/company\/confirm-account\?/);

        await page.getByRole('textbox', { name: '現在のパスワード' }).fill(DEMO_PASSWORD);
        await page.getByRole('textbox', { name: '新しいパスワード', exact: true }).fill(temporary);
        await page.getByRole('textbox', { name: '新しいパスワード（確認）' }).fill(temporary);
        await page.getByRole('textbox', { name: 'メールアドレス' }).fill('ｉｎｆｏ@sakura-kikaku.example.com');
        await page.getByRole('button', { name: '確認して利用を開始する' }).click();
        await expectPath(page, /^\/company\/meetings$/);
        await expect(page.getByRole('heading', { level: 1, name: '会議一覧' })).toBeVisible();
        expect((await cookieMap(page)).link_to_confirm_account).toBeUndefined();

        // forgot / reset password from /login, with cognito-local's code
        await page.getByRole('button', { name: 'プロフィール' }).click();
        await page.getByRole('menuitem', { name: 'ログアウト' }).click();
        await expectPath(page, /^\/login/);
        await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
        await expectPath(page, '/forgot-password');
        await checkPage(page, 'forgot password');
        await page.getByRole('textbox', { name: 'メールアドレス' }).fill('company-new@example.com');
        await page.getByRole('button', { name: '確認コードを送信' }).click();
        await expectPath(page, '/reset-password?email=company-new%40example.com');
        await expect(page.getByText('パスワード再設定用の確認コードを送信しました。')).toBeVisible();
        await checkPage(page, 'reset password');

        const { cognito } = await runtimeConfig(request);
        let code: string | undefined;
        await expect
          .poll(
            async () => (code = await readLocalConfirmationCode(COGNITO_DATA_DIR, cognito.userPoolId, 'company-new@example.com')),
          )
          .toBeTruthy();
        await page.getByRole('textbox', { name: '確認コード' }).fill(code!);
        await page.getByRole('textbox', { name: '新しいパスワード', exact: true }).fill(DEMO_PASSWORD);
        await page.getByRole('textbox', { name: '新しいパスワード（確認）' }).fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'パスワードを再設定' }).click();
        await expect(page.getByText('パスワードを再設定しました。新しいパスワードでログインしてください。')).toBeVisible();
        await page.getByRole('link', { name: 'ログイン画面へ戻る' }).click();

        // the demo password works again; the account no longer needs confirming
        await signIn(page, 'company-new@example.com');
        await expectPath(page, /^\/company\/meetings$/);
      });
    });
  });
}
