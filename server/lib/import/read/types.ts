/** The reader's contract with the import job (/work/wt/briefs/import-contract-s6.md, DESIGN.md §11.4). */

/** formula cells → their cached result; rich text → plain text; trimmed strings; '' → null */
export type ImportValue = string | number | Date | null;

/** `row`: the sheet's (CSV: the record's) 1-based row number, as Excel shows it; cells aligned with `headers` */
export interface ImportRow {
  row: number;
  cells: ImportValue[];
}

/** `message` in Japanese */
export interface ImportWarning {
  code: string;
  message: string;
  column?: string;
  row?: number;
}

export interface ImportSheet {
  format: 'xlsx' | 'csv';
  /** csv only */
  encoding?: CsvEncoding;
  /** xlsx only: the sheet whose header matched (not necessarily the first) */
  sheetName?: string;
  /** 1-based */
  headerRow: number;
  /** NFKC-folded, trimmed header texts ('' for empty header cells) */
  headers: string[];
  /** blank rows skipped; consume once */
  rows: AsyncIterable<ImportRow>;
  /** e.g. unknown columns (filled once the header is known) */
  warnings: ImportWarning[];
}

export interface OpenImportOptions {
  /** decides xlsx vs csv by extension; content must agree (else ImportFileError) */
  fileName: string;
  /** all headers the kind understands (the export's headers) */
  knownHeaders: readonly string[];
  /** missing one → ImportFileError code import_missing_column naming it */
  requiredHeaders: readonly string[];
  /** default 100 000 data rows */
  maxRows?: number;
  /** default 16 384 (Excel's own maximum) */
  maxColumns?: number;
}

export type CsvEncoding = 'UTF-8' | 'UTF-8-BOM' | 'Shift_JIS';

/** A row as the format reader yields it, before the header is known; `sheet` counts from 0. */
export interface RawRow {
  sheet: number;
  sheetName?: string;
  row: number;
  values: ImportValue[];
}
