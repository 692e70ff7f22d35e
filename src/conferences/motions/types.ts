/**
 * Shapes of 議案 and 採決 (issue 34, DESIGN.md §12.1), from the document's components
 * (src/api/schema.d.ts). The constants copy the server's lists
 * (server/db/schema.ts); types.test.ts checks that they still agree with it.
 */
export type {
  Motion,
  MotionCreate,
  MotionDetail,
  MotionUpdate,
  Poll,
  PollCreate,
  PollProgress as PollProgressRead,
  PollResult,
  PollUpdate,
  PollVoter,
} from '../../api/schema';
import type { Motion, Poll, PollResult, PollVoter } from '../../api/schema';

export type MotionRule = Motion['rule'];
export type MotionStatus = Motion['status'];
export type MotionResult = NonNullable<Motion['result']>;
export type PollMethod = Poll['method'];
export type PollCounts = NonNullable<Poll['counts']>;
export type HandCounts = NonNullable<Poll['hand_counts']>;
export type VoteChoice = NonNullable<PollVoter['choice']>;

export const MOTION_STATUSES = ['draft', 'open', 'closed', 'declared'] as const satisfies readonly MotionStatus[];
export const MOTION_RESULTS = ['adopted', 'rejected'] as const satisfies readonly MotionResult[];
export const POLL_METHODS = ['show_of_hands', 'roll_call', 'secret'] as const satisfies readonly PollMethod[];

/**
 * The staff `poll` event (server/repositories/polls.ts, room-ballots.ts): the poll and its 議案 after
 * a staff write or a voter's ballot; while the poll is open also how many have voted, and in a 記名
 * poll whose counts are live the tally so far.
 */
export interface PollEvent extends PollResult {
  voted?: number;
  live_counts?: PollCounts;
}

/** The staff `motion` event (server/repositories/motions.ts): a 議案 written, or the id of one deleted. */
export type MotionEvent = { motion: Motion } | { deleted: number };
