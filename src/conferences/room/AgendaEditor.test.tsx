/**
 * 次第 against MSW: marking the current item and 次の項目へ save {current_agenda, version} at once;
 * editing adds, reorders (the focus stays on the moved item's arrow) and removes items, and its
 * save sends {agenda, current_agenda, version} with the current item following its row; a blank
 * 件名 or bad minutes is refused before sending.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AgendaEditor } from './AgendaEditor';
import { room, serveRoom as setup } from './test/fixtures';
import { renderStaff } from './test/renderStaff';
import type { Room } from './types';

const renderEditor = (initial: Room = room()) =>
  renderStaff(initial, (r, setRoom) => <AgendaEditor conferenceId={1} room={r} onSaved={setRoom} />);

const titles = () => screen.getAllByRole('textbox', { name: '件名' }).map((input) => (input as HTMLInputElement).value);

describe('AgendaEditor', () => {
  it('marks the current item and advances with 次の項目へ, each with the room version', async () => {
    const { puts } = setup();
    const user = userEvent.setup();
    renderEditor();
    const group = screen.getByRole('radiogroup', { name: '現在の項目' });
    expect(within(group).getByRole('radio', { name: '現在の項目なし' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: /2\. 議案審議/ }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: /2\. 議案審議/ })).toBeChecked());
    expect(await screen.findByText('現在の項目を「議案審議」にしました。')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '次の項目へ' }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: /3\. 閉会/ })).toBeChecked());
    expect(puts).toEqual([
      { current_agenda: 1, version: 3 },
      { current_agenda: 2, version: 4 },
    ]);
    // the last item is current: there is no next one
    expect(screen.getByRole('button', { name: '次の項目へ' })).toBeDisabled();
    expect(screen.getByText('会頭 ・ 5分')).toBeInTheDocument();
  });

  it('adds an item, moves it up and saves the whole agenda; the current item follows its row', async () => {
    const { puts } = setup(room({ current_agenda: 1 }));
    const user = userEvent.setup();
    renderEditor(room({ current_agenda: 1 }));

    await user.click(screen.getByRole('button', { name: '次第を編集' }));
    await user.click(screen.getByRole('button', { name: '項目を追加' }));
    const newTitle = screen.getAllByRole('textbox', { name: '件名' })[3];
    await user.type(newTitle, '質疑応答');
    await user.type(screen.getAllByRole('textbox', { name: '発表者' })[3], '事務局長');
    await user.type(screen.getAllByRole('textbox', { name: '時間（分）' })[3], '１０');

    // 質疑応答 (4th) up twice: before 議案審議, the current item, which moves to the 3rd place
    await user.click(screen.getByRole('button', { name: '4番目の項目を上へ移動' }));
    expect(screen.getByRole('button', { name: '3番目の項目を上へ移動' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '3番目の項目を上へ移動' }));
    expect(titles()).toEqual(['開会挨拶', '質疑応答', '議案審議', '閉会']);
    expect(screen.getByRole('group', { name: '3番目の項目（現在の項目）' })).toBeInTheDocument();

    // and 閉会 goes
    await user.click(screen.getByRole('button', { name: '4番目の項目を削除' }));
    expect(screen.getByRole('button', { name: '項目を追加' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '次第を保存' }));

    expect(await screen.findByText('次第を保存しました。')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        agenda: [
          { title: '開会挨拶', presenter: '会頭', minutes: 5 },
          { title: '質疑応答', presenter: '事務局長', minutes: 10 },
          { title: '議案審議', presenter: null, minutes: 30 },
        ],
        current_agenda: 2,
        version: 3,
      },
    ]);
    const group = screen.getByRole('radiogroup', { name: '現在の項目' });
    expect(within(group).getByRole('radio', { name: /3\. 議案審議/ })).toBeChecked();
  });

  it('refuses a blank title and minutes that are not 0–1440, and sends nothing', async () => {
    const { puts } = setup();
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: '次第を編集' }));
    await user.clear(screen.getAllByRole('textbox', { name: '件名' })[0]);
    await user.type(screen.getAllByRole('textbox', { name: '時間（分）' })[1], '0');
    await user.type(screen.getAllByRole('textbox', { name: '時間（分）' })[2], '2000');
    await user.click(screen.getByRole('button', { name: '次第を保存' }));

    expect(screen.getByText('件名を入力してください')).toBeInTheDocument();
    expect(screen.getAllByText('0〜1440の整数で入力してください')).toHaveLength(1);
    expect(puts).toEqual([]);
  });

  it('409 on save: keeps the draft, and after reloading saves it with the new version', async () => {
    // someone else saved the room meanwhile (version 5)
    const { puts } = setup(room({ version: 5 }));
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: '次第を編集' }));
    await user.click(screen.getByRole('button', { name: '2番目の項目を削除' }));
    await user.click(screen.getByRole('button', { name: '次第を保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('他の担当者が先に会議室を更新しました。');

    await user.click(screen.getByRole('button', { name: '最新の状態を読み込む' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(titles()).toEqual(['開会挨拶', '閉会']);
    const before = puts.length;
    await user.click(screen.getByRole('button', { name: '次第を保存' }));
    expect(await screen.findByText('次第を保存しました。')).toBeInTheDocument();
    expect(puts.slice(before)).toEqual([
      {
        agenda: [
          { title: '開会挨拶', presenter: '会頭', minutes: 5 },
          { title: '閉会', presenter: null, minutes: null },
        ],
        current_agenda: null,
        version: 5,
      },
    ]);
  });
});
