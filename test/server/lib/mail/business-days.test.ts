import { describe, expect, it } from 'vitest';
import { businessDayBefore, isBusinessDay, reminderTimes } from '../../../../server/lib/mail/business-days.ts';

/** DESIGN.md §11.2: reminders at 09:00 Asia/Tokyo, N business days before the deadline's day. */
const jst = (day: string, hhmm = '09:00') => new Date(`${day}T${hhmm}:00+09:00`);
const EARLY = new Date('2025-01-01T00:00:00Z');

describe('isBusinessDay', () => {
  it.each([
    ['2026-12-07', true, '月曜日'],
    ['2026-12-05', false, '土曜日'],
    ['2026-12-06', false, '日曜日'],
    ['2026-12-28', true, '仕事納めの前'],
    ['2026-12-29', false, '年末'],
    ['2026-12-31', false, '大晦日'],
    ['2027-01-01', false, '元日'],
    ['2027-01-04', true, '仕事始め'],
    ['2027-01-11', false, '成人の日（ハッピーマンデー）'],
    ['2026-05-06', false, '振替休日'],
    ['2027-03-22', false, '春分の日の振替休日'],
    ['2026-09-22', false, '国民の休日'],
  ])('%s → %s (%s)', (day, expected) => {
    expect(isBusinessDay(day)).toBe(expected);
  });
});

describe('businessDayBefore', () => {
  it('skips 年末年始 (12/29–1/3) and the weekend', () => {
    expect(businessDayBefore('2027-01-05', 1)).toBe('2027-01-04');
    expect(businessDayBefore('2027-01-05', 2)).toBe('2026-12-28');
    expect(businessDayBefore('2027-01-05', 3)).toBe('2026-12-25');
    expect(businessDayBefore('2027-01-04', 1)).toBe('2026-12-28');
  });

  it.each([
    ['2027-01-12', '2027-01-08', '成人の日 2027-01-11'],
    ['2026-07-21', '2026-07-17', '海の日 2026-07-20'],
    ['2027-07-20', '2027-07-16', '海の日 2027-07-19'],
    ['2027-09-21', '2027-09-17', '敬老の日 2027-09-20'],
    ['2027-10-12', '2027-10-08', 'スポーツの日 2027-10-11'],
    ['2026-10-13', '2026-10-09', 'スポーツの日 2026-10-12'],
  ])('ハッピーマンデー: deadline %s → %s (%s)', (deadline, expected) => {
    expect(businessDayBefore(deadline, 1)).toBe(expected);
  });

  it('skips a 振替休日 and the Golden Week', () => {
    expect(businessDayBefore('2026-05-07', 1)).toBe('2026-05-01');
    expect(businessDayBefore('2027-03-23', 1)).toBe('2027-03-19');
  });

  it('skips the September holidays of 2026 (敬老の日, 国民の休日, 秋分の日)', () => {
    expect(businessDayBefore('2026-09-24', 1)).toBe('2026-09-18');
    expect(businessDayBefore('2026-09-24', 3)).toBe('2026-09-16');
  });
});

describe('reminderTimes', () => {
  it('is 09:00 Asia/Tokyo of each Nth business day before the deadline', () => {
    expect(reminderTimes(jst('2026-12-10', '17:00'), [3, 1], EARLY)).toEqual([
      { days_before: 3, scheduled_for: jst('2026-12-07') },
      { days_before: 1, scheduled_for: jst('2026-12-09') },
    ]);
  });

  it('counts from the Tokyo day of a deadline stored in UTC', () => {
    // 2027-01-05 00:30 JST is 2027-01-04 15:30 UTC: the Tokyo day is 1/5
    const deadline = new Date('2027-01-04T15:30:00Z');
    expect(reminderTimes(deadline, [1, 2], EARLY)).toEqual([
      { days_before: 2, scheduled_for: jst('2026-12-28') },
      { days_before: 1, scheduled_for: jst('2027-01-04') },
    ]);
  });

  it('is null for a time already past when computed', () => {
    const now = jst('2026-12-08', '12:00');
    expect(reminderTimes(jst('2026-12-10', '17:00'), [3, 1], now)).toEqual([
      { days_before: 3, scheduled_for: null },
      { days_before: 1, scheduled_for: jst('2026-12-09') },
    ]);
  });

  it('ignores repeated days', () => {
    expect(reminderTimes(jst('2026-12-10', '17:00'), [1, 1], EARLY)).toHaveLength(1);
  });
});
