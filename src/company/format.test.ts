import { daysUntil, formatDateTimeJa, normalizeDigits, PHONE_RE, POSTAL_CODE_RE } from './format';

describe('portal formats (spec §3 weekdays, §9 dates; Asia/Tokyo)', () => {
  it('§9: date and time with the Japanese weekday, in Asia/Tokyo', () => {
    expect(formatDateTimeJa('2026-11-21T05:00:00Z')).toBe('2026年11月21日(土) 14:00');
    // 23:30 UTC on Saturday is already Sunday 08:30 in Tokyo
    expect(formatDateTimeJa('2026-11-21T23:30:00Z')).toBe('2026年11月22日(日) 08:30');
    expect(formatDateTimeJa(null)).toBe('');
  });

  it('days left count Tokyo calendar days, not 24-hour periods', () => {
    const now = new Date('2026-11-11T14:30:00Z'); // 11/11 23:30 JST
    expect(daysUntil('2026-11-11T15:10:00Z', now)).toBe(1); // 11/12 00:10 JST: tomorrow, though only 40 minutes away
    expect(daysUntil('2026-11-11T08:00:00Z', now)).toBe(0); // earlier today
    expect(daysUntil('2026-11-14T08:00:00Z', now)).toBe(3);
    expect(daysUntil('2026-11-09T08:00:00Z', now)).toBe(-2);
    expect(daysUntil(null, now)).toBeNull();
  });

  it('full-width digits and dash look-alikes from Japanese IMEs become what the server stores', () => {
    expect(normalizeDigits('４３０ー０９４４')).toBe('430-0944');
    expect(normalizeDigits('０５３－４５２－１１０１ ')).toBe('053-452-1101');
    expect(POSTAL_CODE_RE.test(normalizeDigits('４３００９４４'))).toBe(true);
    expect(POSTAL_CODE_RE.test('43-0944')).toBe(false);
    expect(PHONE_RE.test(normalizeDigits('０５３‐４５２‐１１０１'))).toBe(true);
    expect(PHONE_RE.test('053-45')).toBe(false);
  });
});
