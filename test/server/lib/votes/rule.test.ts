/**
 * The rule arithmetic of a 議案 (issue 34 "Tests": the rule arithmetic against a brute-force count
 * for bases 1–200 × every rule). The oracle adds the ballots one by one and compares the 賛成 share
 * with the fraction by repeated addition; the code under test goes through BigInt
 * floor/ceil division. Every fraction n/d with 1 ≤ n ≤ d ≤ 12, both rules, both bases.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MotionRule } from '../../../../server/db/schema.ts';
import { basisCount, impossibleParts, motionQuorum, outcomeOf, requiredYes } from '../../../../server/lib/votes/rule.ts';

type Kind = MotionRule['rule'];
const KINDS: Kind[] = ['more_than', 'at_least'];
const FRACTIONS = Array.from({ length: 12 }, (_, i) => i + 1).flatMap((d) =>
  Array.from({ length: d }, (_, i) => [i + 1, d] as const),
);
const BASES = Array.from({ length: 200 }, (_, i) => i + 1);

/**
 * Every outcome over a box of `basis` ballots, found by adding the ballots one at a time: after k
 * 賛成, d·k (added up) is compared with n·basis (added up) — no division, no rounding.
 */
function bruteForce(basis: number, n: number, d: number, kind: Kind): Array<'adopted' | 'rejected' | 'tie'> {
  let whole = 0;
  for (let i = 0; i < basis; i++) whole += n;
  const outcomes: Array<'adopted' | 'rejected' | 'tie'> = [];
  let share = 0;
  let doubled = 0;
  for (let yes = 0; yes <= basis; yes++) {
    // 可否同数: exactly half of the box said yes under "more than half"
    if (kind === 'more_than' && n + n === d && doubled === basis) outcomes.push('tie');
    else outcomes.push((kind === 'more_than' ? share > whole : share >= whole) ? 'adopted' : 'rejected');
    share += d;
    doubled += 2;
  }
  return outcomes;
}

describe('outcomeOf against a brute-force count', () => {
  for (const kind of KINDS) {
    it(`${kind}: every fraction n/d (d ≤ 12), every basis 1–200, every count of 賛成`, () => {
      const mismatches: string[] = [];
      let checked = 0;
      for (const [n, d] of FRACTIONS) {
        if (kind === 'more_than' && n === d) continue; // "more than all" is refused (impossibleParts)
        const rule = { numerator: n, denominator: d, rule: kind };
        for (const basis of BASES) {
          const want = bruteForce(basis, n, d, kind);
          for (let yes = 0; yes <= basis; yes++) {
            checked++;
            const got = outcomeOf(rule, basis, yes);
            if (got !== want[yes]) mismatches.push(`${n}/${d} of ${basis}, yes ${yes}: ${got} ≠ ${want[yes]}`);
          }
        }
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
      expect(checked).toBeGreaterThan(1_000_000);
    });
  }

  it('requiredYes is the least 賛成 that is adopted (ties aside), for any basis up to 10⁶', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(...KINDS),
        (basis, a, b, kind) => {
          const [n, d] = a <= b ? [a, b] : [b, a];
          fc.pre(!(kind === 'more_than' && n === d));
          const rule = { numerator: n, denominator: d, rule: kind };
          const k = requiredYes(rule, basis);
          expect(k * d >= n * basis).toBe(true);
          expect(k >= 0 && k <= basis).toBe(true);
          if (k > 0) expect(outcomeOf(rule, basis, k - 1)).not.toBe('adopted');
          expect(outcomeOf(rule, basis, k)).not.toBe('rejected');
        },
      ),
    );
  });
});

describe('the usual 定款 rules', () => {
  const ordinary = { numerator: 1, denominator: 2, rule: 'more_than' } as const;
  const special = { numerator: 2, denominator: 3, rule: 'at_least' } as const;

  it('普通決議: 出席 75 needs 38 賛成; 40 of 80 is 可否同数 (the chair decides), 41 is 可決', () => {
    expect(requiredYes(ordinary, 75)).toBe(38);
    expect(outcomeOf(ordinary, 75, 37)).toBe('rejected');
    expect(outcomeOf(ordinary, 75, 38)).toBe('adopted');
    expect(outcomeOf(ordinary, 80, 40)).toBe('tie');
    expect(outcomeOf(ordinary, 80, 41)).toBe('adopted');
    expect(outcomeOf(ordinary, 80, 39)).toBe('rejected');
  });

  it('特別決議 3分の2以上: 出席 75 needs 50, 出席 76 needs 51; no tie under 以上', () => {
    expect(requiredYes(special, 75)).toBe(50);
    expect(outcomeOf(special, 75, 49)).toBe('rejected');
    expect(outcomeOf(special, 75, 50)).toBe('adopted');
    expect(requiredYes(special, 76)).toBe(51);
  });

  it('the basis is the voters present, or every vote there is (議決権総数)', () => {
    const voters = { entitled: 120, present: 75 };
    expect(basisCount({ basis: 'present' }, voters)).toBe(75);
    expect(basisCount({ basis: 'entitled' }, voters)).toBe(120);
    // 40 賛成: 可決 among 75 present, not among 120 votes
    expect(outcomeOf(ordinary, basisCount({ basis: 'present' }, voters), 40)).toBe('adopted');
    expect(outcomeOf(ordinary, basisCount({ basis: 'entitled' }, voters), 40)).toBe('rejected');
  });
});

describe('a motion quorum', () => {
  it('is null without one of its own; 3分の2以上の出席 of 120 needs 80; 過半数 (more_than) needs 61', () => {
    expect(motionQuorum({ quorum: null }, { entitled: 120, present: 10 })).toBeNull();
    expect(motionQuorum({ quorum: { numerator: 2, denominator: 3 } }, { entitled: 120, present: 79 })).toEqual({
      required: 80,
      met: false,
    });
    expect(motionQuorum({ quorum: { numerator: 2, denominator: 3 } }, { entitled: 120, present: 80 })).toEqual({
      required: 80,
      met: true,
    });
    expect(motionQuorum({ quorum: { numerator: 1, denominator: 2, rule: 'more_than' } }, { entitled: 120, present: 60 })).toEqual(
      {
        required: 61,
        met: false,
      },
    );
  });

  it('an unreachable rule or quorum is named by its body path', () => {
    const base: MotionRule = { basis: 'present', numerator: 1, denominator: 2, rule: 'more_than', quorum: null };
    expect(impossibleParts(base)).toEqual([]);
    expect(impossibleParts({ ...base, numerator: 3 })).toEqual(['body.rule']);
    expect(impossibleParts({ ...base, numerator: 2 })).toEqual(['body.rule']);
    expect(impossibleParts({ ...base, numerator: 2, rule: 'at_least' })).toEqual([]);
    expect(impossibleParts({ ...base, quorum: { numerator: 4, denominator: 3 } })).toEqual(['body.rule.quorum']);
    expect(impossibleParts({ ...base, quorum: { numerator: 1, denominator: 1, rule: 'more_than' } })).toEqual([
      'body.rule.quorum',
    ]);
  });
});
