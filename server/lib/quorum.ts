/**
 * 定足数 arithmetic (DESIGN.md §11.3, issue 14). Exact integers only (BigInt, never floating point):
 * "more than n/d of T" needs the smallest k with k·d > n·T, i.e. ⌊n·T / d⌋ + 1 (過半数 of 75 is 38);
 * "at least n/d of T" needs the smallest k with k·d ≥ n·T, i.e. ⌈n·T / d⌉ (2/3 以上 of 75 is 50).
 */
import type { QuorumSettings } from '../db/schema.ts';

export function requiredCount(total: number, settings: Pick<QuorumSettings, 'numerator' | 'denominator' | 'rule'>): number {
  const product = BigInt(settings.numerator) * BigInt(total);
  const d = BigInt(settings.denominator);
  const k = settings.rule === 'more_than' ? product / d + 1n : (product + d - 1n) / d;
  return Number(k);
}

export interface QuorumFigures {
  /** the basis: the invited principals, or the fixed number */
  total: number;
  required: number;
  /** principals checked in */
  present: number;
  /** principals who answered 委任状 and are not checked in */
  delegated: number;
  /** present, plus delegated when 委任状 count */
  counted: number;
  met: boolean;
  /** counted − required: ≥ 0 met (by that many), < 0 short by that many */
  margin: number;
}

export function evaluateQuorum(
  settings: QuorumSettings,
  facts: { invitedPrincipals: number; present: number; delegated: number },
): QuorumFigures {
  const total = settings.basis === 'invited_principals' ? facts.invitedPrincipals : settings.basis;
  const required = requiredCount(total, settings);
  const counted = facts.present + (settings.count_delegates ? facts.delegated : 0);
  return {
    total,
    required,
    present: facts.present,
    delegated: facts.delegated,
    counted,
    met: counted >= required,
    margin: counted - required,
  };
}
