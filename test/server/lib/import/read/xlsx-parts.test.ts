import { describe, expect, it } from 'vitest';
import { isDateFormat } from '../../../../../server/lib/import/read/xlsx-parts.ts';

describe('isDateFormat: which number formats make a cell a date', () => {
  it.each(['yyyy/m/d', 'yyyy"年"m"月"d"日"', '[$-411]ggge"年"m"月"d"日"', 'm/d/yy', 'd-mmm-yy', '[$-F800]dddd, mmmm dd, yyyy'])(
    '%s is a date',
    (code) => expect(isDateFormat(code)).toBe(true),
  );
  it.each(['General', '0', '00000', '#,##0', '0.00E+00', '"Day "0', '[Red]-0', '@', '#,##0"円"'])('%s is not', (code) =>
    expect(isDateFormat(code)).toBe(false),
  );
});
