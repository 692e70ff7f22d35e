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

export interface DateFormatter {
  /** a calendar day: 'YYYY-MM-DD', or the day of a 'YYYY-MM-DD HH:MM' text */
  day(value: string | null): string;
  /** Tokyo wall-clock text 'YYYY-MM-DD HH:MM' (jstText) */
  dateTime(value: string | null): string;
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
  return {
    day: (value) => (value === null ? '' : dayOf(value)),
    dateTime: (value) => (value === null ? '' : `${dayOf(value)} ${value.slice(11, 16)}`),
  };
}
