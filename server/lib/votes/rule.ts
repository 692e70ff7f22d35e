/**
 * The arithmetic of a 議案's rule (DESIGN.md §12.1, issue 34). Integers only (BigInt through
 * requiredCount, never floating point), the same threshold as the 定足数 (server/lib/quorum.ts):
 * "more than n/d of B" needs ⌊n·B / d⌋ + 1 賛成, "at least n/d of B" needs ⌈n·B / d⌉.
 *
 * The basis B is the voters present (出席: in person, 書面 and 委任状 count as present — 定款
 * 「書面又は代理人をもって議決権を行使した者は出席とみなす」) or every vote there is (議決権総数).
 * 可否同数 — exactly half 賛成 under a "more than half" rule — is neither: the chair decides.
 */
import type { MotionRule } from '../../db/schema.ts';
import { requiredCount } from '../quorum.ts';

export type Outcome = 'adopted' | 'rejected' | 'tie';

/** What a poll's voters were at opening: `entitled` every vote there is, `present` those counted present. */
export interface Voters {
  entitled: number;
  present: number;
}

/** The basis B of the rule: the voters present, or every vote there is. */
export const basisCount = (rule: Pick<MotionRule, 'basis'>, voters: Voters): number =>
  rule.basis === 'present' ? voters.present : voters.entitled;

/** The 賛成 the motion needs: the smallest count that passes the rule over `basis` voters. */
export const requiredYes = (rule: Pick<MotionRule, 'numerator' | 'denominator' | 'rule'>, basis: number): number =>
  requiredCount(basis, rule);

/** Exactly half of the basis said 賛成 under a "more than half" rule (可否同数). */
function isTie(rule: Pick<MotionRule, 'numerator' | 'denominator' | 'rule'>, basis: number, yes: number): boolean {
  return rule.rule === 'more_than' && 2 * rule.numerator === rule.denominator && 2 * yes === basis;
}

/** Adopted, rejected, or a tie the chair must decide; `yes` 賛成 among `basis` voters. */
export function outcomeOf(rule: Pick<MotionRule, 'numerator' | 'denominator' | 'rule'>, basis: number, yes: number): Outcome {
  if (basis > 0 && isTie(rule, basis, yes)) return 'tie';
  return yes >= requiredYes(rule, basis) ? 'adopted' : 'rejected';
}

/**
 * The motion's own quorum, when it has one: the voters present (書面・委任状 included) must reach
 * numerator/denominator of every vote there is; `at_least` unless the quorum says `more_than`.
 * null: the motion has none of its own (the conference's 定足数 applies, server/lib/quorum.ts).
 */
export function motionQuorum(rule: Pick<MotionRule, 'quorum'>, voters: Voters): { required: number; met: boolean } | null {
  if (!rule.quorum) return null;
  const required = requiredCount(voters.entitled, { ...rule.quorum, rule: rule.quorum.rule ?? 'at_least' });
  return { required, met: voters.present >= required };
}

/**
 * A threshold no count can reach — above the whole, or "more than all" — is not a rule (the form
 * refuses it: 422 motion_rule_invalid). Returns the paths that break it, under `path` (the motion's).
 */
export function impossibleParts(rule: MotionRule, path = 'body'): string[] {
  const impossible = (f: { numerator: number; denominator: number; rule?: string }, defaultRule: string) =>
    f.numerator > f.denominator || ((f.rule ?? defaultRule) === 'more_than' && f.numerator === f.denominator);
  return [
    ...(impossible(rule, rule.rule) ? [`${path}.rule`] : []),
    ...(rule.quorum && impossible(rule.quorum, 'at_least') ? [`${path}.rule.quorum`] : []),
  ];
}
