/**
 * Portal display helpers on top of src/utils/dates.ts (spec §3 weekday mapping, §9 formats;
 * DESIGN §4: shown in Asia/Tokyo).
 */
import dayjs from 'dayjs';
import { PHONE_PATTERN } from '../../access/phone';
import { formatDateJaWithWeekday, TIME_FORMAT, toDisplayDate, DISPLAY_TIME_ZONE, type DateInput } from '../utils/dates';

/** 2026年11月21日(土) 14:00 */
export const formatDateTimeJa = (value: DateInput | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const d = toDisplayDate(value);
  return d ? `${formatDateJaWithWeekday(value)} ${d.format(TIME_FORMAT)}` : '';
};

/** 14:00 */
export const formatTime = (value: DateInput | null | undefined): string => {
  if (value === null || value === undefined) return '';
  return toDisplayDate(value)?.format(TIME_FORMAT) ?? '';
};

/** True when both instants fall on the same Asia/Tokyo calendar day. */
export const sameDay = (a: DateInput | null | undefined, b: DateInput | null | undefined): boolean => {
  if (!a || !b) return false;
  const x = toDisplayDate(a);
  const y = toDisplayDate(b);
  return !!x && !!y && x.format('YYYY-MM-DD') === y.format('YYYY-MM-DD');
};

/**
 * Calendar days (Asia/Tokyo) from `now` until the deadline's day: 0 on the deadline day, negative
 * once that day is over; null without a deadline.
 */
export const daysUntil = (deadline: DateInput | null | undefined, now: DateInput = new Date()): number | null => {
  if (!deadline) return null;
  const end = toDisplayDate(deadline);
  const today = dayjs(now).tz(DISPLAY_TIME_ZONE);
  if (!end) return null;
  const endDay = dayjs.tz(end.format('YYYY-MM-DD'), DISPLAY_TIME_ZONE);
  const todayDay = dayjs.tz(today.format('YYYY-MM-DD'), DISPLAY_TIME_ZONE);
  return Math.round(endDay.diff(todayDay, 'day', true));
};

const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF0D\uFE58\uFE63]/g;

/**
 * Postal codes as the server stores them (phones: access/phone.ts) (server/lib/normalize-input.ts):
 * NFKC (full-width digits from Japanese IMEs), every dash look-alike (incl. ー) to '-', no spaces.
 */
export const normalizeDigits = (s: string): string => s.normalize('NFKC').replace(DASHES, '-').replace(/\s+/g, '');

/** E-mail as Cognito and the server see it: NFKC, trimmed. */
export const normalizeEmail = (s: string): string => s.normalize('NFKC').trim();

/** Same checks as server/schemas/company.ts, after normalisation. */
export const POSTAL_CODE_RE = /^[0-9]{3}-?[0-9]{4}$/;
export const PHONE_RE = new RegExp(PHONE_PATTERN);
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
