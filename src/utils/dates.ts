/**
 * Date formatting (spec §3 weekday mapping, §9 date formats; DESIGN §4: timestamps are shown in
 * Asia/Tokyo). Date-only values ('YYYY-MM-DD') are calendar dates and are never shifted.
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/ja';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('ja');

export const DISPLAY_TIME_ZONE = 'Asia/Tokyo';

export const DATE_FORMAT = 'YYYY/MM/DD';
export const DATE_FORMAT_JA = 'YYYY年MM月DD日';
export const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';
export const TIME_FORMAT = 'HH:mm';

/** Spec §3: 1–5 are Monday–Friday, 6 is Saturday, 0 is Sunday. */
export const WEEKDAYS_JA: Readonly<Record<number, string>> = {
  0: '日',
  1: '月',
  2: '火',
  3: '水',
  4: '木',
  5: '金',
  6: '土',
};

export type DateInput = string | number | Date | Dayjs;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Parses a value for display: instants are converted to Asia/Tokyo, date-only strings kept. */
export const toDisplayDate = (value: DateInput): Dayjs | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const d = dayjs(value); // local calendar date, no time-zone shift
    return d.isValid() ? d : null;
  }
  const d = dayjs(value);
  return d.isValid() ? d.tz(DISPLAY_TIME_ZONE) : null;
};

/** Japanese weekday name for a day index 0–6 (spec §3); '' for anything else. */
export const weekdayJa = (day: number): string => WEEKDAYS_JA[day] ?? '';

const format = (value: DateInput | null | undefined, pattern: string): string => {
  if (value === null || value === undefined) return '';
  const d = toDisplayDate(value);
  return d ? d.format(pattern) : '';
};

/** 2026/11/21 */
export const formatDate = (value: DateInput | null | undefined) => format(value, DATE_FORMAT);
/** 2026年11月21日 */
export const formatDateJa = (value: DateInput | null | undefined) => format(value, DATE_FORMAT_JA);
/** 2026/11/21 14:00 */
export const formatDateTime = (value: DateInput | null | undefined) => format(value, DATE_TIME_FORMAT);

const withWeekday = (value: DateInput | null | undefined, datePattern: string, timePattern?: string): string => {
  if (value === null || value === undefined) return '';
  const d = toDisplayDate(value);
  if (!d) return '';
  const date = `${d.format(datePattern)}(${weekdayJa(d.day())})`;
  return timePattern ? `${date} ${d.format(timePattern)}` : date;
};

/** 2026/11/21(土) */
export const formatDateWithWeekday = (value: DateInput | null | undefined) => withWeekday(value, DATE_FORMAT);
/** 2026年11月21日(土) */
export const formatDateJaWithWeekday = (value: DateInput | null | undefined) => withWeekday(value, DATE_FORMAT_JA);
/** 2026/11/21(土) 14:00 */
export const formatDateTimeWithWeekday = (value: DateInput | null | undefined) => withWeekday(value, DATE_FORMAT, TIME_FORMAT);
