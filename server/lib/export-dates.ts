/**
 * Dates in export files, chosen per export (issue 6): 西暦 in the spec §9 formats (YYYY/MM/DD,
 * YYYY/MM/DD HH:mm) or 和暦 from Intl's Japanese calendar (令和7年4月1日 14:00), with the first year
 * of an era written 元年 as Japanese documents do. Always Asia/Tokyo (DESIGN.md §4).
 *
 * Instants reach the formatter as Tokyo wall-clock text made by PostgreSQL (`jstText`): cheaper
 * than a Date per row in JavaScript, and done by the database while the previous batch is written.
 */
import type { DateStyle } from '../schemas/export.ts';

const japanese = new Intl.DateTimeFormat('ja-JP-u-ca-japanese', {
  timeZone: 'Asia/Tokyo',
  era: 'long',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** SQL: a timestamptz column as Tokyo wall-clock text 'YYYY-MM-DD HH:MM' (null stays null). */
export const jstText = (column: string): string => `to_char(${column} at time zone 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI')`;

function japaneseDay(day: string): string {
  const p: Record<string, string> = {};
  for (const part of japanese.formatToParts(new Date(`${day}T12:00:00+09:00`))) p[part.type] = part.value;
  return `${p.era}${p.year === '1' ? '元' : p.year}年${p.month}月${p.day}日`;
}

/**
 * A date or date-time cell (issue 15 item 6): its Tokyo wall-clock `wall` ('YYYY-MM-DD' or
 * 'YYYY-MM-DD HH:MM') and its `text` in the export's style. XLSX writes a real Excel date from
 * `wall` (Excel has no time zone: the serial is the Tokyo wall time); CSV writes `text`.
 */
export interface DateCell {
  readonly wall: string;
  readonly text: string;
}

export interface DateFormatter {
  /** a calendar day: 'YYYY-MM-DD', or the day of a 'YYYY-MM-DD HH:MM' text */
  day(value: string | null): string;
  /** Tokyo wall-clock text 'YYYY-MM-DD HH:MM' (jstText) */
  dateTime(value: string | null): string;
  /** a day column's cell (null stays an empty cell) */
  dayCell(value: string | null): DateCell | null;
  /** a date-time column's cell, from jstText's 'YYYY-MM-DD HH:MM' */
  dateTimeCell(value: string | null): DateCell | null;
}

const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as an Excel serial (day 0 is 1899-12-30 in the 1900 date system). */
const EPOCH_SERIAL = 25_569;

/** The Excel serial of a wall-clock 'YYYY-MM-DD[ HH:MM]' (read as UTC, so no zone shifts it). */
export function excelSerial(wall: string): number {
  const ms = Date.UTC(
    Number(wall.slice(0, 4)),
    Number(wall.slice(5, 7)) - 1,
    Number(wall.slice(8, 10)),
    wall.length > 10 ? Number(wall.slice(11, 13)) : 0,
    wall.length > 10 ? Number(wall.slice(14, 16)) : 0,
  );
  return ms / MS_PER_DAY + EPOCH_SERIAL;
}

/**
 * Formatting through Intl costs microseconds and exports repeat the same days thousands of times:
 * each distinct day is formatted once.
 */
export function dateFormatter(style: DateStyle): DateFormatter {
  const days = new Map<string, string>();
  const dayOf = (value: string): string => {
    const key = value.slice(0, 10);
    let text = days.get(key);
    if (text === undefined) {
      text = style === 'japanese' ? japaneseDay(key) : key.replaceAll('-', '/');
      days.set(key, text);
    }
    return text;
  };
  const dateTime = (value: string) => `${dayOf(value)} ${value.slice(11, 16)}`;
  return {
    day: (value) => (value === null ? '' : dayOf(value)),
    dateTime: (value) => (value === null ? '' : dateTime(value)),
    dayCell: (value) => (value === null ? null : { wall: value.slice(0, 10), text: dayOf(value) }),
    dateTimeCell: (value) => (value === null ? null : { wall: value.slice(0, 16), text: dateTime(value) }),
  };
}
