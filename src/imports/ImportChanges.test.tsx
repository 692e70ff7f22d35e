/**
 * The change list (issue 33) against MSW: every row the dry run would change, before → after per
 * column in the sheet's Japanese headers, a page at a time beyond the preview's first 20 rows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { renderAdmin } from '../common/testing/renderAdmin';
import imports from '.';
import { IMPORT, job, jobSequence, signIn } from './test/fixtures';

/** 28 rows that change: 3 updated, then 25 new, as the server lists them */
const ALL = [
  {
    row: 2,
    result: 'updated',
    changes: [
      { column: '事業所名', before: '丸一商事', after: '丸一商事株式会社' },
      { column: 'フリガナ', before: 'マルイチ', after: 'マルイチショウジ' },
    ],
  },
  { row: 3, result: 'updated', changes: [{ column: '電話番号', before: null, after: '03-3333-4444' }] },
  { row: 4, result: 'updated', changes: [{ column: '住所', before: '浜松市', after: null }] },
  ...Array.from({ length: 25 }, (_, i) => ({
    row: 5 + i,
    result: 'created',
    changes: [{ column: '事業所名', before: null, after: `新規商店${i}` }],
  })),
];

describe('取込: the change list', () => {
  it('shows each changed row’s columns before → after, and pages through all of them', async () => {
    signIn();
    jobSequence(5, [job()]);
    const pages: string[] = [];
    server.use(
      http.get(`${IMPORT}/5/changes`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        const page = Number(query.get('page'));
        const size = Number(query.get('page_size'));
        pages.push(`${page}/${size}`);
        return HttpResponse.json({
          data: ALL.slice((page - 1) * size, page * size),
          meta: { page, page_size: size, total: ALL.length },
        });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/imports/5/show', { imports });

    const region = await screen.findByRole('region', { name: '変更される行の表（横にスクロールできます）' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { name: '変更される行（28 行）' })).toBeInTheDocument();
    const first = within(region).getByTestId('change-2');
    expect(
      within(first)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['2更新事業所名丸一商事丸一商事株式会社', 'フリガナマルイチマルイチショウジ']);
    // an empty cell before or after says so
    expect(within(region).getByTestId('change-3')).toHaveTextContent('電話番号（空欄）03-3333-4444');
    expect(within(region).getByTestId('change-4')).toHaveTextContent('住所浜松市（空欄）');
    expect(within(region).queryByTestId('change-24')).not.toBeInTheDocument();
    expect(screen.getByText('1–20 行目（全 28 行）')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /次のページ|next page/i }));
    expect(await within(region).findByTestId('change-24')).toHaveTextContent('24新規事業所名（空欄）新規商店19');
    expect(within(region).getByTestId('change-29')).toBeInTheDocument();
    expect(screen.getByText('21–28 行目（全 28 行）')).toBeInTheDocument();
    await waitFor(() => expect(pages).toEqual(['1/20', '2/20']));
  }, 30_000);

  it('narrows to 更新 or 新規 and finds a row by a value before or after, from the first page', async () => {
    signIn();
    jobSequence(5, [job()]);
    const asked: string[] = [];
    server.use(
      http.get(`${IMPORT}/5/changes`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query.toString());
        const keyword = query.get('keyword');
        const rows = ALL.filter(
          (r) =>
            (!query.get('result') || r.result === query.get('result')) &&
            (!keyword || r.changes.some((c) => `${c.before ?? ''} ${c.after ?? ''}`.includes(keyword))),
        );
        const page = Number(query.get('page'));
        const size = Number(query.get('page_size'));
        return HttpResponse.json({
          data: rows.slice((page - 1) * size, page * size),
          meta: { page, page_size: size, total: rows.length },
        });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/imports/5/show', { imports });

    const region = await screen.findByRole('region', { name: '変更される行の表（横にスクロールできます）' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: /次のページ|next page/i }));
    await within(region).findByTestId('change-24');

    await user.click(screen.getByRole('button', { name: '更新（3）' }));
    await waitFor(() => expect(within(region).queryByTestId('change-24')).not.toBeInTheDocument());
    expect(
      within(region)
        .getAllByRole('rowgroup')
        .map((g) => g.dataset.testid)
        .filter(Boolean),
    ).toEqual(['change-2', 'change-3', 'change-4']);
    expect(screen.getByText('1–3 行目（全 3 行）')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('page=1&page_size=20&result=updated');
    // the heading still counts every change
    expect(screen.getByRole('heading', { name: '変更される行（28 行）' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'すべて（28）' }));
    await user.type(screen.getByRole('searchbox', { name: '値で探す' }), '浜松');
    await waitFor(() => expect(asked.at(-1)).toBe(`page=1&page_size=20&keyword=${encodeURIComponent('浜松')}`));
    await waitFor(() =>
      expect(
        within(region)
          .getAllByRole('rowgroup')
          .map((g) => g.dataset.testid)
          .filter(Boolean),
      ).toEqual(['change-4']),
    );

    await user.clear(screen.getByRole('searchbox', { name: '値で探す' }));
    await user.type(screen.getByRole('searchbox', { name: '値で探す' }), '該当なし');
    expect(await screen.findByText('条件に合う行はありません。')).toBeInTheDocument();
  }, 30_000);
});
