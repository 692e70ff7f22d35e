/**
 * 定足数 arithmetic of the SPA (issue 14, DESIGN.md §11.3), the same as server/lib/quorum.ts in
 * exact integers: "more than n/d of T" needs ⌊n·T / d⌋ + 1 (過半数 of 75 is 38), "at least n/d
 * of T" needs ⌈n·T / d⌉ (3分の2以上 of 75 is 50). n·T stays below 2^53 within the schema's ranges.
 */
import type { QuorumSettings } from './types';

export type QuorumRatio = Pick<QuorumSettings, 'numerator' | 'denominator' | 'rule'>;

const floorDiv = (a: number, b: number) => (a - (a % b)) / b;

export const requiredCount = (total: number, { numerator, denominator, rule }: QuorumRatio): number => {
  const product = numerator * total;
  return rule === 'more_than' ? floorDiv(product, denominator) + 1 : floorDiv(product + denominator - 1, denominator);
};

/** The two presets the form offers; anything else is その他. */
export const PRESETS = {
  majority: { numerator: 1, denominator: 2, rule: 'more_than' },
  two_thirds: { numerator: 2, denominator: 3, rule: 'at_least' },
} as const satisfies Record<string, QuorumRatio>;
export type Preset = keyof typeof PRESETS | 'other';

export const presetOf = (ratio: Partial<QuorumRatio>): Preset =>
  (Object.keys(PRESETS) as Array<keyof typeof PRESETS>).find(
    (key) =>
      PRESETS[key].numerator === ratio.numerator &&
      PRESETS[key].denominator === ratio.denominator &&
      PRESETS[key].rule === ratio.rule,
  ) ?? 'other';

/** A ratio in words, as a translate call: 過半数 / 3分の2以上 / 5分の3超. */
export const ratioMessage = (ratio: QuorumRatio): [string, Record<string, unknown>?] => {
  const preset = presetOf(ratio);
  if (preset !== 'other') return [`kaigi.quorum.ratio.${preset}`];
  return [`kaigi.quorum.ratio.${ratio.rule}`, { numerator: ratio.numerator, denominator: ratio.denominator }];
};

/** A complete, reachable ratio (integers in range, n ≤ d, not 超 n/n), or null while the form is being typed. */
export const validRatio = (ratio: Partial<QuorumRatio> | null | undefined): QuorumRatio | null => {
  if (!ratio) return null;
  const { numerator: n, denominator: d, rule } = ratio;
  const inRange = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= QUORUM_MAX_TERM;
  if (!inRange(n) || !inRange(d) || n > d) return null;
  if (rule !== 'more_than' && rule !== 'at_least') return null;
  if (rule === 'more_than' && n === d) return null;
  return { numerator: n, denominator: d, rule };
};

/** server/schemas/reception.ts QuorumSettingsSchema ranges (a value import would bundle TypeBox). */
export const QUORUM_MAX_TOTAL = 100_000;
export const QUORUM_MAX_TERM = 100;
