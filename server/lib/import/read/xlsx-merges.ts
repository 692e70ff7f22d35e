/**
 * A sheet's merged ranges (issue 33: 住所 merged over E:F). They sit in <mergeCells> after
 * <sheetData>, so the streaming reader meets them only after every row; the header's sheet is
 * therefore inflated a second time and its text scanned for them, without parsing the rows (a
 * plain scan of the inflated text costs a fraction of the SAX pass). A fresh zip handle keeps the
 * first pass's inflated-bytes budget for the rows.
 */
import { readWorkbook } from './xlsx-parts.ts';
import { openXlsxZip } from './zip-guard.ts';

/** 1-based, inclusive */
export interface MergeRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const MERGE = /<(?:\w+:)?mergeCell\b[^>]*?\bref="([A-Z]+)(\d+):([A-Z]+)(\d+)"/g;
/** longer than any <mergeCell ref="…"/> tag: a tag split between two chunks is found in the next */
const CARRY = 256;

export async function xlsxMerges(filePath: string, sheet: number): Promise<MergeRange[]> {
  const zip = await openXlsxZip(filePath);
  const { sheets } = await readWorkbook(zip);
  const path = sheets[sheet]?.path;
  if (!path) return [];
  const merges: MergeRange[] = [];
  let rest = '';
  for await (const chunk of zip.text(path)) {
    const text = rest + chunk;
    let end = 0;
    for (const m of text.matchAll(MERGE)) {
      merges.push({ top: Number(m[2]), left: columnOf(m[1]!), bottom: Number(m[4]), right: columnOf(m[3]!) });
      end = m.index + m[0].length;
    }
    rest = text.slice(Math.max(end, text.length - CARRY));
  }
  return merges;
}

/** "AB12" → 28 (letters only are read) */
export function columnOf(ref: string): number {
  let col = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    col = col * 26 + code - 64;
  }
  return col;
}

/** 1 → "A", 28 → "AB" */
export function columnLetter(col: number): string {
  let letters = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
