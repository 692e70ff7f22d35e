/**
 * 取込 (issue 17) against MSW, the new import: the file checked in the browser (type, 20 MB) with
 * no request made; the upload with purpose "import" and the dry run started with the chosen kind
 * and skip_invalid; its page showing the progress, then the counts, the errors (行, 列, 理由), the
 * warnings and the first rows as read, with the error file's download.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, vi } from 'vitest';
import { server } from '../test/server';
import { renderAdmin } from '../common/testing/renderAdmin';
import imports from '.';
import { polling } from './types';
import { GET_URL, IMPORT, KEY, PUT_URL, STORAGE, job, jobSequence, list, running, signIn } from './test/fixtures';

afterEach(() => {
  polling.intervalMs = 2_000;
  vi.restoreAllMocks();
});

const csv = (name: string, bytes = 1200) => new File([new Uint8Array(bytes).fill(65)], name, { type: 'text/csv' });

const uploadApi = () => {
  const asked: Array<Record<string, unknown>> = [];
  const stored: number[] = [];
  const started: Array<Record<string, unknown>> = [];
  server.use(
    http.get(IMPORT, () => list([])),
    http.post(PUT_URL, async ({ request }) => {
      asked.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({
        url: `/v1/storage/objects/${encodeURI(KEY)}?exp=9999999999&sig=abc`,
        method: 'PUT',
        headers: { 'content-type': 'text/csv' },
        key: KEY,
        expires_at: '2099-01-01T00:00:00.000Z',
      });
    }),
    http.put(STORAGE, async ({ request }) => {
      stored.push((await request.arrayBuffer()).byteLength);
      return new HttpResponse(null, { status: 200 });
    }),
    http.post(IMPORT, async ({ request }) => {
      started.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(running({ status: 'queued', progress_done: 0, progress_total: null }), { status: 202 });
    }),
  );
  return { asked, stored, started };
};

describe('取込: a new import', () => {
  it('refuses a file that is not XLSX or CSV, or over 20 MB, in Japanese and asks nothing of the server', async () => {
    signIn();
    const { asked, started } = uploadApi();
    const user = userEvent.setup({ applyAccept: false });
    renderAdmin('/imports', { imports });
    const input = await screen.findByTestId('import-input');

    await user.upload(input, new File(['%PDF'], '会員名簿.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '「会員名簿.pdf」は取り込めません。Excel（.xlsx）または CSV（.csv）のファイルを選んでください。',
    );

    const big = csv('事業所.csv', 10);
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(
      await screen.findByText('「事業所.csv」は 20 MB を超えています。20 MB 以下に分けて取り込んでください。'),
    ).toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(started).toEqual([]);
  }, 30_000);

  it('uploads with purpose "import", starts a dry run, shows its progress and then what it found', async () => {
    signIn();
    polling.intervalMs = 50;
    const { asked, stored, started } = uploadApi();
    jobSequence(5, [running({ status: 'queued', progress_done: 0, progress_total: null }), running(), running(), job()]);
    const clicked: Array<{ href: string; download: string }> = [];
    const paths: string[] = [];
    server.use(
      http.get(GET_URL, ({ request }) => {
        paths.push(new URL(request.url).searchParams.get('path') ?? '');
        return HttpResponse.json({
          url: '/v1/storage/objects/x?sig=s',
          file_name: 'x.xlsx',
          expires_at: '2099-01-01T00:00:00.000Z',
        });
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    renderAdmin('/imports', { imports });

    await user.click(await screen.findByRole('radio', { name: '会員' }));
    await user.click(screen.getByRole('checkbox', { name: 'エラー行を除いて取り込む' }));
    await user.upload(screen.getByTestId('import-input'), csv('会員_2026.csv'));

    await waitFor(() => expect(started).toHaveLength(1));
    expect(asked).toEqual([{ file_name: '会員_2026.csv', content_type: 'text/csv', size: 1200, purpose: 'import' }]);
    expect(stored).toEqual([1200]);
    expect(started[0]).toEqual({ type: 'members', key: KEY, dry_run: true, skip_invalid: true });

    // the import's page: its progress while it runs
    const bar = await screen.findByRole('progressbar', { name: '事業所のドライランの進捗' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '12 / 30 行'));
    expect(screen.getByRole('button', { name: '取込実行' })).toBeDisabled();

    // then its result
    expect(
      await screen.findByText('確認が終わりました。2 行にエラーがあります。まだ何も登録されていません。'),
    ).toBeInTheDocument();
    const counts = screen.getByRole('region', { name: /件数/ });
    expect(within(counts).getByText('新規').nextSibling).toHaveTextContent('25');
    expect(within(counts).getByText('更新').nextSibling).toHaveTextContent('3');
    expect(within(counts).getByText('変更なし').nextSibling).toHaveTextContent('0');
    expect(within(counts).getByText('エラー').nextSibling).toHaveTextContent('2');

    const errors = within(screen.getByRole('region', { name: 'エラーの表（横にスクロールできます）' })).getByRole('table');
    const errorRows = within(errors)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(errorRows).toEqual([
      ['行', '列', '理由'],
      ['7', 'メールアドレス', 'メールアドレスの形式が正しくありません'],
      ['19', '郵便番号', '郵便番号は7桁の数字で入力してください'],
    ]);
    expect(screen.getByText('列「備考」は取り込まれません（不明な列）。')).toBeInTheDocument();

    const preview = screen.getByRole('region', { name: '読み込んだ内容の表（横にスクロールできます）' });
    expect(preview).toHaveAttribute('tabindex', '0');
    const previewRows = within(preview)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(previewRows).toEqual([
      ['行', '結果', '事業所コード', '事業所名', '郵便番号', '備考'],
      ['2', '新規', 'C0001', '株式会社あおば商事', '100-0001', ''],
      ['3', 'エラー', 'C0002', '有限会社さくら製作所', '', 'x'],
    ]);

    await user.click(screen.getByRole('button', { name: 'エラーファイルをダウンロード' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(paths).toEqual(['TKY/import/5b0c3f7e/事業所_2026_エラー.xlsx']);
    expect(clicked[0].download).toBe('事業所_2026_エラー.xlsx');
  }, 30_000);

  it('says in Japanese why the server refused to start the import', async () => {
    signIn();
    uploadApi();
    server.use(
      http.post(IMPORT, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Error',
            status: 422,
            code: 'import_file_not_found',
            detail: 'アップロードされたファイルが見つかりません。',
            errors: [],
          },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/imports', { imports });
    await user.upload(await screen.findByTestId('import-input'), csv('事業所.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '「事業所.csv」を取り込めませんでした。アップロードされたファイルが見つかりません。',
    );
  }, 30_000);
});
