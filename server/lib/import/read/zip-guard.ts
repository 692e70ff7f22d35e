/**
 * An .xlsx is a zip: before exceljs reads it, make sure it is one, that it is a workbook, and that
 * it cannot inflate into more than the import may spend (issue 17: a zip bomb fails with a clear
 * reason). The central directory's sizes are checked first (cheap); then every entry is inflated
 * once, counting bytes and keeping none, since those sizes are only what the file claims.
 */
import { Open, type CentralDirectoryFile } from 'unzipper';
import { ImportFileError } from './errors.ts';
import { importReadMessages } from './messages.ts';

/** an 80 000-row, 30-column sheet inflates to about 120 MB of XML */
export const MAX_INFLATED_BYTES = 400 * 1024 * 1024;
/** sheet XML compresses 10–30×; a large entry far beyond that is a bomb */
export const MAX_RATIO = 100;
const RATIO_FLOOR_BYTES = 10 * 1024 * 1024;

export async function checkXlsxZip(filePath: string): Promise<void> {
  let files: CentralDirectoryFile[];
  try {
    ({ files } = await Open.file(filePath));
  } catch {
    throw notXlsx();
  }
  if (!files.some((f) => f.path === 'xl/workbook.xml')) throw notXlsx();
  let claimed = 0;
  for (const f of files) {
    claimed += f.uncompressedSize;
    if (claimed > MAX_INFLATED_BYTES || tooDense(f.uncompressedSize, f.compressedSize)) throw bomb();
  }
  let total = 0;
  for (const f of files) {
    if (f.type !== 'File') continue;
    let inflated = 0;
    const stream = f.stream();
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        total += chunk.length;
        if (total > MAX_INFLATED_BYTES || tooDense(inflated, f.compressedSize)) throw bomb();
      }
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw notXlsx();
    } finally {
      stream.destroy();
    }
  }
}

function tooDense(inflated: number, compressed: number): boolean {
  return inflated > RATIO_FLOOR_BYTES && inflated > compressed * MAX_RATIO;
}

const notXlsx = () => new ImportFileError('import_not_xlsx', importReadMessages.import_not_xlsx());
const bomb = () => new ImportFileError('import_zip_bomb', importReadMessages.import_zip_bomb());
