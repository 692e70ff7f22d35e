/**
 * Record shapes of this area, from the OpenAPI document's named components (the generated
 * src/api/schema.d.ts, issue 32).
 */
import type {
  AnswerChannel,
  ConferenceCompanyList,
  ConferenceDetail,
  ConferenceMember,
  ConferenceNotificationListResponse,
  ConferenceTemplate,
  ConferenceWarning,
  InviteResult,
  ManualNotificationResult,
  Notification,
  NotificationKind,
  NotificationStatus,
  Conference as ServerConference,
} from '../api/schema';
import type { WholeList } from '../api/wholeList';
import type { QuorumSettings } from './quorum/types';

/** `quorum`: 定足数 (issue 14; the conference API carries it with server/schemas/reception.ts QuorumSettings). */
export type Conference = ServerConference & { sub_conferences?: ServerConference[]; quorum?: QuorumSettings | null };
export type { QuorumSettings };
export type { AnswerChannel, NotificationKind, NotificationStatus, Notification, ManualNotificationResult };
export type ConferenceNotificationList = WholeList<ConferenceNotificationListResponse, Notification>;
export type ReminderSchedule = ConferenceNotificationList['reminders'][number];
export type { ConferenceDetail, ConferenceWarning, InviteResult };
export type { ConferenceMember, ConferenceTemplate };
type ConferenceCompanyRow = ConferenceCompanyList['data'][number];
/**
 * A row as the SPA asks for it, without `fields`: every field there (the document names only the
 * list, whose rows may leave any field out); `company` with `expand=company`.
 */
export type ConferenceCompany = Required<Omit<ConferenceCompanyRow, 'company' | 'chamber'>> &
  Pick<ConferenceCompanyRow, 'company'>;
export type AnswerContent = NonNullable<ConferenceMember['answer_content']>;
export type MemberCategory = ConferenceMember['category'];
