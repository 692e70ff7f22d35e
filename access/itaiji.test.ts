import { describe, expect, it } from 'vitest';
import { SEARCH_VARIANTS, SEARCH_VARIANTS_FROM, SEARCH_VARIANTS_TO, foldVariants } from './itaiji.ts';

describe('foldVariants (issue 15 §4)', () => {
  it('folds the variants of common names', () => {
    expect(foldVariants('髙橋')).toBe('高橋');
    expect(foldVariants('山﨑 渡邊 渡邉 德永')).toBe('山崎 渡辺 渡辺 徳永');
    expect(foldVariants('濵田 濱口 𠮷田 齋藤 櫻井 廣瀬 中嶋 大嶌 澤田 國分 眞野 惠子 瀨戸 槇原 冨田')).toBe(
      '浜田 浜口 吉田 斎藤 桜井 広瀬 中島 大島 沢田 国分 真野 恵子 瀬戸 槙原 富田',
    );
  });

  it('keeps 斉 and 斎 apart: 齊藤 is 斉藤, 齋藤 is 斎藤', () => {
    expect(foldVariants('齊藤')).toBe('斉藤');
    expect(foldVariants('齋藤')).toBe('斎藤');
  });

  it('drops variation selectors (an IVS after 邉)', () => {
    expect(foldVariants('渡邉\u{E0104}')).toBe('渡辺');
    expect(foldVariants('葛\u{E0100}飾')).toBe('葛飾');
  });

  it('leaves other text alone', () => {
    expect(foldVariants('株式会社さとう ABC-1 高橋')).toBe('株式会社さとう ABC-1 高橋');
  });

  it('lists only what NFKC keeps (it runs after NFKC), one character to one, never folding twice', () => {
    for (const [variant, standard] of SEARCH_VARIANTS) {
      expect([...variant], variant).toHaveLength(1);
      expect([...standard], standard).toHaveLength(1);
      expect(variant.normalize('NFKC'), variant).toBe(variant);
      expect(standard.normalize('NFKC'), standard).toBe(standard);
      expect(SEARCH_VARIANTS.has(standard), standard).toBe(false);
    }
  });

  it('gives SQL translate() the same table: FROM[i] → TO[i], the rest of FROM deleted', () => {
    const from = [...SEARCH_VARIANTS_FROM];
    const to = [...SEARCH_VARIANTS_TO];
    const translate = (s: string) => [...s].map((c) => (from.includes(c) ? (to[from.indexOf(c)] ?? '') : c)).join('');
    const sample = `${from.join('')}高橋`;
    expect(translate(sample)).toBe(foldVariants(sample));
  });
});
