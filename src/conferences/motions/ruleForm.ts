/**
 * The 議決要件 of a 議案 as the form shows it (DESIGN.md §12.1, decision 0026): 普通決議 (more than half
 * of those present), 特別決議 (3分の2以上 of those present) or その他 (basis, fraction, threshold, and a
 * quorum of its own). The form keeps the numbers as typed (full-width digits allowed) and turns them
 * into the server's MotionRule only when complete.
 */
import type { MotionRule } from './types';

export type RuleKind = 'ordinary' | 'special' | 'other';
export type Threshold = MotionRule['rule'];

export interface RuleDraft {
  kind: RuleKind;
  basis: MotionRule['basis'];
  numerator: string;
  denominator: string;
  rule: Threshold;
  /** その他: a quorum of its own (else the conference's) */
  ownQuorum: boolean;
  quorumNumerator: string;
  quorumDenominator: string;
  quorumRule: Threshold;
}

export const ORDINARY: MotionRule = { basis: 'present', numerator: 1, denominator: 2, rule: 'more_than', quorum: null };
export const SPECIAL: MotionRule = { basis: 'present', numerator: 2, denominator: 3, rule: 'at_least', quorum: null };

const same = (a: MotionRule, b: MotionRule) =>
  a.basis === b.basis &&
  a.numerator === b.numerator &&
  a.denominator === b.denominator &&
  a.rule === b.rule &&
  !a.quorum &&
  !b.quorum;

export const kindOf = (rule: MotionRule): RuleKind =>
  same(rule, ORDINARY) ? 'ordinary' : same(rule, SPECIAL) ? 'special' : 'other';

export const draftOf = (rule: MotionRule = ORDINARY): RuleDraft => ({
  kind: kindOf(rule),
  basis: rule.basis,
  numerator: String(rule.numerator),
  denominator: String(rule.denominator),
  rule: rule.rule,
  ownQuorum: rule.quorum !== null,
  quorumNumerator: rule.quorum ? String(rule.quorum.numerator) : '1',
  quorumDenominator: rule.quorum ? String(rule.quorum.denominator) : '2',
  quorumRule: rule.quorum?.rule ?? 'more_than',
});

/**
 * A form value that may be the server's rule (as loaded), the draft typed since (a template's 議案),
 * or nothing yet (a new row: undefined, or react-admin's '' ) — then 普通決議.
 */
export const asDraft = (value: unknown): RuleDraft => {
  if (typeof value !== 'object' || value === null) return draftOf();
  return 'kind' in value ? (value as RuleDraft) : draftOf(value as MotionRule);
};

/** 1–100 as the server takes it, full-width digits read as half-width; null otherwise. */
export const parsePart = (text: string): number | null => {
  const value = text.normalize('NFKC').trim();
  if (!/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 100 ? n : null;
};

/** A fraction the rule can reach: at most the whole, and the whole only with 以上 (motion_rule_invalid). */
const reachable = (numerator: number, denominator: number, rule: Threshold) =>
  numerator < denominator || (numerator === denominator && rule === 'at_least');

export type RuleField = 'numerator' | 'denominator' | 'quorumNumerator' | 'quorumDenominator';

/** Which numbers are wrong, and why (translation keys under kaigi.motions.rule.errors). */
export const ruleErrors = (draft: RuleDraft): Partial<Record<RuleField, 'part' | 'unreachable'>> => {
  if (draft.kind !== 'other') return {};
  const errors: Partial<Record<RuleField, 'part' | 'unreachable'>> = {};
  const check = (nField: RuleField, dField: RuleField, rule: Threshold) => {
    const n = parsePart(draft[nField]);
    const d = parsePart(draft[dField]);
    if (n === null) errors[nField] = 'part';
    if (d === null) errors[dField] = 'part';
    if (n !== null && d !== null && !reachable(n, d, rule)) errors[nField] = 'unreachable';
  };
  check('numerator', 'denominator', draft.rule);
  if (draft.ownQuorum) check('quorumNumerator', 'quorumDenominator', draft.quorumRule);
  return errors;
};

/** The server's rule; null while the draft has errors. */
export const ruleOf = (draft: RuleDraft): MotionRule | null => {
  if (draft.kind === 'ordinary') return ORDINARY;
  if (draft.kind === 'special') return SPECIAL;
  if (Object.keys(ruleErrors(draft)).length > 0) return null;
  return {
    basis: draft.basis,
    numerator: parsePart(draft.numerator)!,
    denominator: parsePart(draft.denominator)!,
    rule: draft.rule,
    quorum: draft.ownQuorum
      ? { numerator: parsePart(draft.quorumNumerator)!, denominator: parsePart(draft.quorumDenominator)!, rule: draft.quorumRule }
      : null,
  };
};

/** 「出席者の過半数」「議決権総数の3分の2以上」: the words of a rule, as translation key and arguments. */
export const ruleSummary = (rule: MotionRule): [string, Record<string, unknown>] => {
  const kind = kindOf(rule);
  if (kind !== 'other') return [`kaigi.motions.rule.summary.${kind}`, {}];
  return [
    `kaigi.motions.rule.summary.other_${rule.basis}_${rule.rule}`,
    { numerator: rule.numerator, denominator: rule.denominator },
  ];
};
