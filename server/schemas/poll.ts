/**
 * 採決 (polls, DESIGN.md §12.1, issue 34): `POST …/motions/{motion_id}/polls`,
 * `PUT …/polls/{poll_id}` and `POST …/polls/{poll_id}/declare`.
 */
import { Type, type Static } from 'typebox';
import { MOTION_RESULTS, POLL_METHODS, POLL_STATUSES, VOTE_CHOICES, VOTER_KINDS } from '../db/schema.ts';
import { Nullable, RequiredText, RowId, Version } from './common.ts';
import { MotionSchema } from './motion.ts';

const DateTime = Type.String({ format: 'date-time' });
const Count = Type.Integer({ minimum: 0, maximum: 100_000 });

/** The voters frozen at opening: every vote there is (invited principals), and how those counted present vote. */
export const PollEntitledSchema = Type.Object({
  total: Type.Integer(),
  present: Type.Integer(),
  written: Type.Integer(),
  delegated: Type.Integer(),
});

/** The tally at close: written and delegated are the 書面 and 委任状 votes inside yes / no / abstain. */
export const PollCountsSchema = Type.Object({
  yes: Type.Integer(),
  no: Type.Integer(),
  abstain: Type.Integer(),
  not_voted: Type.Integer(),
  written: Type.Integer(),
  delegated: Type.Integer(),
});

/** 挙手: the hands staff counted among the voters present. */
export const HandCountsSchema = Type.Object({ yes: Count, no: Count, abstain: Count }, { additionalProperties: false });

export const PollSchema = Type.Object({
  id: Type.Integer(),
  motion_id: Type.Integer(),
  method: Type.Enum(POLL_METHODS),
  status: Type.Enum(POLL_STATUSES),
  opened_at: DateTime,
  opened_by: Type.String(),
  closed_at: Nullable(DateTime),
  closed_by: Nullable(Type.String()),
  entitled: PollEntitledSchema,
  hand_counts: Nullable(HandCountsSchema),
  counts: Nullable(PollCountsSchema),
  show_counts_live: Type.Boolean(),
  override_reason: Nullable(Type.String()),
  version: Type.Integer(),
});
export type Poll = Static<typeof PollSchema>;

/** `GET …/motions/{motion_id}`: the 議案 with its polls, oldest first. */
export const MotionDetailSchema = Type.Object({ ...MotionSchema.properties, polls: Type.Array(PollSchema) });
export type MotionDetail = Static<typeof MotionDetailSchema>;

/** A poll with its 議案 as the write left it (status open / closed / declared, the result). */
export const PollResultSchema = Type.Object({ poll: PollSchema, motion: MotionSchema });
export type PollResult = Static<typeof PollResultSchema>;

/**
 * A voter of the poll as staff see it while recording votes (decision 0038): who, how they vote
 * (kind; a 委任 names its delegate, null = the chair), whether their vote is in, through which
 * channel (`link`: their phone or their delegate's; `staff`; `written`: 書面), and the choice only
 * where staff recorded it — a phone's choice stays hidden like the counts; 無記名 names none.
 */
export const PollVoterSchema = Type.Object({
  conference_member_id: Type.Integer(),
  name: Type.String(),
  company_name: Nullable(Type.String()),
  kind: Type.Enum(VOTER_KINDS),
  delegate_to: Nullable(Type.Integer()),
  delegate_name: Nullable(Type.String()),
  voted: Type.Boolean(),
  channel: Nullable(Type.Enum(['link', 'staff', 'written'])),
  choice: Nullable(Type.Enum(VOTE_CHOICES)),
});
export type PollVoter = Static<typeof PollVoterSchema>;

/**
 * `GET …/polls/{poll_id}` (decision 0038): a poll's state at once for a panel or board opened
 * mid-vote — how many voted, the tally so far only under the stream's rule (記名 with live
 * counts, while open), and its voters.
 */
export const PollProgressSchema = Type.Object({
  poll: PollSchema,
  motion: MotionSchema,
  voted: Type.Integer(),
  live_counts: Nullable(PollCountsSchema),
  voters: Type.Array(PollVoterSchema),
});
export type PollProgress = Static<typeof PollProgressSchema>;

/**
 * POST: the method; `override_reason` opens although the quorum is not met (audited);
 * `show_counts_live` shows the counts on the board before close.
 */
export const PollCreateSchema = Type.Object(
  {
    method: Type.Enum(POLL_METHODS),
    show_counts_live: Type.Optional(Type.Boolean()),
    override_reason: Type.Optional(RequiredText(500)),
  },
  { additionalProperties: false },
);
export type PollCreate = Static<typeof PollCreateSchema>;

/**
 * Votes staff record (decision 0026): in 記名 for any voter present or delegated, in 挙手 for the
 * delegated (the chair's 委任 among them); never in 無記名.
 */
export const RecordedBallotsSchema = Type.Array(
  Type.Object({ conference_member_id: RowId, choice: Type.Enum(VOTE_CHOICES) }, { additionalProperties: false }),
  { maxItems: 1000 },
);

/**
 * PUT: `counts` (挙手 only), `ballots` staff record, `show_counts_live`, `status: "closed"` (the
 * tally is taken then, after the rest of the body).
 */
export const PollUpdateSchema = Type.Object(
  {
    version: Version,
    counts: Type.Optional(HandCountsSchema),
    ballots: Type.Optional(RecordedBallotsSchema),
    show_counts_live: Type.Optional(Type.Boolean()),
    status: Type.Optional(Type.Literal('closed')),
  },
  { additionalProperties: false },
);
export type PollUpdate = Static<typeof PollUpdateSchema>;

/** POST …/declare: `chair_decision` when the poll is 可否同数 (and only then). */
export const PollDeclareSchema = Type.Object(
  { chair_decision: Type.Optional(Type.Enum(MOTION_RESULTS)) },
  { additionalProperties: false },
);
export type PollDeclare = Static<typeof PollDeclareSchema>;

export const PollParams = Type.Object({ id: RowId, motion_id: RowId, poll_id: RowId }, { additionalProperties: false });
