/**
 * 書面議決 (DESIGN.md §12.1, issue 34): `GET|PUT /v1/company/conference_members/{id}/written_votes`
 * and `PUT /v1/cci/admin/master/conference_members/{id}/written_votes`.
 */
import { Type, type Static } from 'typebox';
import { VOTE_CHOICES } from '../db/schema.ts';
import { Nullable, RowId } from './common.ts';
import { AnswerChannelSchema, STAFF_ANSWER_CHANNELS } from './conference-member.ts';
import { MotionStatusSchema } from './motion.ts';
import { Attachments } from './conference.ts';

const DateTime = Type.String({ format: 'date-time' });

/** One 議案 of the conference and the principal's written vote on it (choice null: none given). */
export const WrittenVoteSchema = Type.Object({
  motion_id: Type.Integer(),
  number: Type.String(),
  title: Type.String(),
  /** the 議案's files: the company downloads them through its get_object_url */
  attachments: Attachments,
  motion_status: MotionStatusSchema,
  choice: Nullable(Type.Enum(VOTE_CHOICES)),
  channel: Nullable(AnswerChannelSchema),
  recorded_by: Nullable(Type.String()),
  recorded_at: Nullable(DateTime),
  /** the principal was checked in when the vote opened: they voted in person, this one was set aside */
  superseded: Type.Boolean(),
});

export const WrittenVotesSchema = Type.Object({ conference_member_id: Type.Integer(), data: Type.Array(WrittenVoteSchema) });
export type WrittenVotes = Static<typeof WrittenVotesSchema>;

const Votes = Type.Array(
  Type.Object({ motion_id: RowId, choice: Nullable(Type.Enum(VOTE_CHOICES)) }, { additionalProperties: false }),
  { minItems: 1, maxItems: 100 },
);

/** The company's: given in the portal (channel `portal`); choice null withdraws a vote. */
export const CompanyWrittenVotesPutSchema = Type.Object({ votes: Votes }, { additionalProperties: false });

/** Staff's: recorded from paper, FAX … (channel as DESIGN.md §11.2, default `paper`). */
export const StaffWrittenVotesPutSchema = Type.Object(
  { votes: Votes, channel: Type.Optional(Type.Enum(STAFF_ANSWER_CHANNELS)) },
  { additionalProperties: false },
);
export type WrittenVotesPut = Static<typeof StaffWrittenVotesPutSchema>;
