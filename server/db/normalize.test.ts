import { describe, it, expect } from 'vitest';
import { buildSearchText, normalizeSearchText, searchTerms } from './normalize.ts';

describe('normalizeSearchText', () => {
  it('applies NFKC: full-width ASCII and digits become half-width', () => {
    expect(normalizeSearchText('ＡＢＣ１２３')).toBe('abc123');
  });

  it('turns half-width katakana into hiragana (via full-width katakana)', () => {
    expect(normalizeSearchText('ｶﾌﾞｼｷｶﾞｲｼｬ')).toBe('かぶしきがいしゃ');
  });

  it('turns katakana into hiragana but keeps the long-vowel mark and kanji', () => {
    expect(normalizeSearchText('サトウ・コーヒー商事')).toBe('さとう・こーひー商事');
    expect(normalizeSearchText('ヴァヽヾ')).toBe('ゔぁゝゞ');
  });

  it('lower-cases Latin letters', () => {
    expect(normalizeSearchText('Kaigi CORP')).toBe('kaigi corp');
  });

  it('collapses ideographic/ASCII/tab whitespace and trims', () => {
    expect(normalizeSearchText('\u3000 山田　\t 太郎  ')).toBe('山田 太郎');
  });

  it('unifies dash look-alikes but not ー', () => {
    expect(normalizeSearchText('０３－１２３４−５６７８')).toBe('03-1234-5678');
    expect(normalizeSearchText('ー')).toBe('ー');
  });

  it('folds 異体字 after NFKC (issue 15 §4): 髙橋 is searched as 高橋', () => {
    expect(normalizeSearchText('髙橋 山﨑 渡邊 渡邉 德永')).toBe('高橋 山崎 渡辺 渡辺 徳永');
    // CJK compatibility ideographs (塚 U+FA10, 神 U+FA19, 隆 U+F9DC) are NFKC's
    expect(normalizeSearchText('\uFA10本 \uFA19田 \uF9DC')).toBe('塚本 神田 隆');
  });

  it('is idempotent', () => {
    const once = normalizeSearchText('ｻﾄｳ 商事（株）　ＣＯ');
    expect(normalizeSearchText(once)).toBe(once);
  });

  it('returns an empty string for blank input', () => {
    expect(normalizeSearchText(' \u3000 ')).toBe('');
  });
});

describe('buildSearchText / searchTerms', () => {
  it('joins non-empty parts normalised', () => {
    expect(buildSearchText('C0001', '株式会社サトウ', null, '', 'カブシキガイシャサトウ')).toBe(
      'c0001 株式会社さとう かぶしきがいしゃさとう',
    );
  });

  it('splits a keyword into normalised terms', () => {
    expect(searchTerms('  サトウ　商事 ')).toEqual(['さとう', '商事']);
    expect(searchTerms('　')).toEqual([]);
  });
});
