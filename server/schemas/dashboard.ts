import { Type, type Static } from 'typebox';
import { Nullable } from './common.ts';
import { ConferenceStatusSchema } from './conference.ts';

const DateTime = Type.String({ format: 'date-time' });

/** A conference on the staff home with its invitees' answer count (people, as 回答状況 counts them). */
export const DashboardConferenceSchema = Type.Object({
  id: Type.Integer(),
  parent_id: Nullable(Type.Integer()),
  /** a sub-conference's parent, so the home can say 「総会 › 懇親会」 */
  parent_name: Nullable(Type.String()),
  name: Type.String(),
  event_date: DateTime,
  answer_deadline: Nullable(DateTime),
  status: ConferenceStatusSchema,
  /** conference members invited */
  invited: Type.Integer(),
  /** of them, with an answer (未回答 = invited − answered) */
  answered: Type.Integer(),
});
export type DashboardConference = Static<typeof DashboardConferenceSchema>;

/** GET /v1/cci/{cci_code}/dashboard (issue 15 item 5): the sections of the staff home /admin. */
export const DashboardSchema = Type.Object({
  /** today, Asia/Tokyo: the first day 今後の会議 counts */
  today: Type.String({ format: 'date' }),
  /** 今後の会議: event date today or later, not cancelled, soonest first; `total` beyond the first ones */
  upcoming: Type.Object({ data: Type.Array(DashboardConferenceSchema), total: Type.Integer() }),
  /** 締切が近い未回答: open for answers, deadline within `days`, with 未回答 invitees; most urgent first */
  deadline_soon: Type.Object({ days: Type.Integer(), data: Type.Array(DashboardConferenceSchema), total: Type.Integer() }),
});
export type Dashboard = Static<typeof DashboardSchema>;
