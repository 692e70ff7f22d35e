/**
 * The room shapes staff work with (issue 12, DESIGN.md §11.1), from the document's
 * components (src/api/schema.d.ts). The constants copy the server's
 * lists; types.test.ts checks that they still agree with it.
 */
import type { AgendaItem, Comment, Room, RoomLink, RoomUpdate, Stopwatch } from '../../api/schema';

export type { AgendaItem, Comment, Room, RoomLink, RoomUpdate, Stopwatch };
export type RoomStatus = Room['status'];
export type CommentStatus = Comment['status'];
export type StopwatchLabel = Stopwatch['label'];
export type StopwatchAction = 'start' | 'pause' | 'reset';
export type LinkKind = RoomLink['kind'];
export type SenderKind = Comment['sender_kind'];

export const ROOM_STATUSES = ['waiting', 'open', 'ended'] as const satisfies readonly RoomStatus[];
export const COMMENT_STATUSES = ['new', 'answered', 'hidden'] as const satisfies readonly CommentStatus[];
export const STOPWATCH_LABELS = ['speaking', 'elapsed'] as const satisfies readonly StopwatchLabel[];
export const LINK_KINDS = ['guest', 'user'] as const satisfies readonly LinkKind[];
export const AGENDA_MAX_ITEMS = 50;

/** What the room's writes answer with, for the page to merge into the state it shows. */
export type OnRoomSaved = (room: Room) => void;
