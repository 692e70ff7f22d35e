/**
 * The staff controls of the live room, in the room view's staff column (issue 12): the room's
 * status, 受付・定足数 (issue 14), 採決 (issue 34), stopwatch, 次第, comments, links, online URL and panels, one above the other.
 */
import { Stack } from '@mui/material';
import { ReceptionQuorumPanel } from '../quorum/ReceptionQuorumPanel';
import { VotePanel } from '../votes/VotePanel';
import type { Quorum, ReceptionCounts } from '../quorum/types';
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
  /** the room stream's latest `reception` counters and `quorum` (issue 14) */
  reception?: ReceptionCounts | null;
  quorum?: Quorum | null;
}

export const StaffPanels = ({
  conferenceId,
  room,
  comments,
  onRoomSaved,
  onStopwatchSaved,
  onCommentSaved,
  reception = null,
  quorum = null,
}: StaffPanelsProps) => (
  <Stack spacing={2}>
    <RoomStatusControl conferenceId={conferenceId} room={room} onSaved={onRoomSaved} />
    <ReceptionQuorumPanel conferenceId={conferenceId} liveCounts={reception} liveQuorum={quorum} />
    <VotePanel conferenceId={conferenceId} currentAgenda={room.current_agenda} />
    <StopwatchControls conferenceId={conferenceId} room={room} onSaved={onStopwatchSaved} />
    <AgendaEditor conferenceId={conferenceId} room={room} onSaved={onRoomSaved} />
    <CommentModeration
      conferenceId={conferenceId}
      comments={comments}
      conferenceName={room.conference.name}
      onSaved={onCommentSaved}
    />
    <LinkManager conferenceId={conferenceId} />
    <RoomSettingsForm conferenceId={conferenceId} room={room} onSaved={onRoomSaved} />
  </Stack>
);
