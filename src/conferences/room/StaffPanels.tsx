/**
 * The staff controls of the live room, for the room view's `staffSlot` (issue 12): the room's
 * status, stopwatch, 次第, online URL and panels on one side; comments and links on the other
 * (one column on phones).
 */
import { Grid, Stack } from '@mui/material';
import { AgendaEditor } from './AgendaEditor';
import { CommentModeration } from './CommentModeration';
import { LinkManager } from './LinkManager';
import { RoomSettingsForm } from './RoomSettingsForm';
import { RoomStatusControl } from './RoomStatusControl';
import { StopwatchControls } from './StopwatchControls';
import type { Comment, OnRoomSaved, Room, Stopwatch } from './types';

export interface StaffPanelsProps {
  conferenceId: number;
  room: Room;
  comments: readonly Comment[];
  onRoomSaved: OnRoomSaved;
  onStopwatchSaved?: (stopwatch: Stopwatch) => void;
  onCommentSaved?: (comment: Comment) => void;
}

export const StaffPanels = ({
  conferenceId,
  room,
  comments,
  onRoomSaved,
  onStopwatchSaved,
  onCommentSaved,
}: StaffPanelsProps) => (
  <Grid container spacing={2}>
    <Grid size={{ xs: 12, lg: 6 }}>
      <Stack spacing={2}>
        <RoomStatusControl conferenceId={conferenceId} room={room} onSaved={onRoomSaved} />
        <StopwatchControls conferenceId={conferenceId} room={room} onSaved={onStopwatchSaved} />
        <AgendaEditor conferenceId={conferenceId} room={room} onSaved={onRoomSaved} />
        <RoomSettingsForm conferenceId={conferenceId} room={room} onSaved={onRoomSaved} />
      </Stack>
    </Grid>
    <Grid size={{ xs: 12, lg: 6 }}>
      <Stack spacing={2}>
        <CommentModeration
          conferenceId={conferenceId}
          comments={comments}
          conferenceName={room.conference.name}
          onSaved={onCommentSaved}
        />
        <LinkManager conferenceId={conferenceId} />
      </Stack>
    </Grid>
  </Grid>
);
