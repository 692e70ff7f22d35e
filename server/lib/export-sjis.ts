/**
 * CSV in Shift_JIS (issue 6): encoded as CP932 (Windows-31J, what Excel and Japanese office tools
 * mean by Shift_JIS, including NEC/IBM extensions such as 髙 and ①). A character CP932 cannot
 * represent (𠮷, emoji, most non-Japanese scripts) becomes 〓 (the geta mark, the customary
 * stand-in for a missing character in Japanese print) and is counted, so the job can say how many.
 */
import iconv from 'iconv-lite';

const ENCODING = 'cp932';
export const REPLACEMENT_CHAR = '〓';

/**
 * Unicode characters that JIS-based input produces but CP932 maps from a different code point
 * (the classic WAVE DASH problem): folded to the CP932 twin, which looks the same, not counted.
 */
const CP932_TWINS: Readonly<Record<string, string>> = {
  '\u301c': '\uff5e', // 〜 WAVE DASH → ～
  '\u2016': '\u2225', // ‖ DOUBLE VERTICAL LINE → ∥
  '\u2212': '\uff0d', // − MINUS SIGN → －
  '\u00a2': '\uffe0', // ¢
  '\u00a3': '\uffe1', // £
  '\u00ac': '\uffe2', // ¬
  '\u2014': '\u2015', // — EM DASH → ―
};

export class ShiftJisEncoder {
  /** characters replaced so far */
  replaced = 0;
  /** per code point: the character to write, or null when it cannot be encoded */
  private readonly known = new Map<number, string | null>();

  private mapped(char: string, codePoint: number): string | null {
    let out = this.known.get(codePoint);
    if (out === undefined) {
      const candidate = CP932_TWINS[char] ?? char;
      // encodable iff it survives the round trip (iconv writes '?' for what it cannot map)
      out = iconv.decode(iconv.encode(candidate, ENCODING), ENCODING) === candidate ? candidate : null;
      this.known.set(codePoint, out);
    }
    return out;
  }

  /** The characters of `text` that encode() would replace by 〓, each once, in order. */
  unencodable(text: string): string[] {
    const found: string[] = [];
    for (const char of text) {
      if (char.charCodeAt(0) < 0x80) continue;
      if (this.mapped(char, char.codePointAt(0)!) === null && !found.includes(char)) found.push(char);
    }
    return found;
  }

  encode(text: string): Buffer {
    let safe = '';
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x80) continue;
      const codePoint = text.codePointAt(i)!;
      const width = codePoint > 0xffff ? 2 : 1;
      const char = text.slice(i, i + width);
      const out = this.mapped(char, codePoint);
      if (out !== char) {
        safe += text.slice(from, i) + (out ?? REPLACEMENT_CHAR);
        if (out === null) this.replaced++;
        from = i + width;
      }
      i += width - 1;
    }
    return iconv.encode(from === 0 ? text : safe + text.slice(from), ENCODING);
  }
}
