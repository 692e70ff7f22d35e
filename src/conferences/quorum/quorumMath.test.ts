import { presetOf, requiredCount, validRatio } from './quorumMath';

describe('requiredCount (DESIGN.md §11.3, exact integers)', () => {
  it('過半数 (more than 1/2): 75 → 38, 76 → 39, 3 → 2', () => {
    const majority = { numerator: 1, denominator: 2, rule: 'more_than' } as const;
    expect(requiredCount(75, majority)).toBe(38);
    expect(requiredCount(76, majority)).toBe(39);
    expect(requiredCount(3, majority)).toBe(2);
  });

  it('3分の2以上 (at least 2/3): 75 → 50, 76 → 51, 3 → 2', () => {
    const twoThirds = { numerator: 2, denominator: 3, rule: 'at_least' } as const;
    expect(requiredCount(75, twoThirds)).toBe(50);
    expect(requiredCount(76, twoThirds)).toBe(51);
    expect(requiredCount(3, twoThirds)).toBe(2);
  });

  it('agrees with the definition (smallest k with k·d > n·T, or ≥) over the whole range of small inputs', () => {
    for (let d = 1; d <= 12; d += 1)
      for (let n = 1; n <= d; n += 1)
        for (let total = 0; total <= 60; total += 1) {
          let more = 0;
          while (more * d <= n * total) more += 1;
          let least = 0;
          while (least * d < n * total) least += 1;
          expect(requiredCount(total, { numerator: n, denominator: d, rule: 'more_than' })).toBe(more);
          expect(requiredCount(total, { numerator: n, denominator: d, rule: 'at_least' })).toBe(least);
        }
  });

  it('is exact at the largest basis the schema allows', () => {
    expect(requiredCount(100_000, { numerator: 99, denominator: 100, rule: 'more_than' })).toBe(99_001);
    expect(requiredCount(99_999, { numerator: 1, denominator: 3, rule: 'at_least' })).toBe(33_333);
  });
});

describe('presetOf / validRatio', () => {
  it('names the presets and calls anything else その他', () => {
    expect(presetOf({ numerator: 1, denominator: 2, rule: 'more_than' })).toBe('majority');
    expect(presetOf({ numerator: 2, denominator: 3, rule: 'at_least' })).toBe('two_thirds');
    expect(presetOf({ numerator: 1, denominator: 2, rule: 'at_least' })).toBe('other');
  });

  it('accepts integers 1–100 with numerator ≤ denominator only, and not 超 n/n (never reached)', () => {
    expect(validRatio({ numerator: 2, denominator: 2, rule: 'more_than' })).toBeNull();
    expect(validRatio({ numerator: 2, denominator: 2, rule: 'at_least' })).not.toBeNull();
    expect(validRatio({ numerator: 3, denominator: 5, rule: 'at_least' })).toEqual({
      numerator: 3,
      denominator: 5,
      rule: 'at_least',
    });
    expect(validRatio({ numerator: 4, denominator: 3, rule: 'at_least' })).toBeNull();
    expect(validRatio({ numerator: 1.5, denominator: 3, rule: 'at_least' })).toBeNull();
    expect(validRatio({ numerator: 1, denominator: 101, rule: 'more_than' })).toBeNull();
  });
});
