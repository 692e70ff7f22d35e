/**
 * Record shapes of this area, from the server's TypeBox schemas (DESIGN.md §2: the SPA imports
 * their static types with `import type`, erased from the bundle).
 */
import type { ConferenceDetail, ConferenceWarning, Conference as ServerConference } from '../../server/schemas/conference.ts';
import type { ConferenceMember as ServerConferenceMember, InviteResult } from '../../server/schemas/conference-member.ts';
import type { ConferenceCompany as ServerConferenceCompany } from '../../server/schemas/conference-company.ts';
import type { ConferenceTemplate as ServerConferenceTemplate } from '../../server/schemas/conference-template.ts';

import type { AnswerChannel, NotificationKind, NotificationStatus } from '../../server/db/schema.ts';
import type {
  Notification,
  ManualNotificationResult,
  FullConferenceNotificationList,
} from '../../server/schemas/notification.ts';
import type { Static } from 'typebox';
import type { QuorumSettings } from './quorum/types';

/** `quorum`: 定足数 (issue 14; the conference API carries it with server/schemas/reception.ts QuorumSettings). */
export type Conference = ServerConference & { sub_conferences?: ServerConference[]; quorum?: QuorumSettings | null };
export type { QuorumSettings };
export type { AnswerChannel, NotificationKind, NotificationStatus, Notification, ManualNotificationResult };
export type ConferenceNotificationList = Static<typeof FullConferenceNotificationList>;
export type ReminderSchedule = ConferenceNotificationList['reminders'][number];
export type { ConferenceDetail, ConferenceWarning, InviteResult };
export type ConferenceMember = ServerConferenceMember;
export type ConferenceCompany = ServerConferenceCompany;
export type ConferenceTemplate = ServerConferenceTemplate;
export type AnswerContent = NonNullable<ConferenceMember['answer_content']>;
export type MemberCategory = ConferenceMember['category'];
