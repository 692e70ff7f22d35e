/**
 * The stopwatch's staff buttons against MSW: what is enabled follows the state (stopped at zero,
 * running, paused), each button sends its action with the chosen kind (発言時間 / 経過時間), and
 * the kind is fixed while running.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { StopwatchControls } from './StopwatchControls';
import { ROOM, room } from './test/fixtures';
import { renderStaff } from './test/renderStaff';
import type { Stopwatch } from './types';

const NOW = '2026-11-21T05:00:10.000Z';

const setup = () => {
  const bodies: unknown[] = [];
  let stopwatch: Stopwatch = room().stopwatch;
  server.use(
    http.put(`${ROOM}/stopwatch`, async ({ request }) => {
      const body = (await request.json()) as { action: string; label?: Stopwatch['label'] };
      bodies.push(body);
      const label = body.label ?? stopwatch.label;
      if (body.action === 'start') stopwatch = { ...stopwatch, running: true, started_at: NOW, label, server_now: NOW };
      if (body.action === 'pause')
        stopwatch = { ...stopwatch, running: false, started_at: null, elapsed_ms: 12_300, server_now: NOW };
      if (body.action === 'reset')
        stopwatch = { ...stopwatch, running: false, started_at: null, elapsed_ms: 0, label, server_now: NOW };
      return HttpResponse.json(stopwatch);
    }),
  );
  return { bodies };
};

const renderControls = () =>
  renderStaff(room(), (r, setRoom) => (
    <StopwatchControls conferenceId={1} room={r} onSaved={(stopwatch) => setRoom({ ...r, stopwatch })} />
  ));

const button = (name: string) => screen.getByRole('button', { name });

describe('StopwatchControls', () => {
  it('enables what applies in each state and sends start / pause / reset with the kind', async () => {
    const { bodies } = setup();
    const user = userEvent.setup();
    renderControls();

    // stopped at zero: only 開始
    expect(screen.getByText('発言時間は停止中')).toBeInTheDocument();
    expect(button('開始')).toBeEnabled();
    expect(button('一時停止')).toBeDisabled();
    expect(button('リセット')).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: '経過時間' }));
    await user.click(button('開始'));
    expect(await screen.findByText('経過時間を計測中')).toBeInTheDocument();
    expect(button('開始')).toBeDisabled();
    expect(button('一時停止')).toBeEnabled();
    expect(button('リセット')).toBeEnabled();
    // the kind is fixed while running
    expect(screen.getByRole('radio', { name: '発言時間' })).toBeDisabled();
    expect(screen.getByText('計測中は種類を変えられません。一時停止してから変えてください。')).toBeInTheDocument();

    await user.click(button('一時停止'));
    expect(await screen.findByText('経過時間を一時停止中')).toBeInTheDocument();
    expect(button('開始')).toBeEnabled();
    expect(button('一時停止')).toBeDisabled();
    expect(button('リセット')).toBeEnabled();

    await user.click(button('リセット'));
    expect(await screen.findByText('経過時間は停止中')).toBeInTheDocument();
    expect(button('リセット')).toBeDisabled();

    expect(bodies).toEqual([{ action: 'start', label: 'elapsed' }, { action: 'pause' }, { action: 'reset', label: 'elapsed' }]);
  });

  it('says why an action failed', async () => {
    server.use(
      http.put(`${ROOM}/stopwatch`, () =>
        HttpResponse.json(
          { status: 403, code: 'forbidden', detail: '権限がありません' },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderControls();
    await user.click(button('開始'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('この操作を行う権限がありません。'));
    expect(button('開始')).toBeEnabled();
  });
});
