import type { SjisReplacement } from '../../schemas/export.ts';
import type { DateStyle } from '../../schemas/export.ts';
import type { Cell, ExportColumn } from '../sources/types.ts';

export interface SheetSpec {
  sheetName: string;
  title: string;
  columns: ExportColumn[];
  /** XLSX: the number format of date cells (default western) */
  dateStyle?: DateStyle;
}

export interface WriterResult {
  /** Shift_JIS: how many characters were replaced (else null) */
  replacedCharCount: number | null;
  /** Shift_JIS: the first cells with replaced characters (else null) */
  replacements: SjisReplacement[] | null;
}

/** Streams rows into a file: rows are buffered per batch, never the whole export. */
export interface ExportWriter {
  write(cells: Cell[]): void;
  /** After each batch: hands the buffered rows on, waiting while the file falls behind. */
  flush(): Promise<void>;
  /** Completes and closes the file. */
  finish(): Promise<WriterResult>;
  /** Closes the file after a failure (the runner deletes it). */
  abort(): void;
}
