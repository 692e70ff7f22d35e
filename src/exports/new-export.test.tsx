/**
 * 新規出力 on ファイル出力 (issue 18 item 5): the page starts the exports that need no conference with
 * the same dialog, and points to the conference screens for the others.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import exportsResource from '.';
import { todayInTokyo } from './ExportDialog';
import type { ExportJob } from './types';

const EXPORT = '*/v1/cci/TKY/export';
const list = (rows: unknown[]) => HttpResponse.json({ data: rows, meta: { page: 1, page_size: 25, total: rows.length } });

const queued = (body: { type: ExportJob['type']; format: ExportJob['format'] }): ExportJob => ({
  id: 21,
  cci_code: 'TKY',
  created_by: 'tky-staff',
  type: body.type,
  format: body.format,
  params: { order: 'protocol', date_style: 'western', as_of: todayInTokyo() },
  status: 'queued',
  error: null,
  progress_done: 0,
  progress_total: null,
  replaced_char_count: null,
  replacements: null,
  file_key: null,
  file_name: null,
  created_at: '2026-11-21T05:00:00.000Z',
  started_at: null,
  finished_at: null,
  expires_at: null,
  expired: false,
});

// the first render of the lazy page and dialog in this file compiles them: slow on a loaded machine
it(
  '新規出力 opens the export dialog for 事業所一覧, 会員一覧 and 役職一覧, and the new job appears on the page',
  { timeout: 45_000 },
  async () => {
    amplify.signInAs('CCI_CONFERENCE_USER');
    const jobs: ExportJob[] = [];
    const bodies: unknown[] = [];
    server.use(
      cciUserInfoOk({ ...cciUser, user_type: 'CCI_CONFERENCE_USER' }),
      http.get('*/v1/cci/admin/master/users', () => list([])),
      http.get(EXPORT, () => list(jobs)),
      http.post(EXPORT, async ({ request }) => {
        const body = (await request.json()) as Parameters<typeof queued>[0];
        bodies.push(body);
        jobs.unshift(queued(body));
        return HttpResponse.json(jobs[0], { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/exports', { exports: exportsResource });

    // nothing exported yet: the page still offers the start, and says where a conference's lists start
    expect(await screen.findByText('出力したファイルはまだありません', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText(/会議の出欠一覧・受付名簿・出席者一覧は会議の画面の「名簿を出力」から/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '会議一覧を開く' })).toHaveAttribute('href', '/conferences');

    // the button waits for the permission check (canAccess), which may answer after the list
    await user.click(await screen.findByRole('button', { name: '新規出力' }));
    const dialog = await screen.findByRole('dialog', { name: '名簿を出力' });
    const kinds = within(dialog).getByRole('radiogroup', { name: '出力内容' });
    expect(
      within(kinds)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['事業所一覧', '会員一覧', '役職一覧']);
    await user.click(within(kinds).getByRole('radio', { name: '会員一覧' }));
    expect(within(dialog).getByLabelText(/基準日/)).toHaveValue(todayInTokyo());
    await user.click(within(dialog).getByRole('radio', { name: 'CSV UTF-8（BOM付き、Excel向け）' }));
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      type: 'members',
      format: 'csv_utf8',
      // 事業所コード順 (事業所一覧's default) is kept: 会員一覧 offers it too
      params: { order: 'code', date_style: 'western', as_of: todayInTokyo() },
    });
    // the list reloads with the new job
    const row = (await screen.findByText('会員一覧')).closest('tr')!;
    expect(within(row).getByText('待機中')).toBeInTheDocument();
  },
);
