/**
 * 席次 in one step (issue 15 item 1): a keyboard drag (space, ↓ ×N, space) and 「位置を指定して
 *移動」 each send one PUT of the new place with the row's version, and the list then shows the
 * server's order; a refused move (409) says so in Japanese and the server's order comes back.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { server } from '../../test/server';
import { renderAdmin } from '../../common/testing/renderAdmin';
import conferences from '..';
import { API, detail, invitee, list, signIn } from '../test/fixtures';

const WAIT = { timeout: 5000 };
/** The first screen of a file loads lazily; on a loaded machine that can take longer than WAIT. */
const FIRST = { timeout: 20_000 };
const NAMES = ['一番 一郎', '二番 二郎', '三番 三郎', '四番 四郎', '五番 五郎'];

/** Five invitees as the server keeps them; a PUT of `sort` N moves the row to place N. */
const setup = () => {
  const rows = NAMES.map((name, i) => invitee({ id: 11 + i, sort: i + 1, name, version: 3 }));
  const puts: Array<{ id: number; body: unknown }> = [];
  server.use(
    http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
    http.get(`${API}/conference_members`, () => {
      const sorted = [...rows].sort((a, b) => a.sort - b.sort);
      return list(sorted, sorted.length, 1, 1000);
    }),
    http.put(`${API}/conference_members/:id`, async ({ params, request }) => {
      const body = (await request.json()) as { sort: number; version: number };
      puts.push({ id: Number(params.id), body });
      const row = rows.find((r) => r.id === Number(params.id))!;
      if (body.version !== row.version) {
        return HttpResponse.json(
          { status: 409, code: 'version_conflict', detail: '他のユーザーが先に更新しました。', current_version: row.version },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      const order = [...rows].sort((a, b) => a.sort - b.sort).filter((r) => r !== row);
      order.splice(body.sort - 1, 0, row);
      order.forEach((r, i) => Object.assign(r, { sort: i + 1, version: r.version + 1 }));
      return HttpResponse.json(row);
    }),
  );
  return { puts, rows };
};

const names = () =>
  within(screen.getByRole('table', { name: '招待者' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td p')?.textContent);

beforeEach(() => {
  // jsdom lays nothing out: each table row is 40 px high, one under the other, for dnd-kit to measure
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('tr');
    const index = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : 0;
    const top = index * 40;
    return { x: 0, y: top, top, left: 0, right: 800, bottom: top + 40, width: 800, height: 40, toJSON: () => ({}) };
  });
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => vi.restoreAllMocks());

describe('seat order', () => {
  it('a keyboard drag (space, ↓ ×3, space) moves the first invitee to 4th with one PUT of sort 4', async () => {
    signIn();
    const { puts } = setup();
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    const handle = await screen.findByRole('button', { name: '一番 一郎をドラッグして並べ替え' }, FIRST);
    handle.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('一番 一郎を持ち上げました。いまは1番目です。', {}, WAIT)).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(await screen.findByText('一番 一郎を4番目へ移動しています。', {}, WAIT)).toBeInTheDocument();
    await user.keyboard(' ');
    expect(await screen.findByText('一番 一郎を4番目に置きました。', {}, WAIT)).toBeInTheDocument();

    await waitFor(() => expect(puts).toEqual([{ id: 11, body: { sort: 4, version: 3 } }]), WAIT);
    await waitFor(() => expect(names()).toEqual(['二番 二郎', '三番 三郎', '四番 四郎', '一番 一郎', '五番 五郎']), WAIT);
    expect(await screen.findByText('並び順を変更しました。', {}, WAIT)).toBeInTheDocument();
  }, 30_000);

  it('「位置を指定して移動」 moves the fifth invitee to 2nd with one PUT, refusing a place outside 1..5 first', async () => {
    signIn();
    const { puts } = setup();
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '五番 五郎を位置を指定して移動' }, FIRST));
    const dialog = await screen.findByRole('dialog', { name: '五番 五郎を移動' });
    const field = within(dialog).getByRole('textbox', { name: '移動先の順番' });
    expect(field).toHaveValue('5');

    await user.clear(field);
    await user.type(field, '6');
    await user.click(within(dialog).getByRole('button', { name: '移動' }));
    expect(within(dialog).getByText('1から5までの番号を入力してください。')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await user.clear(field);
    await user.type(field, '２'); // full-width, from a Japanese IME
    await user.click(within(dialog).getByRole('button', { name: '移動' }));
    await waitFor(() => expect(puts).toEqual([{ id: 15, body: { sort: 2, version: 3 } }]), WAIT);
    await waitFor(() => expect(names()).toEqual(['一番 一郎', '五番 五郎', '二番 二郎', '三番 三郎', '四番 四郎']), WAIT);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 30_000);

  it('a refused move (409) says so in Japanese and shows the order the server has', async () => {
    signIn();
    const { puts, rows } = setup();
    const user = userEvent.setup();
    renderAdmin('/conferences/1/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '五番 五郎を位置を指定して移動' }, FIRST));
    // meanwhile another user changed 五番 (its version went up)
    rows[4].version = 4;
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: '移動先の順番' });
    await user.clear(field);
    await user.type(field, '1');
    await user.click(within(dialog).getByRole('button', { name: '移動' }));

    expect(
      await screen.findByText(
        '他のユーザーが先に招待者を変更しました。最新の並び順を読み込みましたので、もう一度操作してください。',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    // the HTTP client retries a PUT refused with 409 (spec §9): each try is the same one move
    expect(puts.length).toBeGreaterThan(0);
    expect(puts.every((p) => p.id === 15 && JSON.stringify(p.body) === JSON.stringify({ sort: 1, version: 3 }))).toBe(true);
    await waitFor(() => expect(names()).toEqual(NAMES), WAIT);
  }, 30_000);
});
