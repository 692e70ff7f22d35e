/**
 * Record shapes of this area, from the server's TypeBox schemas (DESIGN.md §2: the SPA imports
 * their static types with `import type`, erased from the bundle).
 */
import type { ConferenceDetail, Conference as ServerConference } from '../../server/schemas/conference.ts';
import type { ConferenceMember as ServerConferenceMember, InviteResult } from '../../server/schemas/conference-member.ts';
import type { ConferenceCompany as ServerConferenceCompany } from '../../server/schemas/conference-company.ts';
import type { ConferenceTemplate as ServerConferenceTemplate } from '../../server/schemas/conference-template.ts';

import type { AnswerChannel, NotificationKind, NotificationStatus } from '../../server/db/schema.ts';
import type {
  Notification,
  ManualNotificationResult,
  ConferenceNotificationListSchema,
} from '../../server/schemas/notification.ts';
import type { Static } from 'typebox';

/**
 * Issue 13 fields the server branches (answer channels, answering window) add to the conference
 * and conference member schemas; declared here until those schemas carry them (DESIGN.md §11.2).
 */
interface ConferenceIssue13 {
  /** business days before the deadline on which reminders go out (1–30, unique, ≤ 5) */
  reminder_days?: number[];
}
interface ConferenceMemberIssue13 {
  answer_channel?: AnswerChannel | null;
  answer_received_at?: string | null;
  answered_late?: boolean;
}

export type Conference = ServerConference & ConferenceIssue13 & { sub_conferences?: ServerConference[] };
export type { AnswerChannel, NotificationKind, NotificationStatus, Notification, ManualNotificationResult };
export type ConferenceNotificationList = Static<typeof ConferenceNotificationListSchema>;
export type ReminderSchedule = ConferenceNotificationList['reminders'][number];
/** A PUT/POST conference response's warnings (DESIGN.md §11.2: a published sub-conference without invitees). */
export interface ConferenceWarning {
  code: 'sub_conference_without_invitees' | string;
  conference_id: number;
  name: string;
}
export type { ConferenceDetail, InviteResult };
export type ConferenceMember = ServerConferenceMember & ConferenceMemberIssue13;
export type ConferenceCompany = ServerConferenceCompany;
export type ConferenceTemplate = ServerConferenceTemplate;
export type AnswerContent = NonNullable<ConferenceMember['answer_content']>;
export type MemberCategory = ConferenceMember['category'];
