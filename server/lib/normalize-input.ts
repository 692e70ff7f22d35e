/**
 * Normalisation of what users type (DESIGN.md §5): Japanese IMEs produce full-width digits,
 * letters and hyphens; codes, postal codes and phone numbers (access/phone.ts) are stored half-width (NFKC).
 */
const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF0D\uFE58\uFE63]/g;

/** Codes (company_code, master_code…): NFKC and trimmed. */
export const normalizeCode = (s: string): string => s.normalize('NFKC').trim();

/** Postal codes: NFKC, every dash look-alike (incl. ー) to '-', no spaces (phones: access/phone.ts). */
export const normalizeDigits = (s: string): string => s.normalize('NFKC').replace(DASHES, '-').replace(/\s+/g, '');

/** E-mail addresses: NFKC, trimmed, lower-case (Cognito look-ups are case-sensitive locally). */
export const normalizeEmail = (s: string): string => s.normalize('NFKC').trim().toLowerCase();

/** Postal codes (issue 15 §4): as normalizeDigits, a leading 〒 dropped, and 7 digits stored as 123-4567. */
export const normalizePostalCode = (s: string): string => {
  const digits = normalizeDigits(s).replace(/^〒/, '');
  return /^[0-9]{7}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
};

/** Free text such as 住所 (issue 15 §4): NFKC, so 全角の数字・英字 are stored half-width. */
export const normalizeText = (s: string): string => s.normalize('NFKC');
