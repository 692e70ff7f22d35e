/**
 * issue 29, item 3: a file name reaches the Content-Disposition of downloads, exports and templates
 * through one rule (server/storage/keys.ts contentDisposition): CR/LF, `;`, `,`, `\`, quotes and long
 * names cannot end the header, add a parameter or break the quoted fallback.
 */
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../../server/storage/keys.ts';

/** The header's parameters as a client reads them: filename (quoted) and filename* (RFC 5987). */
function parameters(header: string) {
  const match = /^attachment; filename="((?:[^"\\]|\\.)*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]*)$/.exec(header);
  expect(match, header).not.toBeNull();
  return { fallback: match![1], name: decodeURIComponent(match![2]) };
}

describe('Content-Disposition of a file name', () => {
  it('CR/LF, `;`, `,`, `\\` and quotes: one line, two parameters, the name read back without the breaks', () => {
    const header = contentDisposition('議事録\r\nSet-Cookie: a=1; x,y\\z"q.pdf');
    expect(header).not.toMatch(/\p{Cc}/u);
    const { fallback, name } = parameters(header);
    expect(name).toBe('議事録__Set-Cookie_ a=1; x,y_z_q.pdf');
    expect(fallback).not.toMatch(/["\\]/);
    expect(fallback).toMatch(/\.pdf$/);
  });

  it('a long Japanese name is shortened from the middle, its extension kept, within a header line', () => {
    const header = contentDisposition(`${'令和8年度通常議員総会出欠一覧'.repeat(20)}.xlsx`);
    const { name } = parameters(header);
    expect([...name]).toHaveLength(120);
    expect(name.endsWith('.xlsx')).toBe(true);
    expect(header.length).toBeLessThan(4096);
  });

  it('an ordinary name is unchanged', () => {
    expect(parameters(contentDisposition('総会資料.pdf'))).toEqual({ fallback: '____.pdf', name: '総会資料.pdf' });
  });
});
