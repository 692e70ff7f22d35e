import { Problem } from '../plugins/app/problem.ts';

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
 * Nothing else (no way back, nothing after held or cancelled).
 */
const NEXT_STATUSES: Record<string, readonly string[]> = {
  draft: ['published', 'cancelled'],
  published: ['closed', 'cancelled'],
  closed: ['held', 'cancelled'],
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
