// unzipper ships no types; exceljs reads .xlsx through it. The central directory, as zip-guard.ts uses it, and
// an entry's bytes, as the tests read a .docx (test/helpers/docx-text.ts).
declare module 'unzipper' {
  export interface CentralDirectoryFile {
    path: string;
    type: 'File' | 'Directory';
    compressedSize: number;
    uncompressedSize: number;
    compressionMethod: number;
    flags: number;
    offsetToLocalFileHeader: number;
  }

  export const Open: {
    file(path: string): Promise<{ files: CentralDirectoryFile[] }>;
    buffer(data: Buffer): Promise<{ files: Array<CentralDirectoryFile & { buffer(): Promise<Buffer> }> }>;
  };
}
