/**
 * 待機中 → 開催中 → 終了 against MSW: the current status is the pressed button, a change sends the
 * room's version, 終了 asks first, and a 409 says another staff member changed the room and reads
 * it again on 「最新の状態を読み込む」.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RoomStatusControl } from './RoomStatusControl';
import { room, serveRoom as setup } from './test/fixtures';
import { renderStaff } from './test/renderStaff';
import type { Room } from './types';

const renderControl = (initial: Room) =>
  renderStaff(initial, (r, setRoom) => <RoomStatusControl conferenceId={1} room={r} onSaved={setRoom} />);

describe('RoomStatusControl', () => {
  it('shows the current status and opens the room with {status, version}', async () => {
    const { puts } = setup(room());
    const user = userEvent.setup();
    renderControl(room());
    expect(screen.getByRole('button', { name: '待機中' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('現在: 待機中')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '開催中' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '開催中' })).toHaveAttribute('aria-pressed', 'true'));
    expect(puts).toEqual([{ status: 'open', version: 3 }]);
    expect(screen.getByText('現在: 開催中')).toBeInTheDocument();
    expect(await screen.findByText('会議室を「開催中」にしました。')).toBeInTheDocument();
  });

  it('asks before ending the room, and sends nothing when the user cancels', async () => {
    const { puts } = setup(room({ status: 'open' }));
    const user = userEvent.setup();
    renderControl(room({ status: 'open' }));

    await user.click(screen.getByRole('button', { name: '終了' }));
    const dialog = await screen.findByRole('dialog', { name: '会議室を終了しますか？' });
    expect(dialog).toHaveTextContent('チャットとコメントは読み取り専用になり');
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([]);

    await user.click(screen.getByRole('button', { name: '終了' }));
    await user.click(await screen.findByRole('button', { name: '終了する' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '終了' })).toHaveAttribute('aria-pressed', 'true'));
    expect(puts).toEqual([{ status: 'ended', version: 3 }]);
  });

  it('409: says another staff member changed the room; after reloading the next change carries the new version', async () => {
    // another staff member already opened the room: the server is at version 4
    const { puts } = setup(room({ status: 'open', version: 4 }));
    const user = userEvent.setup();
    renderControl(room());

    await user.click(screen.getByRole('button', { name: '開催中' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '他の担当者が先に会議室を更新しました。最新の状態を読み込んでから、もう一度操作してください。',
    );
    expect(screen.getByRole('button', { name: '待機中' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: '最新の状態を読み込む' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '開催中' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // the stale PUT was retried as spec §9 says (409 is a retried status); all of them carried version 3
    expect(puts.every((body) => (body as { version: number }).version === 3)).toBe(true);
    const before = puts.length;
    await user.click(screen.getByRole('button', { name: '待機中' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '待機中' })).toHaveAttribute('aria-pressed', 'true'));
    expect(puts.slice(before)).toEqual([{ status: 'waiting', version: 4 }]);
  });
});
