/**
 * The stopwatch's display (DESIGN.md §11.1; spec §9 "Stopwatch tick: 100 ms"): accumulated time
 * plus, while running, the server's now − started_at, where the server's now is this browser's
 * clock corrected by the offset measured when the state arrived. So every browser shows the same
 * time whatever its own clock says.
 */
import type { Stopwatch } from './api';

export const STOPWATCH_TICK_MS = 100;

export const stopwatchElapsedMs = (stopwatch: Stopwatch, clockOffset: number, now: number = Date.now()): number => {
  const started = stopwatch.started_at ? Date.parse(stopwatch.started_at) : NaN;
  const running = stopwatch.running && Number.isFinite(started) ? now + clockOffset - started : 0;
  return Math.max(0, stopwatch.elapsed_ms + running);
};

const pad = (n: number) => String(n).padStart(2, '0');

/** mm:ss.t, or h:mm:ss from one hour on. */
export const formatStopwatch = (ms: number): string => {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(seconds % 60)}`;
  return `${pad(minutes)}:${pad(seconds % 60)}.${tenths % 10}`;
};
