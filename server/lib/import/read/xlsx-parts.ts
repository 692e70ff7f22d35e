/**
 * The small parts of a workbook read before its sheets: the sheets in tab order with their part
 * paths, the 1904 date system flag, which cell styles are dates (so a date cell reads as a Date,
 * not its serial), and the shared strings (Japanese Excel's furigana runs <rPh> left out).
 */
import { posix } from 'node:path';
import { cellCounter, cellLength } from './limits.ts';
import { collectXml } from './xml.ts';
import type { XlsxZip } from './zip-guard.ts';

/** a cap on the shared strings kept in memory (80 000 rows of unique names take about 9 MB) */
const MAX_SHARED_STRINGS_BYTES = 64 * 1024 * 1024;

/** attribute by local name: r:id, or whatever prefix a writer chose */
const attr = (attributes: Record<string, string>, name: string): string | undefined =>
  attributes[name] ?? Object.entries(attributes).find(([k]) => k.endsWith(`:${name}`))?.[1];

/** Excel's cell-text escapes: _x000D_ for a carriage return and the like */
export const unescapeExcel = (text: string) =>
  text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export interface WorkbookInfo {
  sheets: { name: string; path: string }[];
  date1904: boolean;
}

export async function readWorkbook(zip: XlsxZip): Promise<WorkbookInfo> {
  let date1904 = false;
  const sheets = await collectXml<{ name: string; rId: string }>(zip.text('xl/workbook.xml'), {
    open(name, a, out) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(a.date1904 ?? '');
      if (name === 'sheet') out.push({ name: a.name ?? '', rId: attr(a, 'id') ?? '' });
    },
  });
  const rels = new Map<string, string>();
  const relsPath = 'xl/_rels/workbook.xml.rels';
  if (zip.has(relsPath)) {
    await collectXml(zip.text(relsPath), {
      open(name, a) {
        if (name === 'Relationship' && a.Id && a.Target) {
          rels.set(a.Id, a.Target.startsWith('/') ? a.Target.slice(1) : posix.join('xl', a.Target));
        }
      },
    });
  }
  return {
    date1904,
    sheets: sheets.flatMap(({ name, rId }) => {
      const path = rels.get(rId);
      return path && zip.has(path) ? [{ name, path }] : [];
    }),
  };
}

/** built-in number formats that are dates (14–17, 22; 27–36 and 50–58 are Japanese 和暦/日付) */
const BUILTIN_DATES = new Set([14, 15, 16, 17, 22, ...range(27, 36), ...range(50, 58)]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** a custom format is a date when, without its quoted text, escapes, [colours]/[$-411] and E+, it has y m d g e */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/E[+-]/gi, '')
    .replace(/general/gi, '');
  return /[ymdge]/i.test(bare);
}

/** for each cell style index (the `s` of a cell): whether its number format shows a date */
export async function readDateStyles(zip: XlsxZip): Promise<boolean[]> {
  if (!zip.has('xl/styles.xml')) return [];
  const custom = new Map<number, string>();
  let inCellXfs = false;
  const xfs = await collectXml<number>(zip.text('xl/styles.xml'), {
    open(name, a, out) {
      if (name === 'numFmt') custom.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) out.push(Number(a.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return xfs.map((id) => (custom.has(id) ? isDateFormat(custom.get(id)!) : BUILTIN_DATES.has(id)));
}

export async function readSharedStrings(zip: XlsxZip): Promise<string[]> {
  const path = 'xl/sharedStrings.xml';
  if (!zip.has(path)) return [];
  let text: string[] = [];
  let inT = false;
  let inPhonetic = false;
  const length = cellCounter(() => undefined);
  return collectXml<string>(zip.text(path, MAX_SHARED_STRINGS_BYTES), {
    open(name) {
      if (name === 'si') {
        text = [];
        length.reset();
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && !inPhonetic) inT = true;
    },
    text(t) {
      if (!inT) return;
      length.add(t);
      text.push(t);
    },
    close(name, out) {
      if (name === 't') inT = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        const value = unescapeExcel(text.join(''));
        cellLength(value);
        out.push(value);
      }
    },
  });
}
