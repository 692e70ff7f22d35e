/**
 * 待機中 → 開催中 → 終了 (DESIGN.md §11.1: staff set the room's status; chat and comments are
 * read-only once ended). The current status is the pressed button; 終了 asks first. Writes
 * PUT …/room {status, version}; a 409 offers to read the room again.
 */
import { useState } from 'react';
import { Chip, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { RoomSaveError } from './RoomSaveError';
import { StaffSection } from './StaffSection';
import { useRoomSave } from './useRoomSave';
import { ROOM_STATUSES, type OnRoomSaved, type Room, type RoomStatus } from './types';

export interface RoomStatusControlProps {
  conferenceId: number;
  room: Room;
  onSaved: OnRoomSaved;
}

const COLORS = { waiting: 'default', open: 'success', ended: 'secondary' } as const;

export const RoomStatusControl = ({ conferenceId, room, onSaved }: RoomStatusControlProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { save, pending, error, reload } = useRoomSave(conferenceId, onSaved);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const label = (status: RoomStatus) => translate(`kaigi.room.staff.status.labels.${status}`);

  const change = async (status: RoomStatus) => {
    setConfirmEnd(false);
    const saved = await save({ status, version: room.version });
    if (saved) notify('kaigi.room.staff.status.saved', { type: 'success', messageArgs: { status: label(status) } });
  };

  const choose = (status: RoomStatus | null) => {
    if (!status || status === room.status) return;
    if (status === 'ended') setConfirmEnd(true);
    else void change(status);
  };

  return (
    <StaffSection
      title={translate('kaigi.room.staff.status.title')}
      actions={
        <Chip color={COLORS[room.status]} label={translate('kaigi.room.staff.status.current', { status: label(room.status) })} />
      }
    >
      <Stack spacing={1.5}>
        <ToggleButtonGroup
          exclusive
          value={room.status}
          onChange={(_, status: RoomStatus | null) => choose(status)}
          aria-label={translate('kaigi.room.staff.status.legend')}
          disabled={pending}
          color="primary"
          fullWidth
        >
          {ROOM_STATUSES.map((status) => (
            <ToggleButton key={status} value={status} sx={{ fontWeight: 'bold' }}>
              {label(status)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary">
          {translate(`kaigi.room.staff.status.help.${room.status}`)}
        </Typography>
        <RoomSaveError error={error} onReload={reload} />
      </Stack>
      <Confirm
        isOpen={confirmEnd}
        title="kaigi.room.staff.status.confirm_end_title"
        content="kaigi.room.staff.status.confirm_end_body"
        confirm="kaigi.room.staff.status.confirm_end"
        confirmColor="warning"
        loading={pending}
        onConfirm={() => void change('ended')}
        onClose={() => setConfirmEnd(false)}
      />
    </StaffSection>
  );
};
