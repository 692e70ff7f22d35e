/**
 * フリガナ as Kaigi stores it (issue 15 §4), run alike by the forms and by the server's body
 * normaliser: NFKC (半角カナ → 全角, 全角スペース → space), ひらがな → カタカナ, dash look-alikes → ー,
 * spaces collapsed to one and trimmed. What is then outside KANA_PATTERN (kanji, Latin letters,
 * digits…) is refused. Pure: no React, no Node APIs.
 */

// ぁ (U+3041) … ゖ (U+3096) and the iteration marks ゝゞ map to katakana by +0x60.
const HIRAGANA = /[\u3041-\u3096\u309D\u309E]/g;
// After NFKC: hyphen and dash look-alikes typed for the long vowel mark ー.
const KANA_DASHES = /[-\u2010-\u2015\u2212\uFE58\uFE63]/g;

export const normalizeKana = (s: string): string =>
  s
    .normalize('NFKC')
    .replace(HIRAGANA, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(KANA_DASHES, 'ー')
    .replace(/\s+/g, ' ')
    .trim();

/** カタカナ (ァ–ヾ, with ・ and ー) and spaces: the schema's pattern and the forms' check. */
export const KANA_PATTERN = '^[\u30A1-\u30FE ]*$';
