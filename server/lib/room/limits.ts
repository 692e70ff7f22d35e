/**
 * How much one link holder, user or address may do in a room (issue 29, DESIGN.md §10: every write
 * or stream path open to a link holder or the public has a limit). Sized for a real meeting: a
 * chamber's 総会 seats 500 attendees behind the venue's one NAT address, so the limits are per
 * link and per user, and the per-address ones only a high ceiling against floods. Which are shared
 * by the API processes and which are each process's own: docs/decisions/0021-room-limits.md.
 */
import type { RateLimitRule } from '../rate-limit.ts';

export interface RoomLimits {
  /** POST …/room/comments, per link or user and room (shared) */
  commentsPerSender: RateLimitRule;
  /** POST …/room/chat, per link or user and room, staff aside, beside the one-a-second rule (shared) */
  chatPerSender: RateLimitRule;
  /** PUT /v1/room/{token}/polls/{poll_id}/ballot, per link and room (shared) */
  ballotsPerSender: RateLimitRule;
  /** POST /v1/room/{token}/chat and …/comments, PUT …/polls/{poll_id}/ballot, per client address (each process) */
  linkWritesPerIp: RateLimitRule;
  /** POST …/room/ticket, per user (shared) */
  ticketsPerUser: RateLimitRule;
  /** POST …/room/links, per staff user (shared) */
  linksPerUser: RateLimitRule;
  /** open event streams per link or user (each process) */
  streamsPerHolder: number;
  /** open event streams per client address (each process) */
  streamsPerIp: number;
}

const MINUTE = 60_000;

export const DEFAULT_ROOM_LIMITS: RoomLimits = {
  // a question, a correction, a follow-up: a person writes a few a minute, a script forty a second
  commentsPerSender: { max: 5, timeWindowMs: MINUTE },
  chatPerSender: { max: 30, timeWindowMs: MINUTE },
  // a vote, a change of mind or two, the votes a delegate carries (decision 0028)
  ballotsPerSender: { max: 60, timeWindowMs: MINUTE },
  // 500 attendees writing at once at a venue stay far below it
  linkWritesPerIp: { max: 1_200, timeWindowMs: MINUTE },
  // a ticket per (re)connection; the SPA backs off to one every 10 s after failures
  ticketsPerUser: { max: 30, timeWindowMs: MINUTE },
  // issued one at a time in a dialog
  linksPerUser: { max: 20, timeWindowMs: MINUTE },
  // a phone, a laptop and a few tabs, plus streams of a dropped network not yet timed out
  streamsPerHolder: 20,
  // the venue's whole audience (two streams each) on one process
  streamsPerIp: 2_000,
};
