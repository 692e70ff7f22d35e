import {
  formatDate,
  formatDateJa,
  formatDateJaWithWeekday,
  formatDateTime,
  formatDateTimeWithWeekday,
  formatDateWithWeekday,
  weekdayJa,
} from './dates';

describe('dates (spec §3 weekday mapping, §9 date formats)', () => {
  it('§3: maps 1–5 to 月–金, 6 to 土 and 0 to 日', () => {
    expect([1, 2, 3, 4, 5].map(weekdayJa)).toEqual(['月', '火', '水', '木', '金']);
    expect(weekdayJa(6)).toBe('土');
    expect(weekdayJa(0)).toBe('日');
    expect(weekdayJa(7)).toBe('');
  });

  it('§9: formats YYYY/MM/DD, YYYY年MM月DD日 and YYYY/MM/DD HH:mm', () => {
    const instant = '2026-11-21T05:00:00Z'; // 14:00 in Tokyo
    expect(formatDate(instant)).toBe('2026/11/21');
    expect(formatDateJa(instant)).toBe('2026年11月21日');
    expect(formatDateTime(instant)).toBe('2026/11/21 14:00');
  });

  it('§9: adds the Japanese weekday, e.g. 2026/11/21(土) 14:00', () => {
    const instant = '2026-11-21T05:00:00Z';
    expect(formatDateTimeWithWeekday(instant)).toBe('2026/11/21(土) 14:00');
    expect(formatDateWithWeekday('2026-11-22')).toBe('2026/11/22(日)');
    expect(formatDateJaWithWeekday('2026-11-23')).toBe('2026年11月23日(月)');
  });

  it('§9: shows instants in Asia/Tokyo (late UTC evening is the next day)', () => {
    expect(formatDateTimeWithWeekday('2026-11-20T16:30:00Z')).toBe('2026/11/21(土) 01:30');
  });

  it('§9: keeps date-only values on their calendar day and tolerates empty input', () => {
    expect(formatDate('2026-01-01')).toBe('2026/01/01');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
