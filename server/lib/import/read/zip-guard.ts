/**
 * An .xlsx is a zip: open it through its central directory (random access, so only the parts the
 * import reads are ever inflated), refuse what is not a workbook, and refuse a zip bomb (issue 17)
 * twice over: by the sizes the directory claims, then by counting the bytes actually inflated,
 * since the claim is only what the file says. Inflated bytes are streamed on, never kept here.
 */
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
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
      const decoder = new StringDecoder('utf8');
      let inflated = 0;
      for await (const chunk of inflate(filePath, f)) {
        inflated += chunk.length;
        total += chunk.length;
        if (total > MAX_INFLATED_BYTES || inflated > maxBytes || tooDense(inflated, f.compressedSize)) throw bomb();
        yield decoder.write(chunk);
      }
      yield decoder.end();
    },
  };
}

/**
 * One part's bytes, inflated, from its local header on. Read here rather than through unzipper's
 * entry stream, which keeps its file open when the reader stops early (a bomb, the rows limit).
 */
async function* inflate(filePath: string, f: CentralDirectoryFile): AsyncGenerator<Buffer> {
  // encrypted (bit 0), or neither stored (0) nor deflated (8): not a workbook Excel saves
  if (f.flags & 1 || (f.compressionMethod !== 0 && f.compressionMethod !== 8)) throw notXlsx();
  if (f.compressedSize === 0) return;
  const file = await open(filePath);
  try {
    const header = Buffer.alloc(30);
    await file.read(header, 0, 30, f.offsetToLocalFileHeader);
    if (header.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
    const start = f.offsetToLocalFileHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const bytes = file.createReadStream({ autoClose: false, start, end: start + f.compressedSize - 1 });
    const out = f.compressionMethod === 8 ? bytes.pipe(createInflateRaw()) : bytes;
    bytes.on('error', (error) => out.destroy(error));
    try {
      yield* out as AsyncIterable<Buffer>;
    } catch (error) {
      throw error instanceof ImportFileError ? error : notXlsx();
    } finally {
      bytes.destroy();
      out.destroy();
    }
  } finally {
    await file.close();
  }
}

function tooDense(inflated: number, compressed: number): boolean {
  return inflated > RATIO_FLOOR_BYTES && inflated > compressed * MAX_RATIO;
}

export const notXlsx = () => new ImportFileError('import_not_xlsx', importReadMessages.import_not_xlsx());
const bomb = () => new ImportFileError('import_zip_bomb', importReadMessages.import_zip_bomb());
