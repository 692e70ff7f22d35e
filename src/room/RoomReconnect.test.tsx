/**
 * The room's stream after the server lets a viewer go (issue 29): `access_revoked` closes the stream
 * for good — no reconnect loop — and says why; 再読み込み is the user's way back. Other drops
 * reconnect from the last id seen (ChatPanel.test.tsx).
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { amplify } from '../test/amplifyMock';
import { renderApp } from '../test/renderApp';
import { FakeEventSource } from './test/fakeEventSource';
import { COMPANY_BASE, chatMessage, serveRoom } from './test/fixtures';
import { renderRoom, setWidth } from './test/renderRoom';

const ROOM_NAME = '第75回 通常議員総会';

describe('the room stream when access is revoked (server/lib/room/hub.ts access_revoked)', () => {
  beforeEach(() => {
    FakeEventSource.install();
    setWidth(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a company admin let go: the stream is closed and not reopened, the page says why, 再読み込み loads again', async () => {
    amplify.signInAs('COMPANY_ADMIN');
    const seen = serveRoom(COMPANY_BASE);
    const user = userEvent.setup();
    renderRoom({ kind: 'company', conferenceId: '10' });
    await screen.findByRole('heading', { level: 1, name: ROOM_NAME });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.latest();
    stream.open();
    stream.emit('chat', chatMessage({ id: 6, body: 'その1' }), 12);

    vi.useFakeTimers({ toFake: ['setTimeout'] });
    stream.emit('access_revoked', { reason: 'access_changed' }, 13);
    expect(stream.closed).toBe(true);
    // the server's close that follows changes nothing; no back-off opens another stream
    stream.fail();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    vi.useRealTimers();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(seen.tickets).toBe(1);
    expect(screen.getByRole('alert')).toHaveTextContent('この会議室には入室できなくなりました');
    expect(screen.queryByRole('heading', { level: 1, name: ROOM_NAME })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    await screen.findByRole('heading', { level: 1, name: ROOM_NAME });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(seen.tickets).toBe(2);
  });

  it('a link holder let go: 「このリンクは無効か、期限が切れています」 at once, no reconnect', async () => {
    serveRoom('/v1/room/tok-5');
    renderApp('/room/tok-5');
    await screen.findByRole('heading', { level: 1, name: ROOM_NAME });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.latest();
    stream.open();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    stream.emit('access_revoked', { reason: 'link_revoked' }, 9);
    stream.fail();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { level: 1, name: 'このリンクは無効か、期限が切れています' })).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(stream.closed).toBe(true);
  });
});
