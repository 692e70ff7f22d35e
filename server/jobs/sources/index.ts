import type { ExportType } from '../../schemas/export.ts';
import type { ExportSource, SourceContext } from './types.ts';
import { attendanceSource } from './attendance.ts';
import { receptionSource } from './reception.ts';
import { attendeesSource } from './attendees.ts';
import { companiesSource } from './companies.ts';
import { membersSource } from './members.ts';
import { roomChatSource, roomCommentsSource } from './room.ts';

/** The row source of each export type (issue 6). */
export const SOURCES: Readonly<Record<ExportType, (ctx: SourceContext) => ExportSource | Promise<ExportSource>>> = {
  attendance: attendanceSource,
  reception: receptionSource,
  attendees: attendeesSource,
  companies: companiesSource,
  members: membersSource,
  room_comments: roomCommentsSource,
  room_chat: roomChatSource,
};
