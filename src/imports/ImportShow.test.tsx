/**
 * 取込 (issue 17) against MSW, one import's page: 取込実行 stays disabled until the dry run has
 * succeeded; its dialog says what will be written and, with failing rows and no skip_invalid, that
 * nothing will be; confirming applies it and opens the new job, whose progress and final counts
 * show. A file that failed as a whole shows the server's Japanese reason.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach } from 'vitest';
import { server } from '../test/server';
import { renderAdmin } from '../common/testing/renderAdmin';
import imports from '.';
import { polling } from './types';
import { IMPORT, job, jobSequence, running, signIn } from './test/fixtures';

afterEach(() => {
  polling.intervalMs = 2_000;
});

describe('取込: one import', () => {
  it('取込実行 is disabled until the dry run succeeded; the dialog warns that nothing is written; applying opens the new job', async () => {
    signIn();
    polling.intervalMs = 50;
    jobSequence(5, [running(), running(), job()]);
    const applied: number[] = [];
    server.use(
      http.post(`${IMPORT}/5/apply`, () => {
        applied.push(5);
        return HttpResponse.json(running({ id: 6, dry_run: false, applied_from: 5, progress_done: 0, progress_total: null }), {
          status: 202,
        });
      }),
    );
    jobSequence(6, [
      running({ id: 6, dry_run: false, applied_from: 5, progress_done: 10, progress_total: 30 }),
      job({ id: 6, dry_run: false, applied_from: 5, counts: { rows: 30, created: 0, updated: 0, unchanged: 0, failed: 2 } }),
    ]);
    const user = userEvent.setup();
    renderAdmin('/imports/5/show', { imports });

    // the page loads lazily: on a loaded machine that takes longer than findBy's default second
    const apply = await screen.findByRole('button', { name: '取込実行' }, { timeout: 20_000 });
    expect(apply).toBeDisabled();
    expect(apply).toHaveAccessibleDescription('内容の確認（ドライラン）が完了してから実行できます。');
    await waitFor(() => expect(screen.getByRole('button', { name: '取込実行' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: '取込実行' }));
    const dialog = await screen.findByRole('dialog', { name: '事業所を取り込みますか？' });
    expect(dialog).toHaveTextContent(
      '「事業所_2026.csv」の内容で、新規 25 件を登録し、3 件を更新します（変更なし 0 件）。削除されるものはありません。',
    );
    expect(dialog).toHaveTextContent('エラーが 2 行あるため、このまま実行しても何も登録されません。');
    await user.click(within(dialog).getByRole('button', { name: '取り込む' }));

    await waitFor(() => expect(applied).toEqual([5]));
    expect(await screen.findByRole('heading', { name: '事業所の取込' })).toBeInTheDocument();
    expect(
      await screen.findByText('エラーがあったため、何も登録しませんでした。エラーを直して、もう一度取り込んでください。'),
    ).toBeInTheDocument();
    // an applied job has no 取込実行 of its own, and leads back to its dry run
    expect(screen.queryByRole('button', { name: '取込実行' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'このドライランを確認する' })).toHaveAttribute('href', '/imports/5/show');
  }, 30_000);

  it('with skip_invalid the dialog says the failing rows are left out, and the result counts what was written', async () => {
    signIn();
    jobSequence(5, [job({ skip_invalid: true })]);
    server.use(http.post(`${IMPORT}/5/apply`, () => HttpResponse.json(running({ id: 7, dry_run: false }), { status: 202 })));
    jobSequence(7, [job({ id: 7, dry_run: false, skip_invalid: true, preview: null })]);
    const user = userEvent.setup();
    renderAdmin('/imports/5/show', { imports });

    await user.click(await screen.findByRole('button', { name: '取込実行' }));
    const dialog = await screen.findByRole('dialog', { name: '事業所を取り込みますか？' });
    expect(dialog).toHaveTextContent('エラーの 2 行は取り込まれません。');
    await user.click(within(dialog).getByRole('button', { name: '取り込む' }));
    expect(await screen.findByText('取り込みました。エラーの 2 行は登録していません。')).toBeInTheDocument();
    const counts = screen.getByRole('region', { name: /件数/ });
    expect(within(counts).getByText('新規').nextSibling).toHaveTextContent('25');
  }, 30_000);

  it('a file that failed as a whole shows why, and cannot be applied', async () => {
    signIn();
    jobSequence(8, [
      job({
        id: 8,
        status: 'failed',
        counts: null,
        error: '必須の列「事業所コード」がありません。',
        error_code: 'import_missing_column',
        errors: null,
        error_file_key: null,
        preview: null,
        warnings: [],
      }),
    ]);
    renderAdmin('/imports/8/show', { imports });
    expect(await screen.findByText('ファイルを取り込めませんでした。必須の列「事業所コード」がありません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取込実行' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'エラーファイルをダウンロード' })).not.toBeInTheDocument();
  }, 30_000);
});
