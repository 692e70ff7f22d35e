/**
 * Phone numbers as Japanese offices write them (issue 33): 053-433-2681, 053(433)2681,
 * (053)433-2681, 053 433 2681, full-width ０５３（４３３）２６８１, +81 53-433-2681, +81-3-…,
 * +81 (0)3 …. One rule for the forms, the portal and the import (server and browser): the
 * number is stored half-width with its groups as written, each separator (hyphen, dash
 * look-alike, parenthesis, space) one '-', and +81 as the leading 0. The groups are kept rather
 * than re-derived: where an area code ends (053-433 or 0534-33) needs the national numbering
 * table, which the writer knows better than a rule.
 */

/** every dash look-alike (ー included, as IMEs type it) */
const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF0D\uFE58\uFE63]/g;
/** +81, then an optional (0) the way some cards print it: the national number's leading 0 */
const COUNTRY_CODE = /^\+81[\s-]*(?:\(0\)[\s-]*)?/;

export function normalizePhone(value: string): string {
  const s = value.normalize('NFKC').replace(DASHES, '-').trim();
  return s
    .replace(COUNTRY_CODE, '0')
    .replace(/[\s()-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** After normalizePhone: digits and single hyphens, 10–15 characters (as the schema has always allowed). */
export const PHONE_PATTERN = '^[0-9][0-9-]{8,14}$';
