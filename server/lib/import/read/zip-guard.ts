/**
 * An .xlsx is a zip: open it through its central directory (random access, so only the parts the
 * import reads are ever inflated), refuse what is not a workbook, and refuse a zip bomb (issue 17)
 * twice over: by the sizes the directory claims, then by counting the bytes actually inflated,
 * since the claim is only what the file says. Inflated bytes are streamed on, never kept here.
 */
import { StringDecoder } from 'node:string_decoder';
import { Open, type CentralDirectoryFile } from 'unzipper';
import { ImportFileError } from './errors.ts';
import { importReadMessages } from './messages.ts';

/** an 80 000-row, 30-column sheet inflates to about 120 MB of XML */
export const MAX_INFLATED_BYTES = 400 * 1024 * 1024;
/** sheet XML compresses 10–30×; a large part far beyond that is a bomb */
export const MAX_RATIO = 100;
const RATIO_FLOOR_BYTES = 10 * 1024 * 1024;

export interface XlsxZip {
  has(path: string): boolean;
  /** the part's XML text in chunks; `maxBytes` caps parts that are kept in memory (shared strings) */
  text(path: string, maxBytes?: number): AsyncGenerator<string>;
}

export async function openXlsxZip(filePath: string): Promise<XlsxZip> {
  let files: CentralDirectoryFile[];
  try {
    ({ files } = await Open.file(filePath));
  } catch {
    throw notXlsx();
  }
  const byPath = new Map(files.filter((f) => f.type === 'File').map((f) => [f.path, f]));
  if (!byPath.has('xl/workbook.xml')) throw notXlsx();
  let claimed = 0;
  for (const f of byPath.values()) {
    claimed += f.uncompressedSize;
    if (claimed > MAX_INFLATED_BYTES || tooDense(f.uncompressedSize, f.compressedSize)) throw bomb();
  }
  let total = 0;
  return {
    has: (path) => byPath.has(path),
    async *text(path, maxBytes = MAX_INFLATED_BYTES) {
      const f = byPath.get(path);
      if (!f) throw notXlsx();
      const stream = f.stream();
      const decoder = new StringDecoder('utf8');
      let inflated = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          inflated += chunk.length;
          total += chunk.length;
          if (total > MAX_INFLATED_BYTES || inflated > maxBytes || tooDense(inflated, f.compressedSize)) throw bomb();
          yield decoder.write(chunk);
        }
        yield decoder.end();
      } catch (error) {
        if (error instanceof ImportFileError) throw error;
        throw notXlsx();
      } finally {
        stream.destroy();
      }
    },
  };
}

function tooDense(inflated: number, compressed: number): boolean {
  return inflated > RATIO_FLOOR_BYTES && inflated > compressed * MAX_RATIO;
}

export const notXlsx = () => new ImportFileError('import_not_xlsx', importReadMessages.import_not_xlsx());
const bomb = () => new ImportFileError('import_zip_bomb', importReadMessages.import_zip_bomb());
