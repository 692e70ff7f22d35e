/**
 * The room's stopwatch, staff side (DESIGN.md §11.1): 開始 / 一時停止 / リセット of 発言時間 or
 * 経過時間 (PUT …/room/stopwatch {action, label}). Only what applies is enabled: 開始 while stopped,
 * 一時停止 while running, リセット once there is time to clear. The kind is sent with 開始 and
 * リセット and is fixed while running. The ticking display is the room view's stopwatch panel; this
 * card says the state in words (aria-live: on changes only, never per tick).
 */
import { useState } from 'react';
import {
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PauseIcon from '@mui/icons-material/Pause';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useTranslate } from 'react-admin';
import { roomApi } from './api';
import { RoomSaveError } from './RoomSaveError';
import { StaffSection } from './StaffSection';
import { STOPWATCH_LABELS, type Room, type Stopwatch, type StopwatchAction, type StopwatchLabel } from './types';

export interface StopwatchControlsProps {
  conferenceId: number;
  room: Pick<Room, 'stopwatch'>;
  /** The stopwatch the server answered with (the room's stream brings it to every client too). */
  onSaved?: (stopwatch: Stopwatch) => void;
}

export const StopwatchControls = ({ conferenceId, room, onSaved }: StopwatchControlsProps) => {
  const translate = useTranslate();
  const { running, elapsed_ms: elapsed, label: savedLabel } = room.stopwatch;
  const [label, setLabel] = useState<StopwatchLabel>(savedLabel);
  const [lastSavedLabel, setLastSavedLabel] = useState(savedLabel);
  if (savedLabel !== lastSavedLabel) {
    setLastSavedLabel(savedLabel);
    setLabel(savedLabel);
  }
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const t = (key: string, args?: Record<string, unknown>) => translate(`kaigi.room.staff.stopwatch.${key}`, args);

  const act = async (action: StopwatchAction) => {
    setPending(true);
    setError(null);
    try {
      onSaved?.(await roomApi.stopwatch(conferenceId, action, action === 'pause' ? undefined : label));
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  const state = running ? 'running' : elapsed > 0 ? 'paused' : 'idle';
  return (
    <StaffSection title={t('title')}>
      <Stack spacing={2}>
        <Typography aria-live="polite" sx={{ fontWeight: 'bold' }}>
          {t(`state.${state}`, { label: t(`labels.${savedLabel}`) })}
        </Typography>
        {/* only the radios are disabled while running: the legend and the reason stay readable */}
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('label_legend')}</FormLabel>
          <RadioGroup row value={label} onChange={(e) => setLabel(e.target.value as StopwatchLabel)}>
            {STOPWATCH_LABELS.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio />}
                label={t(`labels.${option}`)}
                disabled={running || pending}
              />
            ))}
          </RadioGroup>
          {running && <FormHelperText>{t('label_locked')}</FormHelperText>}
        </FormControl>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            disabled={pending || running}
            onClick={() => void act('start')}
          >
            {t('start')}
          </Button>
          <Button variant="outlined" startIcon={<PauseIcon />} disabled={pending || !running} onClick={() => void act('pause')}>
            {t('pause')}
          </Button>
          <Button startIcon={<RestartAltIcon />} disabled={pending || state === 'idle'} onClick={() => void act('reset')}>
            {t('reset')}
          </Button>
        </Stack>
        <RoomSaveError error={error} />
      </Stack>
    </StaffSection>
  );
};
