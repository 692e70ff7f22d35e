/**
 * Issue 11 "Nothing a user typed is lost", through the whole app (MSW + the Amplify double):
 * a save whose session cannot be refreshed shows no success, goes to /login?prev=…, keeps the
 * input as a draft (sessionStorage), and after sign-in the form has it back with a notice; the
 * save then succeeds. A deliberate logout removes drafts.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { currentUrl, renderApp } from '../test/renderApp';
import { API, detail, signIn } from '../conferences/test/fixtures';

/** A whole-app journey: generous waits for a busy machine. */
const WAIT = { timeout: 10_000 };
const NOTICE = '保存されていない入力内容を復元しました。内容を確認してから保存してください。';
const draftKeys = () => Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i));

/** GET/PUT of conference 1; a PUT without a token is a 401 (the API's answer to a lost session). */
const conferenceApi = (bodies: Array<Record<string, unknown>>) => [
  http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
  http.put(`${API}/conferences/1`, async ({ request }) => {
    if (!request.headers.get('Authorization')) {
      return HttpResponse.json({ status: 401, code: 'unauthorized', detail: '認証が必要です。' }, { status: 401 });
    }
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    return HttpResponse.json({ ...detail(), ...body, version: 5 });
  }),
];

const signInAgain = async (user: ReturnType<typeof userEvent.setup>) => {
  amplify.acceptPasswordFor('CCI_ADMIN');
  await user.type(await screen.findByLabelText('メールアドレス', {}, WAIT), 'cci_admin@example.jp');
  await user.type(screen.getByLabelText('パスワード'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
};

describe('a console form whose session ends (issue 11)', () => {
  it('save → no 「更新しました」, /login?prev= with a notice, sign-in → the typed 会場 is back with a notice, and saves', async () => {
    signIn();
    const bodies: Array<Record<string, unknown>> = [];
    server.use(...conferenceApi(bodies));
    const user = userEvent.setup();
    renderApp('/conferences/1');

    const place = await screen.findByLabelText('会場', {}, WAIT);
    await waitFor(() => expect(place).toHaveValue('本館 大ホール'), WAIT);
    await user.clear(place);
    await user.type(place, '別館 第2会議室');

    amplify.signOutNow(); // tokens gone: neither the request nor the refresh has one
    await user.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(currentUrl()).toBe('/login?prev=%2Fconferences%2F1'), WAIT);
    expect(bodies).toHaveLength(0);
    expect(screen.queryByText('更新しました')).not.toBeInTheDocument();
    expect(await screen.findByTestId('session-expired')).toHaveTextContent(
      '入力中の内容は、ログイン後に元の画面で復元されます。',
    );
    expect(draftKeys()).toEqual(['kaigi.draft:/conferences/1']);
    expect(sessionStorage.getItem('kaigi.draft:/conferences/1')).toContain('別館 第2会議室');

    const visited: string[] = [];
    const spy = setInterval(() => visited.at(-1) !== currentUrl() && visited.push(currentUrl()), 5);
    await signInAgain(user);

    await waitFor(() => expect(currentUrl()).toBe('/conferences/1'), WAIT);
    await waitFor(() => expect(screen.getByLabelText('会場')).toHaveValue('別館 第2会議室'), WAIT);
    expect(screen.getByTestId('draft-restored')).toHaveTextContent(NOTICE);
    expect(screen.getByLabelText('会議名 *')).toHaveValue('通常議員総会');

    clearInterval(spy);
    // straight back to the form: not bounced through /login by the check cached before sign-in
    expect(visited).toEqual(['/login?prev=%2Fconferences%2F1', '/conferences/1']);

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0]).toMatchObject({ version: 4, place: '別館 第2会議室' });
    expect(await screen.findByText('更新しました', {}, WAIT)).toBeInTheDocument();
    expect(draftKeys()).toEqual([]); // saved: the draft is gone
  }, 60_000);

  it('a draft is given back only to the user who typed it', async () => {
    signIn();
    server.use(...conferenceApi([]));
    const user = userEvent.setup();
    renderApp('/conferences/1');
    const place = await screen.findByLabelText('会場', {}, WAIT);
    await waitFor(() => expect(place).toHaveValue('本館 大ホール'), WAIT);
    await user.type(place, '（変更）');
    amplify.signOutNow();
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(currentUrl()).toBe('/login?prev=%2Fconferences%2F1'), WAIT);

    // a colleague signs in on the same tab
    server.use(
      http.get('*/v1/cci/user_info', () =>
        HttpResponse.json({ cci_code: 'TKY', username: 'tky-colleague', user_type: 'CCI_ADMIN' }),
      ),
    );
    await signInAgain(user);
    await waitFor(() => expect(currentUrl()).toBe('/conferences/1'), WAIT);
    await waitFor(() => expect(screen.getByLabelText('会場')).toHaveValue('本館 大ホール'), WAIT);
    expect(screen.queryByTestId('draft-restored')).not.toBeInTheDocument();
    expect(draftKeys()).toEqual([]);
  }, 60_000);

  it('logout from the user menu removes every draft', async () => {
    signIn();
    sessionStorage.setItem('kaigi.draft:/conferences/1', JSON.stringify({ owner: 'tky-admin', values: { place: 'x' } }));
    sessionStorage.setItem('unrelated', 'kept');
    const user = userEvent.setup();
    renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: /^プロフィール/ }, WAIT));
    await user.click(await screen.findByRole('menuitem', { name: 'ログアウト' }));
    await waitFor(() => expect(currentUrl()).toBe('/login'), WAIT);
    expect(draftKeys()).toEqual(['unrelated']);
  }, 60_000);
});
