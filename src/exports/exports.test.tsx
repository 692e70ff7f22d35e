/**
 * ファイル出力 (issue 6) against MSW: the export dialog's POST body per type (from the company,
 * member and conference screens), server errors in Japanese, and the exports page — progress,
 * polling while a job runs and not after, download through get_object_url, a failed job's reason,
 * a job waiting to be retried, the Shift_JIS warning, expiry, filters (作成者 too) and the empty state.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, vi } from 'vitest';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import * as serverExport from '../../server/schemas/export.ts';
import companies from '../companies';
import members from '../members';
import conferences from '../conferences';
import { detail } from '../conferences/test/fixtures';
import exportsResource from '.';
import { polling } from './ExportList';
import { todayInTokyo } from './ExportDialog';
import { DATE_STYLES, EXPORT_FORMATS, EXPORT_TYPES, ORDERS_BY_TYPE, type ExportJob } from './types';

const EXPORT = '*/v1/cci/TKY/export';
const GET_OBJECT_URL = '*/v1/cci/TKY/common/s3/get_object_url';
const MASTER = '*/v1/cci/admin/master';

const list = (rows: unknown[], total = rows.length) => HttpResponse.json({ data: rows, meta: { page: 1, page_size: 25, total } });

const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, errors: [], ...body },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

const signIn = (role: 'CCI_ADMIN' | 'CCI_CONFERENCE_USER' = 'CCI_ADMIN') => {
  amplify.signInAs(role);
  server.use(cciUserInfoOk({ ...cciUser, user_type: role }));
};

const job = (overrides: Partial<ExportJob> = {}): ExportJob => ({
  id: 3,
  cci_code: 'TKY',
  created_by: 'tky-admin',
  type: 'attendance',
  format: 'xlsx',
  params: { conference_id: 1, order: 'protocol', date_style: 'japanese' },
  status: 'succeeded',
  error: null,
  progress_done: 5000,
  progress_total: 5000,
  replaced_char_count: null,
  replacements: null,
  file_key: 'TKY/exports/3/出欠一覧_通常議員総会.xlsx',
  file_name: '出欠一覧_通常議員総会.xlsx',
  // 2026/11/21(土) 14:00 in Tokyo
  created_at: '2026-11-21T05:00:00.000Z',
  started_at: '2026-11-21T05:00:01.000Z',
  finished_at: '2026-11-21T05:00:03.000Z',
  expires_at: '2026-11-28T05:00:03.000Z',
  expired: false,
  ...overrides,
});

const company = { id: 1, cci_code: 'TKY', company_code: 'C001', version: 1, attributes: { name1: '株式会社アクメ' } };
const member = { id: 1, cci_code: 'TKY', company_id: 1, company_code: 'C001', name: '山田 太郎', name_kana: 'ヤマダ タロウ' };

/** The conference the attendance/reception jobs name (ReferenceField → GET …/conferences/1), and the staff names. */
const conferenceHandler = () => [
  http.get(`${MASTER}/conferences/1`, () => HttpResponse.json(detail())),
  http.get(`${MASTER}/users`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    expect(query.get('user_type__in')).toBe('CCI_ADMIN,CCI_CONFERENCE_USER');
    return list([
      { username: 'tky-admin', display_name: '東京 太郎', email: 'admin@tky.example.jp' },
      { username: 'tky-staff', display_name: '会議 花子', email: 'staff@tky.example.jp' },
    ]);
  }),
];

afterEach(() => {
  polling.intervalMs = 2_000;
  vi.restoreAllMocks();
});

describe('export choices', () => {
  it('match the server (server/schemas/export.ts)', () => {
    expect(EXPORT_TYPES).toEqual(serverExport.EXPORT_TYPES);
    expect(EXPORT_FORMATS).toEqual(serverExport.EXPORT_FORMATS);
    expect(DATE_STYLES).toEqual(serverExport.DATE_STYLES);
    expect(ORDERS_BY_TYPE).toEqual(serverExport.ORDERS_BY_TYPE);
  });
});

describe('export dialog', () => {
  it('事業所一覧: posts the chosen format, order and date style, and offers the exports page', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${MASTER}/companies`, () => list([company])),
      http.post(EXPORT, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(job({ id: 9, type: 'companies', status: 'queued' }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/companies', { companies, exports: exportsResource });

    await user.click(await screen.findByRole('button', { name: '出力' }));
    const dialog = await screen.findByRole('dialog', { name: '事業所一覧を出力' });
    // the orders of this type only
    const order = within(dialog).getByRole('radiogroup', { name: '並び順' });
    expect(
      within(order)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['事業所コード順', '五十音順']);
    expect(within(order).getByRole('radio', { name: '事業所コード順' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Excel（XLSX）' })).toBeChecked();
    expect(within(dialog).queryByLabelText(/基準日/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'CSV Shift_JIS' }));
    await user.click(within(dialog).getByRole('radio', { name: '五十音順' }));
    await user.click(within(dialog).getByRole('radio', { name: '和暦（令和8年4月1日）' }));
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ type: 'companies', format: 'csv_sjis', params: { order: 'kana', date_style: 'japanese' } });
    expect(await screen.findByText('事業所一覧の出力を受け付けました。完了するとダウンロードできます。')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '事業所一覧を出力' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: '出力状況を見る' })).toHaveAttribute('href', '/exports');
  });

  it('会員一覧: sends the 基準日 (today by default, in Tokyo) with the defaults', async () => {
    signIn('CCI_CONFERENCE_USER');
    const bodies: unknown[] = [];
    server.use(
      http.get(`${MASTER}/members`, () => list([member])),
      http.get(`${MASTER}/companies`, () => list([company])),
      http.post(EXPORT, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(job({ id: 10, type: 'members', status: 'queued' }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/members', { members, exports: exportsResource });

    await user.click(await screen.findByRole('button', { name: '出力' }));
    const dialog = await screen.findByRole('dialog', { name: '会員一覧を出力' });
    const asOf = within(dialog).getByLabelText(/基準日/);
    expect(asOf).toHaveValue(todayInTokyo());
    expect(
      within(within(dialog).getByRole('radiogroup', { name: '並び順' }))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['席次順', '五十音順', '事業所コード順']);

    // an empty 基準日 is refused before anything is sent
    await user.clear(asOf);
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));
    expect(await within(dialog).findByText('基準日を入力してください。')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(asOf, '2026-04-01');
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      type: 'members',
      format: 'xlsx',
      params: { order: 'protocol', date_style: 'western', as_of: '2026-04-01' },
    });
    expect(await screen.findByText('会員一覧の出力を受け付けました。完了するとダウンロードできます。')).toBeInTheDocument();
  });

  it('会議: offers 出欠一覧, 受付名簿 and 出席者一覧 of the conference and posts its id', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${MASTER}/conferences/1`, () => HttpResponse.json(detail())),
      http.post(EXPORT, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(job({ id: 11, type: 'reception', status: 'queued' }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences, exports: exportsResource });

    await user.click(await screen.findByRole('button', { name: '名簿を出力' }));
    const dialog = await screen.findByRole('dialog', { name: '名簿を出力' });
    expect(within(dialog).getByText('対象の会議: 通常議員総会')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '出欠一覧' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '出席者一覧' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: '受付名簿' }));
    await user.click(within(dialog).getByRole('radio', { name: 'CSV UTF-8（BOM付き、Excel向け）' }));
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      type: 'reception',
      format: 'csv_utf8',
      params: { conference_id: 1, order: 'protocol', date_style: 'western' },
    });
    expect(await screen.findByText('受付名簿の出力を受け付けました。完了するとダウンロードできます。')).toBeInTheDocument();
  }, 30_000);

  it('出席者一覧: the people checked in, in the order they arrived (発生順)', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${MASTER}/conferences/1`, () => HttpResponse.json(detail())),
      http.post(EXPORT, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(job({ id: 13, type: 'attendees', status: 'queued' }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences, exports: exportsResource });

    await user.click(await screen.findByRole('button', { name: '名簿を出力' }));
    const dialog = await screen.findByRole('dialog', { name: '名簿を出力' });
    await user.click(within(dialog).getByRole('radio', { name: '出席者一覧' }));
    expect(within(dialog).getByRole('radio', { name: '発生順' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      type: 'attendees',
      format: 'xlsx',
      params: { conference_id: 1, order: 'time', date_style: 'western' },
    });
    expect(await screen.findByText('出席者一覧の出力を受け付けました。完了するとダウンロードできます。')).toBeInTheDocument();
  }, 30_000);

  it('会議一覧: a row offers the conference export without opening the conference', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${MASTER}/conferences`, () => list([detail()])),
      http.post(EXPORT, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(job({ id: 12, status: 'queued' }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences', { conferences, exports: exportsResource });

    await user.click(await screen.findByRole('button', { name: '「通常議員総会」の出欠一覧・受付名簿・出席者一覧を出力' }));
    const dialog = await screen.findByRole('dialog', { name: '名簿を出力' });
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { type: 'attendance', format: 'xlsx', params: { conference_id: 1, order: 'protocol', date_style: 'western' } },
      ]),
    );
    // still on the list: the row's own click did not fire
    expect(screen.queryByLabelText('会議名 *')).not.toBeInTheDocument();
  }, 30_000);

  it('shows the server refusal in Japanese next to the field it names, and keeps the dialog open', async () => {
    signIn();
    server.use(
      http.get(`${MASTER}/companies`, () => list([company])),
      http.post(EXPORT, () =>
        problem(400, {
          code: 'unsupported_order',
          detail: 'この出力内容では選択できない並び順です。',
          errors: [{ field: 'body.params.order', code: 'unsupported_order', message: 'one of code, kana' }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/companies', { companies, exports: exportsResource });

    await user.click(await screen.findByRole('button', { name: '出力' }));
    const dialog = await screen.findByRole('dialog', { name: '事業所一覧を出力' });
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));
    expect(await within(dialog).findByText('この出力内容では選択できない並び順です。')).toBeInTheDocument();
    // the field error: the server's message is English, so the generic Japanese field message
    expect(within(dialog).getByRole('radiogroup', { name: '並び順' })).toHaveAccessibleDescription(/入力内容/);
    expect(screen.getByRole('dialog', { name: '事業所一覧を出力' })).toBeInTheDocument();
  });
});

/** Serves the exports list through `respond` and records every query it was asked with. */
const serveExportList = (respond: (query: URLSearchParams) => Response) => {
  const queries: URLSearchParams[] = [];
  server.use(
    ...conferenceHandler(),
    http.get(EXPORT, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return respond(query);
    }),
  );
  return queries;
};

describe('exports page', () => {
  it('shows a running job with its progress, polls while it runs, and stops once it is done', async () => {
    signIn();
    polling.intervalMs = 100;
    let calls = 0;
    server.use(
      ...conferenceHandler(),
      http.get(EXPORT, () => {
        calls += 1;
        if (calls <= 2) {
          return list([
            job({
              status: 'running',
              progress_done: 1234,
              progress_total: 5000,
              file_key: null,
              file_name: null,
              expires_at: null,
              finished_at: null,
            }),
          ]);
        }
        return list([job()]);
      }),
    );
    renderAdmin('/exports', { exports: exportsResource, conferences });

    const bar = await screen.findByRole('progressbar', { name: '出欠一覧の進捗' });
    expect(bar).toHaveAttribute('aria-valuenow', String(Math.round((1234 / 5000) * 100)));
    expect(bar).toHaveAttribute('aria-valuetext', '1,234 / 5,000 行');
    expect(screen.getByText('1,234 / 5,000 行')).toBeInTheDocument();
    expect(screen.getByText('実行中')).toBeInTheDocument();
    expect(screen.getByText('実行中の出力があるため、2秒ごとに自動で更新しています。')).toBeInTheDocument();
    expect(await screen.findByText('通常議員総会')).toBeInTheDocument();
    expect(screen.getByText('XLSX')).toBeInTheDocument();
    expect(screen.getByText('席次順・和暦')).toBeInTheDocument();

    // the poll brings the finished job: no progress bar, the row count and the download
    expect(await screen.findByText('完了')).toBeInTheDocument();
    expect(screen.getByText('5,000 行')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: '出欠一覧の進捗' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '出欠一覧_通常議員総会.xlsx をダウンロード' })).toBeEnabled();
    expect(screen.queryByText('実行中の出力があるため、2秒ごとに自動で更新しています。')).not.toBeInTheDocument();

    // and no more requests: five intervals pass without a call
    const settled = calls;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls).toBe(settled);
  });

  it('asks for newest first and downloads through get_object_url with the job file key', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    const paths: Array<string | null> = [];
    const clicks: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    server.use(
      ...conferenceHandler(),
      http.get(EXPORT, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return list([job()]);
      }),
      http.get(GET_OBJECT_URL, ({ request }) => {
        paths.push(new URL(request.url).searchParams.get('path'));
        return HttpResponse.json({
          url: '/v1/storage/objects/TKY/exports/3/file.xlsx?exp=1900000000&sig=abc',
          file_name: '出欠一覧_通常議員総会.xlsx',
          expires_at: '2026-11-21T05:05:00.000Z',
        });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/exports', { exports: exportsResource, conferences });

    await user.click(await screen.findByRole('button', { name: '出欠一覧_通常議員総会.xlsx をダウンロード' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(paths).toEqual(['TKY/exports/3/出欠一覧_通常議員総会.xlsx']);
    expect(clicks[0]).toEqual({
      href: `${window.location.origin}/v1/storage/objects/TKY/exports/3/file.xlsx?exp=1900000000&sig=abc`,
      download: '出欠一覧_通常議員総会.xlsx',
    });
    expect(queries[0].get('sort')).toBe('-created_at');
    // created and kept until, with the Japanese weekday; by the signed-in user
    const row = screen.getByText('出欠一覧').closest('tr')!;
    expect(within(row).getByText('2026/11/21(土) 14:00')).toBeInTheDocument();
    expect(within(row).getByText('2026/11/28(土) 14:00まで')).toBeInTheDocument();
    expect(within(row).getByText('自分')).toBeInTheDocument();
  });

  it('a download refused because the file expired (410) is told in Japanese', async () => {
    signIn();
    server.use(
      ...conferenceHandler(),
      http.get(EXPORT, () => list([job()])),
      http.get(GET_OBJECT_URL, () =>
        problem(410, {
          code: 'export_expired',
          detail: 'このファイルは保存期間を過ぎたため削除されました。もう一度出力してください。',
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/exports', { exports: exportsResource, conferences });
    await user.click(await screen.findByRole('button', { name: '出欠一覧_通常議員総会.xlsx をダウンロード' }));
    expect(
      await screen.findByText('このファイルは保存期間を過ぎたため削除されました。もう一度出力してください。'),
    ).toBeInTheDocument();
  });

  it('shows why a job failed, the Shift_JIS replacements, and expired files without a download', async () => {
    signIn();
    server.use(
      ...conferenceHandler(),
      http.get(EXPORT, () =>
        list([
          job({
            id: 5,
            type: 'companies',
            format: 'csv_sjis',
            params: { order: 'code', date_style: 'western' },
            status: 'failed',
            error: '会議が見つかりません（削除された可能性があります）。',
            file_key: null,
            file_name: null,
            progress_done: 0,
            progress_total: null,
            expires_at: null,
          }),
          job({
            id: 4,
            type: 'members',
            format: 'csv_sjis',
            params: { order: 'kana', date_style: 'western', as_of: '2026-04-01' },
            replaced_char_count: 3,
            file_key: 'TKY/exports/4/会員一覧.csv',
            file_name: '会員一覧.csv',
            created_by: 'tky-staff',
          }),
          job({ id: 2, expired: true, file_key: null, file_name: null }),
        ]),
      ),
    );
    renderAdmin('/exports', { exports: exportsResource, conferences });

    expect(await screen.findByText('失敗の理由: 会議が見つかりません（削除された可能性があります）。')).toBeInTheDocument();
    const failed = screen.getByText('事業所一覧').closest('tr')!;
    expect(within(failed).getByText('失敗')).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: /ダウンロード/ })).not.toBeInTheDocument();

    const membersRow = screen.getByText('会員一覧').closest('tr')!;
    expect(within(membersRow).getByText('Shift_JIS で表せない 3 文字を「〓」に置き換えました。')).toBeInTheDocument();
    expect(within(membersRow).getByText('基準日：2026/04/01(水)')).toBeInTheDocument();
    // another staff member's jobs show their name (the chamber's users, loaded once)
    expect(await within(membersRow).findByText('会議 花子')).toBeInTheDocument();
    expect(within(membersRow).getByRole('button', { name: '会員一覧.csv をダウンロード' })).toBeInTheDocument();

    const expiredRow = screen.getAllByText('出欠一覧')[0].closest('tr')!;
    expect(within(expiredRow).getByText('期限切れ')).toBeInTheDocument();
    expect(within(expiredRow).queryByRole('button', { name: /ダウンロード/ })).not.toBeInTheDocument();
  });

  it('a job put back in the queue after a failed attempt says it waits to be retried, and why', async () => {
    signIn();
    server.use(
      ...conferenceHandler(),
      http.get(EXPORT, () =>
        list([
          job({
            id: 7,
            type: 'companies',
            params: { order: 'code', date_style: 'western' },
            status: 'queued',
            // what the worker stores on the row before pg-boss retries (server/jobs/export-run.ts RETRY_REASON)
            error: 'ファイルの作成中にエラーが発生しました。自動的に再試行します。',
            progress_done: 0,
            progress_total: null,
            file_key: null,
            file_name: null,
            started_at: '2026-11-21T05:00:01.000Z',
            finished_at: null,
            expires_at: null,
          }),
          job({
            id: 6,
            type: 'members',
            params: { order: 'kana', date_style: 'western', as_of: '2026-04-01' },
            status: 'queued',
            progress_done: 0,
            progress_total: null,
            file_key: null,
            file_name: null,
            started_at: null,
            finished_at: null,
            expires_at: null,
          }),
        ]),
      ),
    );
    renderAdmin('/exports', { exports: exportsResource, conferences });

    const retried = (await screen.findByText('事業所一覧')).closest('tr')!;
    expect(within(retried).getByText('再実行待ち')).toBeInTheDocument();
    expect(within(retried).getByText('前回の処理が中断されたため、再実行を待っています。')).toBeInTheDocument();
    expect(
      within(retried).getByText('中断の理由: ファイルの作成中にエラーが発生しました。自動的に再試行します。'),
    ).toBeInTheDocument();
    expect(within(retried).queryByText('開始を待っています…')).not.toBeInTheDocument();
    expect(within(retried).queryByText('待機中')).not.toBeInTheDocument();

    // a job that has not been tried yet still just waits to start
    const fresh = screen.getByText('会員一覧').closest('tr')!;
    expect(within(fresh).getByText('待機中')).toBeInTheDocument();
    expect(within(fresh).getByText('開始を待っています…')).toBeInTheDocument();
    expect(within(fresh).queryByText(/再実行/)).not.toBeInTheDocument();
  });

  it('filters by 作成者: any of the chamber staff, with 自分の出力のみ as the shortcut for oneself', async () => {
    signIn();
    const queries = serveExportList((query) => list([job({ created_by: query.get('created_by') ?? 'tky-admin' })]));
    const user = userEvent.setup();
    renderAdmin('/exports', { exports: exportsResource, conferences });
    await screen.findByText('出欠一覧');
    const mine = screen.getByRole('switch', { name: '自分の出力のみ' });

    // a colleague, by name
    await user.click(screen.getByRole('combobox', { name: '作成者' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['すべての作成者', '東京 太郎（自分）', '会議 花子']);
    await user.click(screen.getByRole('option', { name: '会議 花子' }));
    await waitFor(() => expect(queries.at(-1)?.get('created_by')).toBe('tky-staff'));
    expect(mine).not.toBeChecked();
    expect(await within(screen.getByText('出欠一覧').closest('tr')!).findByText('会議 花子')).toBeInTheDocument();

    // the shortcut switches to oneself, and 作成者 follows
    await user.click(mine);
    await waitFor(() => expect(queries.at(-1)?.get('created_by')).toBe('tky-admin'));
    expect(mine).toBeChecked();
    expect(screen.getByRole('combobox', { name: '作成者' })).toHaveTextContent('東京 太郎（自分）');

    // unticking it shows everyone's again
    await user.click(mine);
    await waitFor(() => expect(queries.at(-1)?.has('created_by')).toBe(false));
    expect(screen.getByRole('combobox', { name: '作成者' })).not.toHaveTextContent('東京 太郎');
  });

  it('filters by status and by 自分の出力のみ (created_by = the signed-in username)', async () => {
    signIn();
    const queries = serveExportList((query) => (query.get('status') === 'failed' ? list([]) : list([job()])));
    const user = userEvent.setup();
    renderAdmin('/exports', { exports: exportsResource, conferences });
    await screen.findByText('出欠一覧');

    await user.click(screen.getByRole('switch', { name: '自分の出力のみ' }));
    await waitFor(() => expect(queries.at(-1)?.get('created_by')).toBe('tky-admin'));

    await user.click(screen.getByRole('combobox', { name: '状態' }));
    await user.click(await screen.findByRole('option', { name: '失敗' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('failed'));
    expect(queries.at(-1)?.get('created_by')).toBe('tky-admin');
    expect(await screen.findByText('条件に一致する出力はありません')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '絞り込み条件をクリア' }));
    await waitFor(() => expect(queries.at(-1)?.has('created_by')).toBe(false));
    expect(queries.at(-1)?.has('status')).toBe(false);
    expect(await screen.findByText('出欠一覧')).toBeInTheDocument();
  });

  it('says in Japanese that nothing was exported yet, and where exports are made', async () => {
    signIn('CCI_CONFERENCE_USER');
    server.use(
      http.get(EXPORT, () => list([])),
      ...conferenceHandler(),
    );
    renderAdmin('/exports', { exports: exportsResource });
    expect(await screen.findByText('出力したファイルはまだありません')).toBeInTheDocument();
    expect(
      screen.getByText('「新規出力」、事業所・会員の一覧の「出力」、会議の画面の「名簿を出力」から、ファイルを作成できます。'),
    ).toBeInTheDocument();
    // the menu leads here
    expect(screen.getByRole('menuitem', { name: 'ファイル出力' })).toHaveAttribute('href', '/exports');
  });
});
