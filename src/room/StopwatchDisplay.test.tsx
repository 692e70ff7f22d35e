import { act, screen } from '@testing-library/react';
import { StopwatchDisplay } from './StopwatchDisplay';
import { formatStopwatch } from './stopwatch';
import { NOW, stopwatch } from './test/fixtures';
import { renderPortal } from './test/renderRoom';
import type { Stopwatch } from './api';

const show = (state: Stopwatch, clockOffset = 0) =>
  renderPortal(<StopwatchDisplay stopwatch={state} clockOffset={clockOffset} />, { url: '/', path: '/' });

const time = () => screen.getByTestId('stopwatch-time').textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const iso = (ms: number) => new Date(ms).toISOString();

describe('StopwatchDisplay (spec §9 tick 100 ms, DESIGN.md §11.1)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('running: accumulated + (now − started_at), re-rendered every 100 ms, said in words', () => {
    const started = NOW.getTime() - 5_000;
    show(stopwatch({ running: true, elapsed_ms: 1_000, started_at: iso(started), server_now: iso(NOW.getTime()) }));
    expect(time()).toBe('00:06.0');
    expect(screen.getByRole('heading', { name: '発言時間' })).toBeInTheDocument();
    expect(screen.getByTestId('stopwatch-state')).toHaveTextContent('計測中');
    advance(100);
    expect(time()).toBe('00:06.1');
    advance(1_400);
    expect(time()).toBe('00:07.5');
    advance(60_000);
    expect(time()).toBe('01:07.5');
  });

  it('after the room ended: not 計測中 and no longer ticking, even if the watch was left running (issue 29 §6)', () => {
    const started = NOW.getTime() - 5_000;
    const running = stopwatch({ running: true, elapsed_ms: 1_000, started_at: iso(started), server_now: iso(NOW.getTime()) });
    renderPortal(<StopwatchDisplay stopwatch={running} clockOffset={0} ended />, { url: '/', path: '/' });
    expect(time()).toBe('00:06.0');
    expect(screen.getByTestId('stopwatch-state')).toHaveTextContent('停止中');
    expect(screen.getByTestId('stopwatch-state')).not.toHaveTextContent('計測中');
    advance(5_000);
    expect(time()).toBe('00:06.0');
  });

  it('paused: the accumulated time stands still; 経過時間 label', () => {
    show(stopwatch({ running: false, elapsed_ms: 65_400, label: 'elapsed' }));
    expect(time()).toBe('01:05.4');
    expect(screen.getByRole('heading', { name: '経過時間' })).toBeInTheDocument();
    expect(screen.getByTestId('stopwatch-state')).toHaveTextContent('一時停止中');
    advance(5_000);
    expect(time()).toBe('01:05.4');
  });

  it('reset (nothing accumulated) reads 00:00.0, 停止中', () => {
    show(stopwatch());
    expect(time()).toBe('00:00.0');
    expect(screen.getByTestId('stopwatch-state')).toHaveTextContent('停止中');
  });

  it('corrects for this browser’s clock: 3 s behind the server, it still shows the server’s time', () => {
    // the server's clock reads NOW + 3 s; the stopwatch started 2 s before that
    const serverNow = NOW.getTime() + 3_000;
    show(stopwatch({ running: true, elapsed_ms: 0, started_at: iso(serverNow - 2_000), server_now: iso(serverNow) }), 3_000);
    expect(time()).toBe('00:02.0');
    advance(100);
    expect(time()).toBe('00:02.1');
  });

  it('announces only the state, never the ticking digits', () => {
    show(stopwatch({ running: true, started_at: iso(NOW.getTime()), server_now: iso(NOW.getTime()) }));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('発言時間 計測中');
    expect(status).not.toHaveTextContent(/\d/);
  });

  it('formats mm:ss.t, and h:mm:ss from one hour on', () => {
    expect(formatStopwatch(59_999)).toBe('00:59.9');
    expect(formatStopwatch(3_599_900)).toBe('59:59.9');
    expect(formatStopwatch(3_723_000)).toBe('1:02:03');
  });
});
