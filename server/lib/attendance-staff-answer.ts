/**
 * Answers staff record from every channel (DESIGN.md §11.2, issue 13 "Answers from every channel"):
 * an answer that reached the chamber by FAX, 電話, メール, 窓口 or 紙, with the time it arrived. The
 * portal's rules apply (attendance-answer-rules.ts) except the answering window: staff may record an
 * answer after the deadline or once answering closed, and such an answer is marked late.
 *
 * Decided here: staff may also record answers while the conference is a draft (a chamber that sends
 * paper invitations receives answers before it publishes in the portal); only a cancelled conference
 * refuses them (422 conference_cancelled).
 */
import type { AnswerChannel, ConferenceStatus } from '../db/schema.ts';
import type { ConferenceMemberUpdate } from '../schemas/conference-member.ts';
import { Problem } from './problem.ts';
import type { AnswerFields } from './attendance-answer-rules.ts';

/** A received time a little ahead of the server clock is a clock difference, not a typo. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
/**
 * The earliest received time, counted back from when the conference was created (issue 29): a
 * chamber may record answers to paper invitations sent before it entered the conference in Kaigi,
 * never within a cycle longer than a year; 1900-01-01 is a typo (or a way to clear the late flag).
 */
const BEFORE_CREATION_MAX_MS = 366 * 24 * 3_600_000;

export interface Receipt {
  answer_channel: AnswerChannel | null;
  answer_received_at: Date | null;
  answered_late: boolean;
}

export interface AnswerTarget {
  status: ConferenceStatus;
  answer_deadline: Date | null;
}

export const hasReceiptFields = (input: ConferenceMemberUpdate) =>
  input.answer_channel !== undefined || input.answer_received_at !== undefined;

/** 422 when the conference no longer takes answers from anyone. */
export function requireAnswerable(target: AnswerTarget): void {
  if (target.status === 'cancelled') {
    throw new Problem(422, 'conference_cancelled', '中止された会議の回答は記録できません。');
  }
}

/** Late: received after the deadline, or recorded once answering closed (締切, 開催済). */
export function isLate(target: AnswerTarget, receivedAt: Date): boolean {
  if (target.status === 'closed' || target.status === 'held') return true;
  return target.answer_deadline !== null && receivedAt.getTime() > target.answer_deadline.getTime();
}

/** The conference a staff answer is recorded for: its answering window and when it was created. */
export interface StaffAnswerTarget extends AnswerTarget {
  created_at: Date;
}

const receivedAtRefused = (code: string, detail: string, message: string) =>
  new Problem(422, code, detail, [{ field: 'body.answer_received_at', code, message }]);

function receivedAtOf(input: ConferenceMemberUpdate, target: StaffAnswerTarget, now: Date): Date {
  if (input.answer_received_at === undefined) return now;
  const at = new Date(input.answer_received_at);
  if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw receivedAtRefused('received_at_in_future', '受付日時に未来の日時は指定できません。', '未来の日時です');
  }
  if (at.getTime() < target.created_at.getTime() - BEFORE_CREATION_MAX_MS) {
    throw receivedAtRefused(
      'received_at_too_early',
      '受付日時が会議の作成より1年以上前です。日時を確認してください。',
      '会議の作成より1年以上前の日時です',
    );
  }
  return at;
}

const channelRequired = () =>
  new Problem(400, 'answer_channel_required', '回答の受付方法を選択してください。', [
    { field: 'body.answer_channel', code: 'answer_channel_required', message: '受付方法は必須です' },
  ]);

/**
 * The receipt fields a staff PUT stores, or undefined when they stay as they are.
 * - a new answer: the channel is required, received now unless told;
 * - the answer cleared (未回答): no channel, no time, not late;
 * - the same answer with channel and/or time: a correction of how and when it arrived.
 */
export function staffReceipt(
  input: ConferenceMemberUpdate,
  current: Receipt & AnswerFields,
  next: AnswerFields,
  answerChanged: boolean,
  target: StaffAnswerTarget,
  now: Date,
): Receipt | undefined {
  if (next.answer_content === null) {
    return answerChanged ? { answer_channel: null, answer_received_at: null, answered_late: false } : undefined;
  }
  if (answerChanged) {
    if (input.answer_channel === undefined) throw channelRequired();
    const receivedAt = receivedAtOf(input, target, now);
    return { answer_channel: input.answer_channel, answer_received_at: receivedAt, answered_late: isLate(target, receivedAt) };
  }
  if (!hasReceiptFields(input)) return undefined;
  const channel = input.answer_channel ?? current.answer_channel;
  // an answer recorded before channels existed has none: a correction must name it
  if (channel === null) throw channelRequired();
  if (input.answer_received_at === undefined) {
    // only the channel changes: when it arrived, and so whether it was late, stays
    return { answer_channel: channel, answer_received_at: current.answer_received_at, answered_late: current.answered_late };
  }
  const receivedAt = receivedAtOf(input, target, now);
  return { answer_channel: channel, answer_received_at: receivedAt, answered_late: isLate(target, receivedAt) };
}
