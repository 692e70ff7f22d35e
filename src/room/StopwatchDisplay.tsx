/**
 * The shared stopwatch (spec §3 "a stopwatch counter ticking every 100 ms", §9): re-rendered every
 * 100 ms while running. Whether it runs is said in words (計測中 / 一時停止中 / 停止中), not only by
 * colour, and a screen reader hears only those changes, never the ticking digits.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Stopwatch } from './api';
import { STOPWATCH_TICK_MS, formatStopwatch, stopwatchElapsedMs } from './stopwatch';
import { visuallyHidden } from '../company/visuallyHidden';

export interface StopwatchDisplayProps {
  stopwatch: Stopwatch;
  clockOffset: number;
  /** the room has ended: nothing is measured any more (issue 29 §6), whatever the watch last said */
  ended?: boolean;
}

const stateOf = (stopwatch: Stopwatch, ended: boolean) =>
  ended ? 'stopped' : stopwatch.running ? 'running' : stopwatch.elapsed_ms > 0 ? 'paused' : 'stopped';

export const StopwatchDisplay = ({ stopwatch, clockOffset, ended = false }: StopwatchDisplayProps) => {
  const translate = useTranslate();
  // Until the first tick of a new state, "now" is when it arrived: server_now − offset.
  const [tick, setTick] = useState<{ of: Stopwatch; now: number } | null>(null);
  const now = tick?.of === stopwatch ? tick.now : Date.parse(stopwatch.server_now) - clockOffset;
  // after the end the digits stand where they were when the room's state last arrived
  const ticking = stopwatch.running && !ended;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setTick({ of: stopwatch, now: Date.now() }), STOPWATCH_TICK_MS);
    return () => clearInterval(timer);
  }, [stopwatch, ticking]);

  const label = translate(`kaigi.room.stopwatch.label.${stopwatch.label}`);
  const state = stateOf(stopwatch, ended);
  const stateText = translate(`kaigi.room.stopwatch.state.${state}`);
  return (
    <Box
      component="section"
      aria-labelledby="room-stopwatch-label"
      sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
    >
      <Typography id="room-stopwatch-label" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <Typography
        data-testid="stopwatch-time"
        component="p"
        sx={{
          m: 0,
          fontSize: { xs: '2rem', md: '2.5rem' },
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
          lineHeight: 1.2,
        }}
      >
        {formatStopwatch(stopwatchElapsedMs(stopwatch, clockOffset, now))}
      </Typography>
      <Typography
        component="p"
        variant="body2"
        data-testid="stopwatch-state"
        sx={{
          m: 0,
          px: 1,
          borderRadius: 1,
          fontWeight: 700,
          color: state === 'running' ? 'success.contrastText' : 'text.primary',
          bgcolor: state === 'running' ? 'success.dark' : 'action.selected',
        }}
      >
        {stateText}
      </Typography>
      <Box component="span" role="status" sx={visuallyHidden}>
        {`${label} ${stateText}`}
      </Box>
    </Box>
  );
};
