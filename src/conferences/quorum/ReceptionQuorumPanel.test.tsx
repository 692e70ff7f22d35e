/**
 * The staff room's 受付・定足数 panel (issue 14): the counters and the quorum as loaded, then as the
 * room stream's `reception` and `quorum` events change them, with the way to the board.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderApp } from '../../test/renderApp';
import { API, detail, signIn } from '../test/fixtures';
import { ROOM, room } from '../room/test/fixtures';
import { FakeEventSource } from '../../room/test/fakeEventSource';

const WAIT = { timeout: 10_000 };

const quorum = (met: boolean, asOf: string) => ({
  conference_id: 1,
  settings: { basis: 'invited_principals', numerator: 1, denominator: 2, rule: 'more_than', count_delegates: true },
  total: 4,
  required: 3,
  present: met ? 3 : 1,
  delegated: 0,
  counted: met ? 3 : 1,
  met,
  margin: met ? 0 : -2,
  as_of: asOf,
});

describe('受付・定足数 panel', () => {
  it('shows the counters and 不足, then follows the reception and quorum events', async () => {
    signIn('CCI_CONFERENCE_USER');
    FakeEventSource.install();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(ROOM, () => HttpResponse.json(room({ status: 'open' }))),
      http.get(`${ROOM}/chat`, () => HttpResponse.json({ data: [] })),
      http.get(`${ROOM}/comments`, () => HttpResponse.json({ data: [] })),
      http.get(`${ROOM}/links`, () => HttpResponse.json({ data: [] })),
      http.post(`${ROOM}/ticket`, () => HttpResponse.json({ ticket: 't1', expires_at: '2026-11-21T05:01:00Z' }, { status: 201 })),
      http.get(`${API}/conferences/1/quorum`, () => HttpResponse.json(quorum(false, '2026-11-21T05:00:00.000Z'))),
      http.get(`${API}/conferences/1/check_ins`, () =>
        HttpResponse.json({
          data: [],
          meta: { total: 4, page: 1, perPage: 1 },
          counts: { expected: 4, checked_in: 1, not_arrived: 3 },
        }),
      ),
    );
    renderApp('/conferences/1/room');

    const panel = await screen.findByRole('region', { name: '受付・定足数' }, WAIT);
    const counters = () =>
      within(panel)
        .getAllByRole('definition')
        .map((d) => d.textContent);
    await waitFor(() => expect(counters()).toEqual(['4', '1', '3']), WAIT);
    await waitFor(() => expect(within(panel).getByTestId('panel-quorum')).toHaveTextContent('不足'), WAIT);
    expect(within(panel).getByTestId('panel-quorum')).toHaveTextContent('あと2名');
    expect(within(panel).getByRole('link', { name: '定足数の画面を開く' })).toHaveAttribute('href', '/conferences/1/quorum');

    // the staff room opens more than one staff stream (the room's, the 採決 panel's: decision 0031);
    // the server sends the room's events down each of them
    const open = () => FakeEventSource.instances.filter((s) => !s.closed);
    await waitFor(() => expect(open()).toHaveLength(2), WAIT);
    for (const stream of open()) {
      stream.open();
      stream.emit('reception', { row: { id: 7 }, counts: { expected: 4, checked_in: 3, not_arrived: 1 } }, 11);
      stream.emit('quorum', quorum(true, '2026-11-21T05:10:00.000Z'), 12);
    }
    await waitFor(() => expect(counters()).toEqual(['4', '3', '1']), WAIT);
    expect(within(panel).getByTestId('panel-quorum')).toHaveTextContent('成立');
    expect(within(panel).getByTestId('panel-quorum')).toHaveTextContent('計 3名 / 必要数 3名');
  }, 30_000);
});
