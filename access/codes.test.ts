import { describe, expect, it } from 'vitest';
import { foldCode } from './codes.ts';

describe('foldCode (issue 15 §4, issue 18 §7)', () => {
  it('makes w239329, W239329 and Ｗ２３９３２９ one code', () => {
    expect(foldCode('w239329')).toBe('W239329');
    expect(foldCode('W239329')).toBe('W239329');
    expect(foldCode('Ｗ２３９３２９')).toBe('W239329');
    expect(foldCode('ｗ２３９３２９')).toBe('W239329');
  });

  it('folds template codes alike, keeping _ and -', () => {
    expect(foldCode('wk11_temp')).toBe('WK11_TEMP');
    expect(foldCode(' ａｂ－１＿ｃ\u3000')).toBe('AB-1_C');
  });

  it('changes the case of ASCII letters only, as PostgreSQL upper() on a "C" column does', () => {
    expect(foldCode('ß')).toBe('ß');
    expect(foldCode('ı')).toBe('ı');
  });

  it('is idempotent', () => {
    const once = foldCode('ｃ０００１-x');
    expect(foldCode(once)).toBe(once);
  });
});
