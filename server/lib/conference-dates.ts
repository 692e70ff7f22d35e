/**
 * Conference times are instants (timestamptz); the days and 'HH:mm' times users pick are Asia/Tokyo
 * (DESIGN.md §4). Japan has no daylight saving time, so the offset is a constant +09:00.
 */
const JST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** 00:00 Asia/Tokyo of `day` ('YYYY-MM-DD'). */
export const jstDayStart = (day: string): Date => new Date(`${day}T00:00:00+09:00`);

/** 00:00 Asia/Tokyo of the day after `day`: the exclusive end of that day. */
export const jstNextDayStart = (day: string): Date => new Date(jstDayStart(day).getTime() + DAY_MS);

/** `day` at `hhmm` ('HH:mm') Asia/Tokyo. */
export const jstAt = (day: string, hhmm: string): Date => new Date(`${day}T${hhmm}:00+09:00`);

/** The Asia/Tokyo calendar day of an instant, 'YYYY-MM-DD'. */
export const jstDayOf = (instant: Date): string => new Date(instant.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);

/** `day` shifted by `days` calendar days. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
