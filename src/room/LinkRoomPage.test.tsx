import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { currentUrl, renderApp } from '../test/renderApp';
import { FakeEventSource } from './test/fakeEventSource';
import { room, serveRoom } from './test/fixtures';
import { setWidth } from './test/renderRoom';

describe('/room/:token — a link holder’s room (DESIGN.md §11.1)', () => {
  beforeEach(() => {
    FakeEventSource.install();
    setWidth(true);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signed out: the room opens without sign-in, without a bearer token, streaming by the token with the last id', async () => {
    const seen = serveRoom('/v1/room/tok-123', { room: room({ kind: 'guest', viewer_name: '佐藤 講師' }) });
    renderApp('/room/tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/room/tok-123');
    expect(seen.authorizations).toEqual([null]);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.latest();
    expect(new URL(stream.url).pathname).toBe('/v1/room/tok-123/events');
    expect(stream.param('ticket')).toBeNull();
    expect(stream.param('last_event_id')).toBe('7');
    expect(seen.tickets).toBe(0);
    await waitFor(() => expect(document.title).toBe('第75回 通常議員総会｜会議室｜Kaigi 会議運営'));
    expect(screen.queryByLabelText('メールアドレス')).not.toBeInTheDocument();
  });

  it('a bad, expired or revoked link (404): only 「このリンクは無効か、期限が切れています」, no /404, no sign-in', async () => {
    server.use(
      http.get('*/v1/room/:token', () =>
        HttpResponse.json(
          { status: 404, code: 'not_found', title: 'Not Found' },
          { status: 404, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
      http.get('*/v1/room/:token/chat', () => HttpResponse.json({ status: 404, code: 'not_found' }, { status: 404 })),
      http.get('*/v1/room/:token/comments', () => HttpResponse.json({ status: 404, code: 'not_found' }, { status: 404 })),
    );
    renderApp('/room/expired');
    expect(await screen.findByRole('heading', { level: 1, name: 'このリンクは無効か、期限が切れています' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/room/expired');
    expect(document.title).toBe('このリンクは無効か、期限が切れています｜Kaigi 会議運営');
    expect(screen.queryByText('第75回 通常議員総会')).not.toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('a link revoked during the visit: the dropped stream finds the 404 and the page says the link is invalid', async () => {
    let revoked = false;
    serveRoom('/v1/room/tok-9', {
      room: () =>
        revoked
          ? HttpResponse.json({ status: 404, code: 'not_found' }, { status: 404 })
          : HttpResponse.json(room({ kind: 'user' })),
    });
    renderApp('/room/tok-9');
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    FakeEventSource.latest().open();
    revoked = true;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    FakeEventSource.latest().fail();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { level: 1, name: 'このリンクは無効か、期限が切れています' })).toBeInTheDocument();
    expect(screen.queryByText('第75回 通常議員総会')).not.toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
