/**
 * Issue 11 "Nothing a user typed is lost" on the positions' 「まとめて編集」 dialog, through the
 * whole app (MSW + the Amplify double): saving after the session ended (no token, no refresh)
 * shows no success, goes to /login?prev=/positions and keeps the selected positions and the typed
 * rank as a draft; after sign-in the rows are selected again and the dialog is open with the rank
 * and a notice; the save then succeeds and the draft is gone.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { currentUrl, renderApp } from '../test/renderApp';
import { signIn } from '../conferences/test/fixtures';
import { BUKAICHO, KAITO } from './test/fixtures';

/** A whole-app journey: generous waits for a busy machine. */
const WAIT = { timeout: 10_000 };
const BASE = '*/v1/cci/admin/master/positions';
const DRAFT_KEY = 'kaigi.draft:/positions';
const draftKeys = () => Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i));

const list = (rows: unknown[]) => HttpResponse.json({ data: rows, meta: { page: 1, page_size: 25, total: rows.length } });

/** The positions API; the bulk PUT without a token is a 401 (the API's answer to a lost session). */
const positionsApi = (bodies: unknown[]) => [
  http.get('*/v1/cci/TKY/master/cci_position_type', () => list([])),
  http.get(BASE, () => list([KAITO, BUKAICHO])),
  http.get(`${BASE}/:id`, ({ params }) => HttpResponse.json(params.id === '101' ? BUKAICHO : KAITO)),
  http.put(`${BASE}/update_positions`, async ({ request }) => {
    if (!request.headers.get('Authorization')) {
      return HttpResponse.json({ status: 401, code: 'unauthorized', detail: '認証が必要です。' }, { status: 401 });
    }
    bodies.push(await request.json());
    return HttpResponse.json({ items: [] });
  }),
];

const bulkDialog = () => screen.findByRole('dialog', { name: '選択した役職をまとめて編集' }, WAIT);
const hanakoRank = (dialog: HTMLElement) => within(dialog).findByLabelText(/序列（.*佐藤 花子/, {}, WAIT);

describe('「まとめて編集」 when the session ends (issue 11)', () => {
  it('save → no success, /login?prev=/positions, the typed rank kept; after sign-in the dialog has it with a notice, and saves', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(...positionsApi(bodies));
    const user = userEvent.setup();
    renderApp('/positions');

    await screen.findByText('佐藤 花子', {}, WAIT);
    await user.click(screen.getAllByRole('checkbox', { name: /すべて選択|全て選択|select all/i })[0]);
    await user.click(await screen.findByRole('button', { name: 'まとめて編集' }, WAIT));
    let dialog = await bulkDialog();
    const rank = await hanakoRank(dialog);
    await user.clear(rank);
    await user.type(rank, '2');

    amplify.signOutNow(); // tokens gone: neither the request nor the refresh has one
    await user.click(within(dialog).getByRole('button', { name: 'まとめて保存' }));

    await waitFor(() => expect(currentUrl()).toBe('/login?prev=%2Fpositions'), WAIT);
    expect(bodies).toHaveLength(0);
    expect(screen.queryByText(/件の役職を保存しました/)).not.toBeInTheDocument();
    expect(draftKeys()).toEqual([DRAFT_KEY]);
    // the positions and what was typed, nothing else (no token, no e-mail address)
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toEqual({
      owner: 'tky-admin',
      values: { ids: [100, 101], rows: { '101': { rank: '2' } }, all_end_at: '' },
    });

    amplify.acceptPasswordFor('CCI_ADMIN');
    await user.type(await screen.findByLabelText('メールアドレス', {}, WAIT), 'cci_admin@example.jp');
    await user.type(screen.getByLabelText('パスワード'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    await waitFor(() => expect(currentUrl()).toBe('/positions'), WAIT);
    dialog = await bulkDialog();
    await waitFor(async () => expect(await hanakoRank(dialog)).toHaveValue('2'), WAIT);
    expect(within(dialog).getByTestId('draft-restored')).toHaveTextContent('保存されていない入力内容を復元しました。');
    expect(within(dialog).getByLabelText(/序列（.*山田 太郎/)).toHaveValue('1');

    await user.click(within(dialog).getByRole('button', { name: 'まとめて保存' }));
    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0]).toEqual({ items: [{ action: 'update', id: 101, version: 4, rank: 2 }] });
    expect(await screen.findByText('1件の役職を保存しました。', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(draftKeys()).toEqual([]); // saved: the draft is gone
  }, 60_000);
});

describe('a kept 「まとめて編集」 draft', () => {
  it('reopens the dialog on /positions for its rows; キャンセル gives it up', async () => {
    signIn();
    server.use(...positionsApi([]));
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ owner: 'tky-admin', values: { ids: [101], rows: { '101': { rank: '5' } }, all_end_at: '' } }),
    );
    const user = userEvent.setup();
    renderApp('/positions');

    const dialog = await bulkDialog();
    await waitFor(async () => expect(await hanakoRank(dialog)).toHaveValue('5'), WAIT);
    expect(within(dialog).queryByLabelText(/序列（.*山田 太郎/)).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('draft-restored')).toBeInTheDocument();
    // the row is selected again in the list (behind the modal dialog, hence `hidden`)
    const listRow = (name: string) => screen.getByText(name, { selector: 'span' }).closest('tr')!;
    expect(within(listRow('佐藤 花子')).getByRole('checkbox', { hidden: true })).toBeChecked();
    expect(within(listRow('山田 太郎')).getByRole('checkbox', { hidden: true })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(draftKeys()).toEqual([]);
  }, 60_000);
});
