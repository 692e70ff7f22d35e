/**
 * オンライン会議URL (shown as a link in everyone's info panel; http/https only, like the server's
 * pattern) and the panels staff open to the room (チャットを開く / コメントを受け付ける, DESIGN.md
 * §11.1). The URL is saved with its button; a switch saves at once. Both send the room's version.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, FormControl, FormControlLabel, FormGroup, FormLabel, Stack, Switch, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { RoomSaveError } from './RoomSaveError';
import { StaffSection } from './StaffSection';
import { useRoomSave } from './useRoomSave';
import type { OnRoomSaved, Room } from './types';

export interface RoomSettingsFormProps {
  conferenceId: number;
  room: Room;
  onSaved: OnRoomSaved;
}

/** server/schemas/room.ts RoomUpdate.online_url: ^https?://[^\s\u0000]+$, at most 2000 characters. */
// eslint-disable-next-line no-control-regex -- NUL is refused as the server's pattern refuses it
export const isOnlineUrl = (value: string) => value.length <= 2000 && /^https?:\/\/[^\s\u0000]+$/.test(value);

const PANELS = ['chat', 'comment'] as const;

export const RoomSettingsForm = ({ conferenceId, room, onSaved }: RoomSettingsFormProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { save, pending, error, reload } = useRoomSave(conferenceId, onSaved);
  const [url, setUrl] = useState(room.online_url ?? '');
  const [invalid, setInvalid] = useState(false);
  const t = (key: string) => translate(`kaigi.room.staff.settings.${key}`);

  // another staff member's change arrives: show it unless the user is typing a change of their own
  const saved = room.online_url ?? '';
  const [lastSaved, setLastSaved] = useState(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    if (url === lastSaved) setUrl(saved);
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = url.trim();
    if (value !== '' && !isOnlineUrl(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (await save({ online_url: value || null, version: room.version })) {
      setUrl(value);
      notify('kaigi.room.staff.settings.url_saved', { type: 'success' });
    }
  };

  const toggle = async (panel: (typeof PANELS)[number], open: boolean) => {
    if (await save({ panels: { ...room.panels, [panel]: open }, version: room.version })) {
      notify('kaigi.room.staff.settings.panels_saved', { type: 'success' });
    }
  };

  return (
    <StaffSection title={t('title')}>
      <Stack spacing={2}>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            label={t('online_url')}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={invalid}
            helperText={t(invalid ? 'online_url_invalid' : 'online_url_help')}
            disabled={pending}
            slotProps={{ htmlInput: { maxLength: 2000, inputMode: 'url' } }}
            sx={{ flex: '1 1 260px' }}
          />
          <Button type="submit" variant="outlined" disabled={pending} sx={{ mt: 1 }}>
            {t('save_url')}
          </Button>
        </Box>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('panels_legend')}</FormLabel>
          <FormGroup>
            {PANELS.map((panel) => (
              <FormControlLabel
                key={panel}
                control={<Switch checked={room.panels[panel]} onChange={(e) => void toggle(panel, e.target.checked)} />}
                label={t(panel)}
                disabled={pending}
              />
            ))}
          </FormGroup>
        </FormControl>
        <RoomSaveError error={error} onReload={() => void reload()} />
      </Stack>
    </StaffSection>
  );
};
