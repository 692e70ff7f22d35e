import type { TableType } from '../../schemas/export.ts';
import type { ExportSource, SourceContext } from './types.ts';
import { attendanceSource } from './attendance.ts';
import { receptionSource } from './reception.ts';
import { attendeesSource } from './attendees.ts';
import { companiesSource } from './companies.ts';
import { membersSource } from './members.ts';
import { positionsSource } from './positions.ts';
import { roomChatSource, roomCommentsSource } from './room.ts';
import { votesSource } from './votes.ts';

/** The row source of each table export type (issue 6; documents: ../documents). */
export const SOURCES: Readonly<Record<TableType, (ctx: SourceContext) => ExportSource | Promise<ExportSource>>> = {
  attendance: attendanceSource,
  reception: receptionSource,
  attendees: attendeesSource,
  companies: companiesSource,
  members: membersSource,
  positions: positionsSource,
  room_comments: roomCommentsSource,
  room_chat: roomChatSource,
  votes: votesSource,
};

// The column labels of the exports an import reads back (DESIGN.md §11.4): import and template use these.
export { COMPANY_EXPORT_HEADERS } from './companies.ts';
export { MEMBER_EXPORT_HEADERS } from './members.ts';
export { POSITION_EXPORT_HEADERS, POSITION_TYPE_NAMES } from './positions.ts';
