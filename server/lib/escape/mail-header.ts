/**
 * The one rule for a value that reaches a mail header (issue 29; DESIGN.md §10): the subject is
 * built from user text (a conference name, a staff-written subject). nodemailer encodes non-ASCII
 * text (RFC 2047) and folds long lines; this makes the value one line first, every control
 * character (CR, LF, TAB …) and Unicode line or paragraph separator becoming one space, so no value
 * can end its header and start another.
 */
const BREAKS = /[\p{Cc}\u2028\u2029]+/gu;

export const headerText = (value: string): string => value.replace(BREAKS, ' ').trim();
