/** The 〓 match (issue 33): a Shift_JIS export's 〓 stands for the stored character it replaced. */
import { describe, expect, it } from 'vitest';
import { isGetaOf, keepGetaCells, restoreGeta, shiftJisImage } from '../../../../server/lib/import/geta.ts';

describe('the 〓 match', () => {
  it('renders what Shift_JIS cannot hold as 〓 and keeps what it can (髙, ①, ｶﾅ)', () => {
    expect(shiftJisImage('𠮷野 髙橋① ｶﾅ')).toBe('〓野 髙橋① ｶﾅ');
  });

  it('matches the export’s rendering of the stored text only', () => {
    expect(isGetaOf('𠮷野商事', '〓野商事')).toBe(true);
    // another text, or a real 〓 stored and imported alike, is no stand-in
    expect(isGetaOf('𠮷野商事', '〓野物産')).toBe(false);
    expect(isGetaOf('〓野商事', '〓野商事')).toBe(false);
    // a character Shift_JIS holds (髙) typed over with 〓 is a change
    expect(isGetaOf('髙橋商店', '〓橋商店')).toBe(false);
    expect(isGetaOf(null, '〓')).toBe(false);
  });

  it('puts the stored value back, shows it in the preview and names the cell', () => {
    const body: Record<string, unknown> = { name: '〓田 一郎', title: '〓祥' };
    const values: Record<string, unknown> = { 氏名: '〓田 一郎', 肩書: '〓祥' };
    const warnings = keepGetaCells({ name: '𠮷田 一郎', title: '部長' }, body, {
      row: 7,
      labels: { name: '氏名', title: '肩書' },
      values,
    });
    expect(body).toEqual({ name: '𠮷田 一郎', title: '〓祥' });
    expect(values).toEqual({ 氏名: '𠮷田 一郎', 肩書: '〓祥' });
    expect(warnings).toEqual([
      {
        code: 'import_geta_matched',
        row: 7,
        column: '氏名',
        message: '氏名の「〓」は Shift_JIS で保存できない文字の代わりとみなし、登録済みの「𠮷田 一郎」のままにします',
      },
    ]);
  });

  it('an edited cell: the parts left as the export wrote them are the stored characters again, the edit as typed', () => {
    expect(restoreGeta('𠮷田 一郎', '〓田 二郎')).toBe('𠮷田 二郎');
    expect(restoreGeta('株式会社𠮷野', '株式会社〓野 本店')).toBe('株式会社𠮷野 本店');
    // a 〓 where the export wrote one is the stored character, even beside the edit; 〜 comes back as stored, not as CP932's ～
    expect(restoreGeta('𠮷田 〜 𠮷川', '〓田 ～ 〓山')).toBe('𠮷田 〜 𠮷山');
    // the 〓 itself typed over: what was typed
    expect(restoreGeta('𠮷田 一郎', '吉田 一郎')).toBeUndefined();
    // nothing of the export's to restore: a stored text Shift_JIS holds, or no 〓 in the cell
    expect(restoreGeta('吉田 一郎', '〓田 二郎')).toBeUndefined();
    expect(restoreGeta('𠮷田 一郎', '山田 二郎')).toBeUndefined();
    expect(restoreGeta(null, '〓')).toBeUndefined();
  });

  it('names an edited cell whose 〓 it restored', () => {
    const body: Record<string, unknown> = { name: '〓田 二郎' };
    const warnings = keepGetaCells({ name: '𠮷田 一郎' }, body, { row: 3, labels: { name: '氏名' } });
    expect(body).toEqual({ name: '𠮷田 二郎' });
    expect(warnings).toEqual([
      {
        code: 'import_geta_restored',
        row: 3,
        column: '氏名',
        message:
          '氏名の変更のない部分の「〓」は Shift_JIS で保存できない文字の代わりとみなし、登録済みの文字に戻して「𠮷田 二郎」とします',
      },
    ]);
  });
});
