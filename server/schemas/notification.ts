/**
 * DESIGN.md §11.2 (issue 13): the outbox as staff see it (送信履歴), the reminder schedule, and the
 * staff-written message. The SPA imports these types with `import type`.
 */
import { Type, type Static } from 'typebox';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from '../db/schema.ts';
import { ListMetaSchema, Nullable, RequiredText, RowId, listOf } from './common.ts';

export const NotificationKindSchema = Type.Enum(NOTIFICATION_KINDS);
export const NotificationStatusSchema = Type.Enum(NOTIFICATION_STATUSES);

export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  conference_id: Type.Integer(),
  company_id: Type.Integer(),
  kind: NotificationKindSchema,
  /** recipients, comma-separated; null: the company has no address (送付不可) */
  to: Nullable(Type.String()),
  subject: Type.String(),
  status: NotificationStatusSchema,
  days_before: Nullable(Type.Integer()),
  scheduled_for: Nullable(Type.String({ format: 'date-time' })),
  attempts: Type.Integer(),
  sent_at: Nullable(Type.String({ format: 'date-time' })),
  /** failed: the SMTP error; skipped: why (a stable code: no_address, nothing_unanswered, deadline_passed, deadline_changed, conference_not_open) */
  error: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  created_by: Type.String(),
  /** always expanded: 事業所コード and 名称 */
  company: Type.Object({ company_code: Type.String(), name1: Type.String() }),
  /** always expanded: the conference's name */
  conference: Type.Object({ name: Type.String() }),
});
export type Notification = Static<typeof NotificationSchema>;

export const ReminderScheduleSchema = Type.Object({
  days_before: Type.Integer(),
  /** 09:00 Asia/Tokyo of that business day; null when it would fall after the deadline or in the past at publish */
  scheduled_for: Nullable(Type.String({ format: 'date-time' })),
});

/** GET /v1/cci/admin/master/conferences/{id}/notifications with every field, as the SPA reads it (the wire's shape: …ResponseSchema). */
export const FullConferenceNotificationList = Type.Object({
  data: Type.Array(NotificationSchema),
  meta: ListMetaSchema,
  reminders: Type.Array(ReminderScheduleSchema),
});
/** As answered: `fields` may leave fields out, `expand=chamber` adds it (spec §3). */
export const ConferenceNotificationListResponseSchema = Type.Object({
  ...listOf(Type.Partial(NotificationSchema)).properties,
  reminders: Type.Array(ReminderScheduleSchema),
});

/**
 * POST /v1/cci/admin/master/conferences/{id}/notifications: a staff-written message to chosen
 * companies (`company_ids`, invited to the conference) or to every company with 未回答 invitees
 * (`unanswered: true`). `preview: true` answers with the rendered message and the recipients
 * without writing anything.
 */
export const ManualNotificationSchema = Type.Object(
  {
    company_ids: Type.Optional(Type.Array(RowId, { minItems: 1, maxItems: 10_000, uniqueItems: true })),
    unanswered: Type.Optional(Type.Literal(true)),
    subject: RequiredText(200),
    body: RequiredText(10_000),
    preview: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ManualNotification = Static<typeof ManualNotificationSchema>;

export const ManualNotificationResultSchema = Type.Object({
  /** the rows written (empty for a preview) */
  created: Type.Array(NotificationSchema),
  /** recipients: companies and addresses; `to` null → 送付不可 */
  recipients: Type.Array(
    Type.Object({ company_id: Type.Integer(), company_code: Type.String(), name1: Type.String(), to: Nullable(Type.String()) }),
  ),
  /** the rendered message for the first recipient: subject and plain text */
  preview: Type.Object({ subject: Type.String(), text: Type.String() }),
});
export type ManualNotificationResult = Static<typeof ManualNotificationResultSchema>;

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const NotificationListSchema = listOf(Type.Partial(NotificationSchema));
