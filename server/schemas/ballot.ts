/**
 * The voter's side of a 採決 (DESIGN.md §12.1, issue 34): `GET /v1/room/{token}/polls/current` and
 * `PUT /v1/room/{token}/polls/{poll_id}/ballot`, through a personal room link.
 */
import { Type, type Static } from 'typebox';
import { MOTION_RESULTS, MOTION_STATUSES, POLL_METHODS, POLL_STATUSES, VOTE_CHOICES } from '../db/schema.ts';
import { Nullable, RowId } from './common.ts';
import { TokenParams } from './room.ts';

export const BallotParams = Type.Object({ ...TokenParams.properties, poll_id: RowId }, { additionalProperties: false });

/** `conference_member_id`: a vote the link's invitee carries as 委任状 delegate; themselves when left out. */
export const BallotSchema = Type.Object(
  { choice: Type.Enum(VOTE_CHOICES), conference_member_id: Type.Optional(RowId) },
  { additionalProperties: false },
);
export type Ballot = Static<typeof BallotSchema>;

/** One vote the link casts: the invitee's own, or one they carry. `choice` only in 記名 (無記名 names none). */
export const VoteSlotSchema = Type.Object({
  conference_member_id: Type.Integer(),
  name: Type.String(),
  company_name: Nullable(Type.String()),
  may_vote: Type.Boolean(),
  voted: Type.Boolean(),
  choice: Nullable(Type.Enum(VOTE_CHOICES)),
});
export type VoteSlot = Static<typeof VoteSlotSchema>;

export const CurrentPollSchema = Type.Object({
  poll: Nullable(
    Type.Object({
      id: Type.Integer(),
      method: Type.Enum(POLL_METHODS),
      status: Type.Enum(POLL_STATUSES),
      motion: Type.Object({ id: Type.Integer(), number: Type.String(), title: Type.String() }),
      /** the invitee's own vote; null when the link's invitee is no voter of this poll (来賓, 随行, 書面, 委任) */
      own: Nullable(VoteSlotSchema),
      /** the 委任状 votes the invitee carries as delegate */
      carried: Type.Array(VoteSlotSchema),
    }),
  ),
});
export type CurrentPoll = Static<typeof CurrentPollSchema>;

/**
 * The room event `vote` (audience all, decision 0034; an event, not a component of the document): a poll opened, changed, closed or declared,
 * for the voters' screens to ask `…/polls/current` again and show the state. No counts and no
 * voter: counts reach staff only (`poll`) until the board shows them.
 */
export const VoteEventPayload = Type.Object({
  poll: Type.Object({ id: Type.Integer(), method: Type.Enum(POLL_METHODS), status: Type.Enum(POLL_STATUSES) }),
  motion: Type.Object({
    id: Type.Integer(),
    number: Type.String(),
    title: Type.String(),
    status: Type.Enum(MOTION_STATUSES),
    result: Nullable(Type.Enum(MOTION_RESULTS)),
  }),
});
export type VoteEvent = Static<typeof VoteEventPayload>;
