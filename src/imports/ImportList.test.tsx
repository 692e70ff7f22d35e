/**
 * 取込 (issue 17) against MSW, the history: every import with its kind, ドライラン or 取込, status,
 * counts, who and when; the filters sent to GET …/import; a row opening its import; the empty
 * page; and the menu entry only for CCI_ADMIN.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '../test/server';
import { renderAdmin } from '../common/testing/renderAdmin';
import imports from '.';
import companies from '../companies';
import { IMPORT, job, jobSequence, list, running, signIn } from './test/fixtures';

describe('取込: the history', () => {
  it('lists each import with kind, mode, status, counts, who and when; filters by type; a row opens it', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(IMPORT, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return list([running({ id: 6, type: 'members', dry_run: false, created_by: 'tky-staff' }), job({ id: 5 })]);
      }),
    );
    jobSequence(5, [job({ id: 5 })]);
    const user = userEvent.setup();
    renderAdmin('/imports', { imports });

    // the loading placeholder is a table too: wait for the two imports
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('会員');
    expect(rows[1]).toHaveTextContent('取込');
    expect(rows[1]).toHaveTextContent('実行中');
    expect(within(rows[1]).getByRole('progressbar', { name: '会員の取込の進捗' })).toHaveAttribute(
      'aria-valuetext',
      '12 / 30 行',
    );
    await waitFor(() => expect(rows[1]).toHaveTextContent('会議 花子'));
    expect(rows[2]).toHaveTextContent('事業所');
    expect(rows[2]).toHaveTextContent('ドライラン');
    expect(rows[2]).toHaveTextContent('完了');
    expect(rows[2]).toHaveTextContent('新規 25・更新 3・変更なし 0・エラー 2');
    expect(rows[2]).toHaveTextContent('2026/11/21(土) 14:00');
    expect(rows[2]).toHaveTextContent('自分');
    expect(queries[0].get('sort')).toBe('-created_at');

    await user.click(screen.getByRole('combobox', { name: '種類' }));
    await user.click(await screen.findByRole('option', { name: '役職' }));
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('positions'));

    await user.click(within(rows[2]).getByText('新規 25・更新 3・変更なし 0・エラー 2'));
    expect(await screen.findByRole('heading', { name: '事業所のドライラン' })).toBeInTheDocument();
  }, 30_000);

  it('an empty history says how to start', async () => {
    signIn();
    server.use(http.get(IMPORT, () => list([])));
    renderAdmin('/imports', { imports });
    expect(await screen.findByText('取込はまだありません')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ファイルを選択' })).toBeEnabled();
  }, 30_000);

  it('the menu offers 取込 to CCI_ADMIN only', async () => {
    signIn('CCI_CONFERENCE_USER');
    server.use(http.get('*/v1/cci/admin/master/companies', () => list([])));
    const { unmount } = renderAdmin('/companies', { companies, imports });
    expect(await screen.findByRole('menuitem', { name: /事業所/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /取込/ })).not.toBeInTheDocument();
    unmount();

    signIn('CCI_ADMIN');
    server.use(http.get(IMPORT, () => list([])));
    renderAdmin('/companies', { companies, imports });
    expect(await screen.findByRole('menuitem', { name: /取込/ })).toHaveAttribute('href', '/imports');
  }, 30_000);
});
