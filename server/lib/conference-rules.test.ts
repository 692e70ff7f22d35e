import { describe, expect, it } from 'vitest';
import {
  answerStatusOf,
  answeringClosedProblem,
  canChangeStatus,
  invalidStatusTransition,
  isAnsweringOpen,
} from './conference-rules.ts';
import { CONFERENCE_STATUSES } from '../db/schema.ts';

const now = new Date('2031-05-01T12:00:00+09:00');
const deadline = (iso: string | null) => ({ status: 'published', answer_deadline: iso === null ? null : new Date(iso) });

describe('isAnsweringOpen (DESIGN.md §4)', () => {
  it('is open only while published and not past the deadline (inclusive)', () => {
    expect(isAnsweringOpen(deadline(null), now)).toBe(true);
    expect(isAnsweringOpen(deadline('2031-05-01T12:00:00+09:00'), now)).toBe(true);
    expect(isAnsweringOpen(deadline('2031-05-01T11:59:59+09:00'), now)).toBe(false);
    for (const status of ['draft', 'closed', 'held', 'cancelled']) {
      expect(isAnsweringOpen({ status, answer_deadline: null }, now), status).toBe(false);
    }
  });
});

describe('answerStatusOf', () => {
  it('follows the company summary while open, and is closed otherwise whatever was answered', () => {
    const open = deadline('2031-05-02T00:00:00+09:00');
    expect(answerStatusOf(open, null, now)).toBe('unanswered');
    expect(answerStatusOf(open, 'partial', now)).toBe('partial');
    expect(answerStatusOf(open, 'answered', now)).toBe('answered');
    expect(answerStatusOf(deadline('2031-04-30T00:00:00+09:00'), 'answered', now)).toBe('closed');
    expect(answerStatusOf({ status: 'closed', answer_deadline: null }, null, now)).toBe('closed');
  });
});

describe('answeringClosedProblem', () => {
  it('is a 422 telling a passed deadline from a conference that is not open', () => {
    const passed = answeringClosedProblem(deadline('2031-04-30T00:00:00+09:00'));
    expect(passed).toMatchObject({ status: 422, code: 'answer_deadline_passed' });
    expect(passed.message).toMatch(/回答期限/);
    expect(answeringClosedProblem({ status: 'closed', answer_deadline: null })).toMatchObject({
      status: 422,
      code: 'conference_not_open',
    });
  });
});

describe('canChangeStatus (draft → published → closed → held, any but held → cancelled, closed → published to reopen)', () => {
  it('allows exactly the forward steps, cancelling and reopening', () => {
    const allowed = CONFERENCE_STATUSES.flatMap((from) =>
      CONFERENCE_STATUSES.filter((to) => canChangeStatus(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'draft→published',
        'draft→cancelled',
        'published→closed',
        'published→cancelled',
        'closed→published',
        'closed→held',
        'closed→cancelled',
      ].sort(),
    );
  });

  it('names both states in Japanese in the 422', () => {
    const problem = invalidStatusTransition('held', 'cancelled');
    expect(problem).toMatchObject({ status: 422, code: 'invalid_status_transition', extra: { from: 'held', to: 'cancelled' } });
    expect(problem.message).toContain('開催済');
    expect(problem.message).toContain('中止');
  });
});
