/**
 * フリガナ as the server stores it (server/lib/normalize-input.ts normalizeKana, issue 15 §4): NFKC
 * (半角カナ → 全角), ひらがな → カタカナ, dash look-alikes → ー, spaces collapsed and trimmed.
 */
const HIRAGANA = /[\u3041-\u3096\u309D\u309E]/g;
const KANA_DASHES = /[-\u2010-\u2015\u2212\uFE58\uFE63]/g;

export const normalizeKana = (s: string): string =>
  s
    .normalize('NFKC')
    .replace(HIRAGANA, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(KANA_DASHES, 'ー')
    .replace(/\s+/g, ' ')
    .trim();

/** Server: KANA_PATTERN (server/schemas/typed-text.ts), カタカナ ・ ー and spaces. */
export const KANA_RE = /^[\u30A1-\u30FE ]*$/;
