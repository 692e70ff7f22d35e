import type { Cell, ExportColumn } from '../sources/types.ts';

export interface SheetSpec {
  sheetName: string;
  title: string;
  columns: ExportColumn[];
}

/** Streams rows into a file: rows are buffered per batch, never the whole export. */
export interface ExportWriter {
  write(cells: Cell[]): void;
  /** After each batch: hands the buffered rows on, waiting while the file falls behind. */
  flush(): Promise<void>;
  /** Completes and closes the file. Shift_JIS: how many characters were replaced (else null). */
  finish(): Promise<{ replacedCharCount: number | null }>;
  /** Closes the file after a failure (the runner deletes it). */
  abort(): void;
}
