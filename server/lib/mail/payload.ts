/**
 * What an outbox row (notification.payload) fixes when it is written (DESIGN.md §11.2), so the
 * message says what was true at that moment: the answer as recorded, what changed, the staff's text.
 * The rest (conference, company, chamber) is read when the message is rendered.
 */
import type { AnswerChannel, AnswerContent, VoteChoice } from '../../db/schema.ts';

/** receipt (回答受付のお知らせ): every invitee of the company in the conference, as recorded */
export interface ReceiptPayload {
  answers: Array<{
    /** the invitee's row: its reception ticket (受付票) is signed when the mail is rendered (tickets.ts); absent in rows written before issue 14 */
    conference_member_id?: number;
    member_name: string;
    member_title: string | null;
    answer_content: AnswerContent | null;
    proxy_name: string | null;
    proxy_title: string | null;
    answer_channel: AnswerChannel | null;
    answered_late: boolean;
    /** 委任状: the 委任先 (a name, or 議長); absent in rows written before issue 34 */
    delegate_name?: string | null;
  }>;
  /** 書面議決 as recorded (not set aside), per principal and 議案 (issue 34); absent before it */
  written_votes?: Array<{ member_name: string; member_title: string | null; number: string; title: string; choice: VoteChoice }>;
  /** 'company' when the company answered in the portal; 'chamber' when staff recorded it */
  recorded_by: 'company' | 'chamber';
  /** the channel of the answer that caused this receipt; null when staff cleared an answer */
  channel: AnswerChannel | null;
  /** ISO time the answer was received */
  received_at: string;
}

/** change notice: the fields that changed, before and after (ISO times, place text) */
export interface ChangePayload {
  changes: Array<{
    field: 'event_date' | 'end_at' | 'place' | 'answer_deadline' | 'status';
    before: string | null;
    after: string | null;
  }>;
  /** true when staff reopened answering (回答受付を再開) */
  reopened?: boolean;
}

/** manual: the staff's own text */
export interface ManualPayload {
  body: string;
}

export type NotificationPayload = ReceiptPayload | ChangePayload | ManualPayload | Record<string, never>;
