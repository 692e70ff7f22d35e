/**
 * Text normalisation for keyword search (the `search_text` columns) and for codes users type.
 *
 * normalizeSearchText: NFKC (full-width ASCII → half-width, half-width kana → full-width,
 * ideographic space → space), 異体字 folded (髙 → 高, access/itaiji.ts), lower-case, katakana →
 * hiragana, dash variants → '-', whitespace collapsed to one ASCII space and trimmed.
 * Apply the same function to the stored text and to the user's keyword.
 */
import { foldVariants } from '../../access/itaiji.ts';

// Katakana ァ (U+30A1) … ヶ (U+30F6) and the iteration marks ヽヾ map to hiragana by −0x60.
const KATAKANA_RE = /[\u30A1-\u30F6\u30FD\u30FE]/g;
// Hyphen/dash look-alikes that NFKC leaves alone (not the long-vowel mark ー U+30FC).
const DASH_RE = /[\u2010-\u2015\u2212\uFE58\uFE63]/g;
const SPACE_RE = /\s+/g;

export function normalizeSearchText(s: string): string {
  return foldVariants(s.normalize('NFKC'))
    .toLowerCase()
    .replace(KATAKANA_RE, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(DASH_RE, '-')
    .replace(SPACE_RE, ' ')
    .trim();
}

/** Builds a search_text value from several fields (null/empty parts skipped). */
export function buildSearchText(...parts: Array<string | null | undefined>): string {
  return normalizeSearchText(parts.filter((p): p is string => !!p && p.trim() !== '').join(' '));
}

/**
 * Splits a user keyword into normalised terms (AND semantics), dropping empty ones.
 * Mirrors the SQL function kaigi_bigrams() used by the GIN indexes on search_text.
 */
export function searchTerms(keyword: string): string[] {
  const n = normalizeSearchText(keyword);
  return n === '' ? [] : n.split(' ');
}
