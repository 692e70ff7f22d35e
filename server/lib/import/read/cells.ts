/**
 * Cell values as the import reads them, and the two helpers the importer uses on them: a cell's
 * text, and a date in any form a Japanese sheet holds it (DESIGN.md §11.4: 2026/4/1, 2026-04-01,
 * 令和8年4月1日 or an Excel serial).
 */
import type { ImportValue } from './types.ts';

export type { ImportValue };

/** What a sheet or CSV cell becomes: trimmed text ('' → null), a number, a date, or null. */
export function toImportValue(raw: unknown): ImportValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return raw.trim() || null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'boolean') return raw ? 'TRUE' : 'FALSE';
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw;
  if (typeof raw === 'object') {
    // exceljs: {richText: [{text}]}, {formula, result}, {sharedFormula, result}, {error}, {text, hyperlink}
    const o = raw as Record<string, unknown>;
    if (Array.isArray(o.richText)) return toImportValue(o.richText.map((r: { text?: string }) => r.text ?? '').join(''));
    if ('formula' in o || 'sharedFormula' in o) return toImportValue(o.result);
    if (typeof o.error === 'string') return o.error;
    if ('text' in o) return toImportValue(o.text);
  }
  return null;
}

/** Numbers as plain decimal text (no exponent), dates as YYYY-MM-DD, text as it is. */
export function cellText(v: ImportValue): string | null {
  if (v === null) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Date) return isoDay(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate());
  const s = String(v);
  return /e/i.test(s) ? v.toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 17 }) : s;
}

export type ImportDate = { ok: true; date: string } | { ok: false };

const FAIL: ImportDate = { ok: false };

/** 和暦: each era's first day (a date before it does not exist); later years are accepted (平成32年). */
const ERAS: Readonly<Record<string, { start: [number, number, number] }>> = {
  明治: { start: [1868, 1, 25] },
  大正: { start: [1912, 7, 30] },
  昭和: { start: [1926, 12, 25] },
  平成: { start: [1989, 1, 8] },
  令和: { start: [2019, 5, 1] },
};
const ERA_LETTERS: Readonly<Record<string, string>> = { M: '明治', T: '大正', S: '昭和', H: '平成', R: '令和' };

const WESTERN =
  /^(\d{4})\s*(?:[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{1,2})|年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日)(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;
const JAPANESE =
  /^(明治|大正|昭和|平成|令和|[MTSHR])\s*(元|\d{1,2})\s*(?:年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日|[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{1,2}))$/i;

/**
 * A date cell in any of its forms → YYYY-MM-DD. Excel serials use the 1900 date system with its
 * fictitious 1900-02-29 (serial 60), which is rejected; time parts are dropped. Dates as exceljs
 * reads them are UTC midnights, so their UTC day is the sheet's day.
 */
export function parseImportDate(v: ImportValue): ImportDate {
  if (v === null) return FAIL;
  if (v instanceof Date) {
    return Number.isNaN(v.getTime()) ? FAIL : ymd(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate());
  }
  if (typeof v === 'number') return fromSerial(v);
  const s = v.normalize('NFKC').trim();
  const w = WESTERN.exec(s);
  if (w) return ymd(Number(w[1]), Number(w[2] ?? w[4]), Number(w[3] ?? w[5]));
  const j = JAPANESE.exec(s);
  if (!j) return FAIL;
  const era = ERAS[ERA_LETTERS[j[1]!.toUpperCase()] ?? j[1]!]!;
  const year = era.start[0] - 1 + (j[2] === '元' ? 1 : Number(j[2]));
  const month = Number(j[3] ?? j[5]);
  const day = Number(j[4] ?? j[6]);
  const [sy, sm, sd] = era.start;
  if (year * 10_000 + month * 100 + day < sy * 10_000 + sm * 100 + sd) return FAIL;
  return ymd(year, month, day);
}

function fromSerial(serial: number): ImportDate {
  const d = excelSerialDate(serial);
  return d ? ymd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()) : FAIL;
}

/**
 * An Excel serial as a UTC date-time, in the 1900 date system (or 1904, as old Mac workbooks say);
 * null for 60, Lotus 1-2-3's 1900-02-29 that Excel kept and that never was, and out of range.
 */
export function excelSerialDate(serial: number, date1904 = false): Date | null {
  const value = date1904 ? serial + 1462 : serial;
  const days = Math.floor(value);
  if (!Number.isFinite(value) || days < 1 || days > 2_958_465 || days === 60) return null;
  return new Date(Date.UTC(1899, 11, days < 60 ? 31 : 30) + Math.round(value * 86_400_000));
}

function ymd(year: number, month: number, day: number): ImportDate {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return FAIL;
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return FAIL;
  return { ok: true, date: isoDay(year, month, day) };
}

function isoDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
