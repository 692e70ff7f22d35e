/**
 * Finding the header row (issue 17: a title line above it, a cover sheet before it are fine): the
 * first row, among a sheet's first 30 non-blank rows, holding at least one required header; the
 * first sheet that has one is read.
 */
import { cellText } from './cells.ts';
import { ImportFileError } from './errors.ts';
import { clipText } from '../preview.ts';
import { importReadMessages } from './messages.ts';
import type { ImportValue, ImportWarning, RawRow } from './types.ts';

const HEADER_SEARCH_ROWS = 30;

/** header cells compare NFKC-folded and trimmed (全角英数 and half-width カナ as the export writes them) */
export const foldHeader = (text: string): string => text.normalize('NFKC').trim();

export const isBlank = (values: readonly ImportValue[]): boolean => values.every((v) => v === null);

export async function findHeader(
  rows: AsyncIterator<RawRow>,
  requiredHeaders: readonly string[],
): Promise<{ header: RawRow; headers: string[] }> {
  const required = new Set(requiredHeaders.map(foldHeader));
  let sheet = -1;
  let seen = 0;
  let anyData = false;
  for (let next = await rows.next(); !next.done; next = await rows.next()) {
    const r = next.value;
    if (r.sheet !== sheet) [sheet, seen] = [r.sheet, 0];
    if (isBlank(r.values)) continue;
    anyData = true;
    if (seen >= HEADER_SEARCH_ROWS) continue; // the rest of this sheet cannot hold the header
    seen += 1;
    const headers = r.values.map((v) => foldHeader(cellText(v) ?? ''));
    if (headers.some((h) => required.has(h))) {
      while (headers.at(-1) === '') headers.pop();
      return { header: r, headers };
    }
  }
  if (!anyData) throw new ImportFileError('import_empty_file', importReadMessages.import_empty_file());
  throw new ImportFileError('import_header_not_found', importReadMessages.import_header_not_found(requiredHeaders));
}

/** A missing required column or a known one written twice fails the file; unknown ones warn. */
export function checkHeaders(
  headers: readonly string[],
  knownHeaders: readonly string[],
  requiredHeaders: readonly string[],
): ImportWarning[] {
  const missing = requiredHeaders.filter((h) => !headers.includes(foldHeader(h)));
  if (missing.length > 0) {
    throw new ImportFileError('import_missing_column', importReadMessages.import_missing_column(missing));
  }
  const known = new Set(knownHeaders.map(foldHeader));
  const twice = headers.find((h, i) => known.has(h) && headers.indexOf(h) !== i);
  if (twice) throw new ImportFileError('import_duplicate_column', importReadMessages.import_duplicate_column(twice));
  // a header may be any cell's text: the job keeps warnings where every poll reads them
  return headers
    .filter((h) => h !== '' && !known.has(h))
    .map((header) => {
      const column = clipText(header);
      return { code: 'import_unknown_column', message: importReadMessages.import_unknown_column(column), column };
    });
}
