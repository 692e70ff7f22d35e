/**
 * Who is in a room (issue 12, DESIGN.md §11.1): staff, a company admin or a link holder, as the
 * room-viewers repository (server/repositories/room-viewers.ts) lets them in.
 */
import type { RoomKind } from '../../schemas/room.ts';

export interface RoomViewer {
  kind: RoomKind;
  conferenceId: number;
  cciCode: string;
  /** who wrote a message: `user:{username}` or `link:{id}` (own messages, the chat rate limit) */
  senderKey: string;
  name: string;
  /** the company of a company admin or an invitee */
  org: string | null;
  /** the audit log's actor */
  actor: string;
  /** a personal link's invitee (conference member): whose vote the link casts (DESIGN.md §12.1) */
  conferenceMemberId?: number | null;
}
