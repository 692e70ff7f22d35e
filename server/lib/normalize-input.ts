/**
 * Normalisation of what users type (DESIGN.md §5): Japanese IMEs produce full-width digits,
 * letters and hyphens; codes, postal codes and phone numbers are stored half-width (NFKC).
 */
const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF0D\uFE58\uFE63]/g;

/** Codes (company_code, master_code…): NFKC and trimmed. */
export const normalizeCode = (s: string): string => s.normalize('NFKC').trim();

/** Postal codes and phone numbers: NFKC, every dash look-alike (incl. ー) to '-', no spaces. */
export const normalizeDigits = (s: string): string => s.normalize('NFKC').replace(DASHES, '-').replace(/\s+/g, '');

/** E-mail addresses: NFKC, trimmed, lower-case (Cognito look-ups are case-sensitive locally). */
export const normalizeEmail = (s: string): string => s.normalize('NFKC').trim().toLowerCase();
