/**
 * オンライン会議URL and the panels against MSW: only http(s) URLs are sent (checked before sending,
 * like the server's pattern), blank clears it, and each switch saves {panels, version} at once.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { isOnlineUrl, RoomSettingsForm } from './RoomSettingsForm';
import { ROOM, room } from './test/fixtures';
import { renderStaff } from './test/renderStaff';
import type { Room } from './types';

const setup = () => {
  const puts: unknown[] = [];
  let current = room();
  server.use(
    http.put(ROOM, async ({ request }) => {
      const body = (await request.json()) as Partial<Room> & { version: number };
      puts.push(body);
      current = { ...current, ...body, version: current.version + 1 };
      return HttpResponse.json(current);
    }),
  );
  return { puts };
};

const renderForm = () => renderStaff(room(), (r, setRoom) => <RoomSettingsForm conferenceId={1} room={r} onSaved={setRoom} />);

describe('RoomSettingsForm', () => {
  it('accepts http and https URLs only', () => {
    expect(isOnlineUrl('https://zoom.example.com/j/123?pwd=abc')).toBe(true);
    expect(isOnlineUrl('http://meet.example.jp/room')).toBe(true);
    expect(isOnlineUrl('javascript:alert(1)')).toBe(false);
    expect(isOnlineUrl('ftp://example.com')).toBe(false);
    expect(isOnlineUrl('https://example.com/a b')).toBe(false);
    expect(isOnlineUrl('https://')).toBe(false);
  });

  it('refuses a URL that is not http(s) without sending, then saves a valid one with the version', async () => {
    const { puts } = setup();
    const user = userEvent.setup();
    renderForm();
    const field = screen.getByRole('textbox', { name: 'オンライン会議URL' });

    await user.type(field, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'URLを保存' }));
    expect(field).toHaveAccessibleDescription('http:// または https:// で始まるURLを入力してください');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);

    await user.clear(field);
    await user.type(field, ' https://zoom.example.com/j/123 ');
    await user.click(screen.getByRole('button', { name: 'URLを保存' }));
    expect(await screen.findByText('オンライン会議URLを保存しました。')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'false');

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'URLを保存' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts).toEqual([
      { online_url: 'https://zoom.example.com/j/123', version: 3 },
      { online_url: null, version: 4 },
    ]);
  });

  it('closes the chat with one switch, sending both panels and the version', async () => {
    const { puts } = setup();
    const user = userEvent.setup();
    renderForm();
    const chat = screen.getByRole('switch', { name: 'チャットを開く' });
    expect(chat).toBeChecked();
    await user.click(chat);
    await waitFor(() => expect(chat).not.toBeChecked());
    expect(screen.getByRole('switch', { name: 'コメントを受け付ける' })).toBeChecked();
    expect(puts).toEqual([{ panels: { chat: false, comment: true }, version: 3 }]);
  });
});
