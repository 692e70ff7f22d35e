import { describe, expect, it } from 'vitest';
import { cellText, parseImportDate } from '../../../../../server/lib/import/read/cells.ts';

const day = (v: Parameters<typeof parseImportDate>[0]) => {
  const r = parseImportDate(v);
  return r.ok ? r.date : null;
};

describe('parseImportDate (DESIGN.md §11.4 date forms)', () => {
  it('reads Excel serials in the 1900 date system around its fictitious 1900-02-29', () => {
    expect(day(1)).toBe('1900-01-01');
    expect(day(59)).toBe('1900-02-28');
    expect(day(60)).toBeNull();
    expect(day(61)).toBe('1900-03-01');
    expect(day(46113)).toBe('2026-04-01');
    expect(day(46113.75)).toBe('2026-04-01');
    expect(day(0)).toBeNull();
    expect(day(-3)).toBeNull();
    expect(day(2_958_466)).toBeNull();
  });

  it('reads Dates by their UTC day, as exceljs gives date cells', () => {
    expect(day(new Date(Date.UTC(2026, 3, 1)))).toBe('2026-04-01');
    expect(day(new Date(Number.NaN))).toBeNull();
  });

  it.each([
    ['2026/4/1', '2026-04-01'],
    ['2026/04/01', '2026-04-01'],
    ['2026-04-01', '2026-04-01'],
    ['2026.4.1', '2026-04-01'],
    ['2026/4/1 0:00', '2026-04-01'],
    ['2026年4月1日', '2026-04-01'],
    ['２０２６／４／１', '2026-04-01'],
    ['２０２６年４月１日', '2026-04-01'],
    ['2026－04－01', '2026-04-01'],
    [' 2026/4/1 ', '2026-04-01'],
    ['令和8年4月1日', '2026-04-01'],
    ['令和８年４月１日', '2026-04-01'],
    ['R8.4.1', '2026-04-01'],
    ['r8/4/1', '2026-04-01'],
    ['令和元年5月1日', '2019-05-01'],
    ['平成31年4月30日', '2019-04-30'],
    ['平成元年1月8日', '1989-01-08'],
    ['H1.1.8', '1989-01-08'],
    ['昭和64年1月7日', '1989-01-07'],
    ['S50.10.10', '1975-10-10'],
    ['大正15年12月24日', '1926-12-24'],
    ['明治45年7月29日', '1912-07-29'],
    ['㋿8年4月1日', '2026-04-01'],
    ['2024/2/29', '2024-02-29'],
  ])('reads %s', (text, expected) => {
    expect(day(text)).toBe(expected);
  });

  it.each([
    '2026/2/30',
    '2025/2/29',
    '2026/13/1',
    '2026/0/10',
    '2026/4/31',
    '令和元年4月30日', // still 平成 that day
    '平成元年1月7日',
    '令和8年2月30日',
    '2026/4',
    '4/1',
    '20260401',
    'あした',
    '',
  ])('rejects %s', (text) => {
    expect(day(text)).toBeNull();
  });

  it('rejects a blank cell', () => {
    expect(day(null)).toBeNull();
  });
});

describe('cellText', () => {
  it('gives numbers as plain decimals, dates as YYYY-MM-DD and text unchanged', () => {
    expect(cellText(123)).toBe('123');
    expect(cellText(0.5)).toBe('0.5');
    expect(cellText(1e21)).toBe('1000000000000000000000');
    expect(cellText(1.5e-7)).toBe('0.00000015');
    expect(cellText('00123')).toBe('00123');
    expect(cellText(new Date(Date.UTC(2026, 3, 1)))).toBe('2026-04-01');
    expect(cellText(null)).toBeNull();
  });
});
