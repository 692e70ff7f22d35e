import { describe, expect, it } from 'vitest';
import { normalizePhone, PHONE_PATTERN } from './phone.ts';

const PHONE = new RegExp(PHONE_PATTERN);

describe('normalizePhone: every way Japanese offices write a number, one stored form', () => {
  it.each([
    ['053-433-2681', '053-433-2681'],
    ['053(433)2681', '053-433-2681'],
    ['(053)433-2681', '053-433-2681'],
    ['（053）433-2681', '053-433-2681'],
    ['053 433 2681', '053-433-2681'],
    ['053　433　2681', '053-433-2681'],
    ['０５３（４３３）２６８１', '053-433-2681'],
    ['０５３－４３３－２６８１', '053-433-2681'],
    ['０５３ー４３３ー２６８１', '053-433-2681'],
    ['053 (433) 2681', '053-433-2681'],
    ['+81 53-433-2681', '053-433-2681'],
    ['+81-3-1234-5678', '03-1234-5678'],
    ['＋８１ ３ １２３４ ５６７８', '03-1234-5678'],
    ['+81 (0)3-1234-5678', '03-1234-5678'],
    ['+81312345678', '0312345678'],
    ['0534332681', '0534332681'],
    [' 03-1234-5678 ', '03-1234-5678'],
  ])('%s → %s, which the schema accepts', (written, stored) => {
    expect(normalizePhone(written)).toBe(stored);
    expect(PHONE.test(normalizePhone(written))).toBe(true);
  });

  it.each(['03-1234-567８ 内線12', 'TEL 03-1234-5678', '+1 212 555 0100', '1234'])('%s stays refused', (written) => {
    expect(PHONE.test(normalizePhone(written))).toBe(false);
  });
});
