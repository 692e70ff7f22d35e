// unzipper ships no types; exceljs reads .xlsx through it. Only the central directory, as zip-guard.ts uses it.
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
  };
}
