import { Problem } from './problem.ts';

/**
 * Conference answering rules shared by the conference routes and the answer routes
 * (DESIGN.md §4 "conference company": a company's `answer_status` per conference).
 */
export type AnswerStatus = 'unanswered' | 'partial' | 'answered' | 'closed';

export interface AnswerWindow {
  status: string;
  answer_deadline: Date | null;
}

/** Companies may answer only while the conference is published and its deadline (inclusive) has not passed. */
export function isAnsweringOpen(c: AnswerWindow, now = new Date()): boolean {
  if (c.status !== 'published') return false;
  return c.answer_deadline === null || now.getTime() <= c.answer_deadline.getTime();
}

/**
 * `closed` whenever answering is not open; otherwise the company-level summary kept in
 * `conference_company.answer_content` ('answered' | 'partial' | null → unanswered).
 */
export function answerStatusOf(c: AnswerWindow, summary: 'answered' | 'partial' | null, now = new Date()): AnswerStatus {
  if (!isAnsweringOpen(c, now)) return 'closed';
  return summary ?? 'unanswered';
}

/** The 422 to throw when an answer arrives while answering is not open (DESIGN.md §5). */
export function answeringClosedProblem(c: AnswerWindow): Problem {
  if (c.status === 'published') {
    return new Problem(422, 'answer_deadline_passed', '回答期限を過ぎているため、回答できません。');
  }
  return new Problem(422, 'conference_not_open', 'この会議は現在回答を受け付けていません。');
}

/**
 * DESIGN.md §4 status flow: draft → published → closed → held; any state but held may be cancelled.
 * The one way back is 回答受付を再開 (DESIGN.md §11.2): closed → published, with a new deadline
 * (requireReopenDeadline). Nothing after held or cancelled.
 */
const NEXT_STATUSES: Record<string, readonly string[]> = {
  draft: ['published', 'cancelled'],
  published: ['closed', 'cancelled'],
  closed: ['published', 'held', 'cancelled'],
  held: [],
  cancelled: [],
};

/** Is `from → to` an allowed status change? (Keeping the same status is not a change.) */
export function canChangeStatus(from: string, to: string): boolean {
  return NEXT_STATUSES[from]?.includes(to) ?? false;
}

const STATUS_LABELS: Record<string, string> = {
  draft: '下書き',
  published: '公開中',
  closed: '締切',
  held: '開催済',
  cancelled: '中止',
};

/** The 422 for a status change the flow does not allow. */
export function invalidStatusTransition(from: string, to: string): Problem {
  return new Problem(
    422,
    'invalid_status_transition',
    `会議の状態を「${STATUS_LABELS[from] ?? from}」から「${STATUS_LABELS[to] ?? to}」に変更することはできません。`,
    [{ field: 'body.status', code: 'invalid_status_transition', message: '変更できない状態です' }],
    { from, to },
  );
}

/** closed → published: 回答受付を再開. */
export const isReopening = (from: string, to: string) => from === 'closed' && to === 'published';

/**
 * Reopening needs a deadline (the one sent, or the current one when still ahead) later than now,
 * or answering would close again at once (422).
 */
export function requireReopenDeadline(deadline: Date | null, now: Date): void {
  if (deadline !== null && deadline.getTime() > now.getTime()) return;
  throw new Problem(422, 'reopen_deadline_required', '回答受付を再開するには、現在より後の新しい回答期限を指定してください。', [
    { field: 'body.answer_deadline', code: 'reopen_deadline_required', message: '新しい回答期限を指定してください' },
  ]);
}

/**
 * Publishing (draft → published, or created published) with a deadline already past would open
 * nothing: 422 unless the staff confirmed it (`allow_past_deadline`, DESIGN.md §11.2).
 */
export function requireFutureDeadline(deadline: Date | null, now: Date, allowPast: boolean | undefined, field: string): void {
  if (allowPast === true || deadline === null || deadline.getTime() > now.getTime()) return;
  throw new Problem(
    422,
    'answer_deadline_past',
    '回答期限が過ぎています。このまま公開する場合は、期限を過ぎていることを確認してください。',
    [{ field, code: 'answer_deadline_past', message: '回答期限が過ぎています' }],
  );
}
