/**
 * Date-time inputs in Asia/Tokyo (DESIGN.md §4: timestamps are shown in Asia/Tokyo): the server's
 * ISO instants are shown in the `<input type="datetime-local">` as Tokyo wall-clock time, and what
 * the user types is sent back as an instant with the +09:00 offset, whatever the browser's zone.
 */
import dayjs from 'dayjs';
import { DISPLAY_TIME_ZONE } from '../utils/dates';

const INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';
const LOCAL_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** ISO instant → 'YYYY-MM-DDTHH:mm' in Tokyo; already-local values pass through. */
export const toTokyoInput = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && LOCAL_VALUE.test(value)) return value.slice(0, 16);
  const d = dayjs(value as string | Date);
  return d.isValid() ? d.tz(DISPLAY_TIME_ZONE).format(INPUT_FORMAT) : '';
};

/** 'YYYY-MM-DDTHH:mm' (Tokyo wall clock) → '2026-11-21T14:00:00+09:00'; empty → null. */
export const fromTokyoInput = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return null;
  if (!LOCAL_VALUE.test(value)) return value;
  const d = dayjs.tz(value, DISPLAY_TIME_ZONE);
  return d.isValid() ? d.format('YYYY-MM-DDTHH:mm:ssZ') : null;
};

/** Milliseconds of an ISO instant or a Tokyo input value, for comparisons; null when empty. */
export const instantOf = (value: unknown): number | null => {
  const iso = typeof value === 'string' && LOCAL_VALUE.test(value) ? fromTokyoInput(value) : value;
  if (iso === null || iso === undefined || iso === '') return null;
  const d = dayjs(iso as string);
  return d.isValid() ? d.valueOf() : null;
};
