/**
 * 定足数 arithmetic (issue 14 "Rules are exact", DESIGN.md §11.3): requiredCount against a
 * brute-force count over bases 1–200 for both kinds of threshold, the named cases, and
 * evaluateQuorum's figures.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { QuorumSettings } from '../../../server/db/schema.ts';
import { evaluateQuorum, requiredCount } from '../../../server/lib/quorum.ts';

type Rule = QuorumSettings['rule'];

/** The smallest k in 0..total+1 whose share k/total passes n/d, found by counting up. */
function bruteForce(total: number, numerator: number, denominator: number, rule: Rule): number {
  for (let k = 0; k <= total + 1; k++) {
    const passes = rule === 'more_than' ? k * denominator > numerator * total : k * denominator >= numerator * total;
    if (passes) return k;
  }
  throw new Error('no count passes');
}

const FRACTIONS: Array<[number, number]> = [
  [1, 2],
  [2, 3],
  [3, 4],
  [1, 3],
  [1, 1],
];
const BASES = Array.from({ length: 200 }, (_, i) => i + 1);

describe('requiredCount', () => {
  for (const rule of ['more_than', 'at_least'] as const) {
    for (const [numerator, denominator] of FRACTIONS) {
      it(`${rule} ${numerator}/${denominator} equals the brute-force count for every basis 1–200`, () => {
        const computed = BASES.map((total) => requiredCount(total, { numerator, denominator, rule }));
        const expected = BASES.map((total) => bruteForce(total, numerator, denominator, rule));
        expect(computed).toEqual(expected);
      });
    }
  }

  it.each([
    ['過半数 of 75', 75, 1, 2, 'more_than', 38],
    ['2/3 以上 of 75', 75, 2, 3, 'at_least', 50],
    ['過半数 of 1', 1, 1, 2, 'more_than', 1],
    ['過半数 of 2', 2, 1, 2, 'more_than', 2],
    ['過半数 of 100', 100, 1, 2, 'more_than', 51],
    ['半数以上 of 100', 100, 1, 2, 'at_least', 50],
    ['2/3 以上 of 30', 30, 2, 3, 'at_least', 20],
    ['2/3 超 of 30', 30, 2, 3, 'more_than', 21],
  ] as const)('%s is %i', (_name, total, numerator, denominator, rule, required) => {
    expect(requiredCount(total, { numerator, denominator, rule })).toBe(required);
  });

  it('stays exact where a fraction in floating point would be off by one ((7/25)·75 = 21.000000000000004)', () => {
    expect(requiredCount(75, { numerator: 7, denominator: 25, rule: 'at_least' })).toBe(21);
    expect(requiredCount(100, { numerator: 11, denominator: 20, rule: 'at_least' })).toBe(55);
    expect(requiredCount(100_000, { numerator: 11, denominator: 20, rule: 'more_than' })).toBe(55_001);
  });

  const settings = fc.record({
    numerator: fc.integer({ min: 1, max: 100 }),
    denominator: fc.integer({ min: 1, max: 100 }),
    rule: fc.constantFrom<Rule>('more_than', 'at_least'),
  });
  const total = fc.integer({ min: 0, max: 100_000 });

  it('never needs fewer people when the basis grows', () => {
    fc.assert(
      fc.property(settings, total, total, (s, a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        return requiredCount(small, s) <= requiredCount(large, s);
      }),
    );
  });

  it('is the smallest passing count: required·d passes n·T and (required − 1)·d does not', () => {
    fc.assert(
      fc.property(settings, total, ({ numerator: n, denominator: d, rule }, t) => {
        const k = requiredCount(t, { numerator: n, denominator: d, rule });
        if (rule === 'more_than') return k * d > n * t && n * t >= (k - 1) * d;
        return k * d >= n * t && (k === 0 || n * t > (k - 1) * d);
      }),
    );
  });
});

describe('evaluateQuorum', () => {
  const majority: QuorumSettings = {
    basis: 'invited_principals',
    numerator: 1,
    denominator: 2,
    rule: 'more_than',
    count_delegates: true,
  };

  it('counts 委任状 as present when the setting says so, and says by how much the quorum is met', () => {
    expect(evaluateQuorum(majority, { invitedPrincipals: 75, present: 30, delegated: 10 })).toEqual({
      total: 75,
      required: 38,
      present: 30,
      delegated: 10,
      counted: 40,
      met: true,
      margin: 2,
    });
  });

  it('leaves 委任状 out when they do not count, and the margin says how many are missing', () => {
    expect(
      evaluateQuorum({ ...majority, count_delegates: false }, { invitedPrincipals: 75, present: 30, delegated: 10 }),
    ).toEqual({
      total: 75,
      required: 38,
      present: 30,
      delegated: 10,
      counted: 30,
      met: false,
      margin: -8,
    });
  });

  it('is met with a margin of 0 when exactly the required number is counted', () => {
    const figures = evaluateQuorum(majority, { invitedPrincipals: 75, present: 38, delegated: 0 });
    expect(figures).toMatchObject({ required: 38, counted: 38, met: true, margin: 0 });
  });

  it('takes a fixed basis (議員定数) instead of the invited principals', () => {
    const fixed: QuorumSettings = { ...majority, basis: 120, numerator: 2, denominator: 3, rule: 'at_least' };
    expect(evaluateQuorum(fixed, { invitedPrincipals: 75, present: 79, delegated: 2 })).toMatchObject({
      total: 120,
      required: 80,
      counted: 81,
      met: true,
      margin: 1,
    });
  });
});
