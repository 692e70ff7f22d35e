/**
 * 議案 tab against MSW (issue 34): add a 議案 with its number proposed, an その他 rule typed in
 * full-width digits with an own quorum; an unreachable fraction is refused before sending; the
 * server's duplicate number is said in Japanese; a 議案 under vote keeps its rule; delete asks first.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { room } from '../room/test/fixtures';
import { renderStaff } from '../room/test/renderStaff';
import { MotionsTab } from './MotionsTab';
import { motion, problem, serveMotions } from './test/fixtures';
import type { Motion } from './types';

const WAIT = { timeout: 10_000 };
const renderTab = () => renderStaff(room(), () => <MotionsTab conferenceId={1} />);

describe('MotionsTab', () => {
  it('adds a 議案: 第1号議案 proposed, その他 of 議決権総数 3分の2以上 in full-width digits, an own quorum', async () => {
    const api = serveMotions([], [], ({ body }) => {
      const created = motion({ ...(body as Partial<Motion>), id: 5 });
      api.state.motions = [created];
      return HttpResponse.json(created, { status: 201 });
    });
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('まだ議案がありません。「議案を追加」から登録してください。', {}, WAIT)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '議案を追加' }));
    const dialog = await screen.findByRole('dialog', { name: '議案の追加' });
    expect(within(dialog).getByRole('textbox', { name: '番号' })).toHaveValue('第1号議案');
    await user.type(within(dialog).getByRole('textbox', { name: '議案名' }), '定款変更の件');
    await user.click(within(dialog).getByRole('combobox', { name: '議事次第の項目' }));
    await user.click(await screen.findByRole('option', { name: '2. 議案審議' }));
    await user.click(within(dialog).getByRole('radio', { name: 'その他' }));
    await user.click(within(dialog).getByRole('combobox', { name: '基準' }));
    await user.click(await screen.findByRole('option', { name: '議決権総数' }));
    const [denominator] = within(dialog).getAllByRole('textbox', { name: '分母' });
    const [numerator] = within(dialog).getAllByRole('textbox', { name: '分子' });
    await user.clear(denominator);
    await user.type(denominator, '３');
    await user.clear(numerator);
    await user.type(numerator, '２');
    await user.click(within(dialog).getAllByRole('combobox', { name: '判定' })[0]);
    await user.click(await screen.findByRole('option', { name: '以上' }));
    await user.click(within(dialog).getByRole('switch', { name: 'この議案独自の定足数を設ける' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(api.sent).toHaveLength(1), WAIT);
    expect(api.sent[0]).toEqual({
      method: 'POST',
      path: '',
      body: {
        number: '第1号議案',
        title: '定款変更の件',
        body: null,
        agenda_index: 1,
        attachments: [],
        rule: {
          basis: 'entitled',
          numerator: 2,
          denominator: 3,
          rule: 'at_least',
          quorum: { numerator: 1, denominator: 2, rule: 'more_than' },
        },
      },
    });
    expect(await screen.findByText('議案を登録しました。', {}, WAIT)).toBeInTheDocument();
    const row = (await screen.findByText('定款変更の件', {}, WAIT)).closest('tr')!;
    expect(row).toHaveTextContent('議決権総数の3分の2以上');
    expect(row).toHaveTextContent('2. 議案審議');
    expect(row).toHaveTextContent('未採決');
  }, 30_000);

  it('refuses an unreachable fraction before sending, and says the server’s duplicate number in Japanese', async () => {
    const api = serveMotions([motion()], [], () => problem(409, 'duplicate_motion_number'));
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: '議案を追加' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: '議案の追加' });
    expect(within(dialog).getByRole('textbox', { name: '番号' })).toHaveValue('第2号議案');
    await user.clear(within(dialog).getByRole('textbox', { name: '番号' }));
    await user.type(within(dialog).getByRole('textbox', { name: '番号' }), '第1号議案');
    await user.type(within(dialog).getByRole('textbox', { name: '議案名' }), '決算承認の件');
    await user.click(within(dialog).getByRole('radio', { name: 'その他' }));
    // 2分の2 "を超える" can never pass
    await user.clear(within(dialog).getByRole('textbox', { name: '分子' }));
    await user.type(within(dialog).getByRole('textbox', { name: '分子' }), '2');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('分子は分母以下にし、全体（分子＝分母）は「以上」にしてください')).toBeInTheDocument();
    expect(api.sent).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: '普通決議（出席者の過半数）' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('この会議には同じ番号の議案が既にあります。');
    expect(api.sent).toHaveLength(1);
  }, 30_000);

  it('a 議案 under vote: its rule is fixed (the PUT carries no rule) and it has no delete button', async () => {
    const open = motion({ status: 'open', version: 4 });
    const api = serveMotions([open], [], ({ body }) => HttpResponse.json({ ...open, ...(body as object), version: 5 }));
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('令和8年度事業計画の件', {}, WAIT);
    expect(screen.queryByRole('button', { name: '「第1号議案」を削除' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '「第1号議案」を編集' }));
    const dialog = await screen.findByRole('dialog', { name: '議案の編集' });
    expect(within(dialog).getByText('採決を始めた議案の議決要件は変更できません。')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '特別決議（出席者の3分の2以上）' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: '内容' }), '別紙のとおり');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.sent).toHaveLength(1), WAIT);
    expect(api.sent[0]).toEqual({
      method: 'PUT',
      path: '/1',
      body: {
        version: 4,
        number: '第1号議案',
        title: '令和8年度事業計画の件',
        body: '別紙のとおり',
        agenda_index: 1,
        attachments: [],
      },
    });
  }, 30_000);

  it('deletes a 議案 not yet voted on after asking', async () => {
    const api = serveMotions([motion()], [], () => {
      api.state.motions = [];
      return new HttpResponse(null, { status: 204 });
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: '「第1号議案」を削除' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: '議案を削除しますか？' });
    expect(dialog).toHaveTextContent('「第1号議案 令和8年度事業計画の件」を削除します。');
    await user.click(within(dialog).getByRole('button', { name: '削除' }));
    expect(await screen.findByText('議案を削除しました。', {}, WAIT)).toBeInTheDocument();
    expect(api.sent).toEqual([{ method: 'DELETE', path: '/1', body: null }]);
    expect(await screen.findByText('まだ議案がありません。「議案を追加」から登録してください。', {}, WAIT)).toBeInTheDocument();
  }, 30_000);
});
