/**
 * Issue 11 "Nothing a user typed is lost" on the 招待者 tab's invite dialogs (会員を選んで招待, 役職で招待), through the whole app
 * (MSW + the Amplify double): inviting after the session ended (no token, no refresh) shows no
 * result, goes to /login?prev=… and keeps what was picked as a draft; after sign-in, back on the
 * tab, the dialog is open again with it and a notice; the invite then succeeds and the draft is gone.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { currentUrl, renderApp } from '../../test/renderApp';
import { API, detail, invitee, list, signIn } from '../test/fixtures';

/** A whole-app journey: generous waits for a busy machine. */
const WAIT = { timeout: 10_000 };
const ROUTE = '/conferences/1/invitees';
const DRAFT_KEY = `kaigi.draft:${ROUTE}`;
const draftKeys = () => Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i));

/** Conference 1 and its invitees; the invite POST without a token is a 401 (a lost session). */
const invitesApi = (posted: unknown[]) => [
  http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
  http.get(`${API}/conference_members`, () =>
    list([invitee({ id: 11, sort: 1, member_id: 501, company_id: 10, name: '山田 太郎' })], 1, 1, 1000),
  ),
  http.get('*/v1/cci/TKY/master/cci_position_type', () =>
    list([{ id: 1, master_type_code: 'cci_position_type', master_code: 'CCI_OFFICER', name: '役員', sort_order: 1 }]),
  ),
  http.get(`${API}/positions`, () => list([{ id: 1, department_name: '商業部会' }])),
  http.get(`${API}/members`, () =>
    list([
      { id: 601, name: '伊藤 六郎', company_code: 'C014', company: { id: 14, company_code: 'C014', name1: '浅草物産' } },
      { id: 602, name: '渡辺 七子', company_code: 'C014', company: { id: 14, company_code: 'C014', name1: '浅草物産' } },
    ]),
  ),
  http.post(`${API}/conference_members`, async ({ request }) => {
    if (!request.headers.get('Authorization')) {
      return HttpResponse.json({ status: 401, code: 'unauthorized', detail: '認証が必要です。' }, { status: 401 });
    }
    posted.push(await request.json());
    return HttpResponse.json({ created: [], skipped: [] }, { status: 201 });
  }),
];

const signInAgain = async (user: ReturnType<typeof userEvent.setup>) => {
  amplify.acceptPasswordFor('CCI_ADMIN');
  await user.type(await screen.findByLabelText('メールアドレス', {}, WAIT), 'cci_admin@example.jp');
  await user.type(screen.getByLabelText('パスワード'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
};

describe('invite dialogs when the session ends (issue 11)', () => {
  it('会員を選んで招待: the picked members and category are kept, back after sign-in with a notice, then invited', async () => {
    signIn();
    const posted: unknown[] = [];
    server.use(...invitesApi(posted));
    const user = userEvent.setup();
    renderApp(ROUTE);

    await user.click(await screen.findByRole('button', { name: '会員を選んで招待' }, WAIT));
    let dialog = await screen.findByRole('dialog', { name: '会員を選んで招待' });
    await user.click(await within(dialog).findByRole('checkbox', { name: '渡辺 七子（浅草物産）を選択' }, WAIT));
    await user.click(within(dialog).getByRole('combobox', { name: '招待区分' }));
    await user.click(await screen.findByRole('option', { name: '代理' }));

    amplify.signOutNow(); // tokens gone: neither the request nor the refresh has one
    await user.click(within(dialog).getByRole('button', { name: '選択した会員を招待' }));

    await waitFor(() => expect(currentUrl()).toBe('/login?prev=%2Fconferences%2F1%2Finvitees'), WAIT);
    expect(posted).toHaveLength(0);
    expect(screen.queryByText(/名を招待しました/)).not.toBeInTheDocument();
    expect(draftKeys()).toEqual([DRAFT_KEY]);
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toEqual({
      owner: 'tky-admin',
      values: { dialog: 'members', member_ids: [602], category: 'substitute', keyword: '', conference_id: '1' },
    });

    await signInAgain(user);
    await waitFor(() => expect(currentUrl()).toBe(ROUTE), WAIT);
    dialog = await screen.findByRole('dialog', { name: '会員を選んで招待' }, WAIT);
    expect(within(dialog).getByTestId('draft-restored')).toHaveTextContent('保存されていない入力内容を復元しました。');
    expect(await within(dialog).findByRole('checkbox', { name: '渡辺 七子（浅草物産）を選択' }, WAIT)).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: '伊藤 六郎（浅草物産）を選択' })).not.toBeChecked();
    expect(within(dialog).getByText('1名を選択中')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '選択した会員を招待' }));
    await waitFor(() => expect(posted).toHaveLength(1), WAIT);
    expect(posted[0]).toEqual({ mode: 'many', conference_id: 1, member_ids: [602], category: 'substitute' });
    await waitFor(() => expect(draftKeys()).toEqual([])); // invited: the draft is gone
  }, 60_000);

  it('役職で招待: the chosen types, departments and category are kept, back after sign-in with a notice, then invited', async () => {
    signIn();
    const posted: unknown[] = [];
    server.use(...invitesApi(posted));
    const user = userEvent.setup();
    renderApp(ROUTE);

    await user.click(await screen.findByRole('button', { name: '役職で招待' }, WAIT));
    let dialog = await screen.findByRole('dialog', { name: '役職で招待' });
    await user.click(await within(dialog).findByRole('checkbox', { name: '役員' }, WAIT));
    await user.type(within(dialog).getByLabelText('部会・委員会名'), '商業部会{Enter}');
    await user.click(within(dialog).getByRole('combobox', { name: '招待区分' }));
    await user.click(await screen.findByRole('option', { name: '代理' }));

    amplify.signOutNow(); // tokens gone: neither the request nor the refresh has one
    await user.click(within(dialog).getByRole('button', { name: '招待する' }));

    await waitFor(() => expect(currentUrl()).toBe('/login?prev=%2Fconferences%2F1%2Finvitees'), WAIT);
    expect(posted).toHaveLength(0);
    expect(screen.queryByText(/名を招待しました/)).not.toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toEqual({
      owner: 'tky-admin',
      values: {
        dialog: 'rule',
        position_types: ['CCI_OFFICER'],
        department_names: ['商業部会'],
        category: 'substitute',
        conference_id: '1',
      },
    });

    await signInAgain(user);
    await waitFor(() => expect(currentUrl()).toBe(ROUTE), WAIT);
    dialog = await screen.findByRole('dialog', { name: '役職で招待' }, WAIT);
    expect(within(dialog).getByTestId('draft-restored')).toHaveTextContent('保存されていない入力内容を復元しました。');
    expect(await within(dialog).findByRole('checkbox', { name: '役員' }, WAIT)).toBeChecked();
    expect(within(dialog).getByRole('button', { name: '商業部会' })).toBeInTheDocument(); // the chip
    expect(within(dialog).getByRole('combobox', { name: '招待区分' })).toHaveTextContent('代理');

    await user.click(within(dialog).getByRole('button', { name: '招待する' }));
    await waitFor(() => expect(posted).toHaveLength(1), WAIT);
    expect(posted[0]).toEqual({
      mode: 'rule',
      conference_id: 1,
      rule: { position_types: ['CCI_OFFICER'], department_names: ['商業部会'] },
      category: 'substitute',
    });
    expect(await within(dialog).findByText('条件に一致する新たな招待対象者はいませんでした。', {}, WAIT)).toBeInTheDocument();
    expect(draftKeys()).toEqual([]); // invited: the draft is gone
  }, 60_000);
});
