// unzipper ships no types; exceljs reads .xlsx through it. Only what zip-guard.ts uses.
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  export interface CentralDirectoryFile {
    path: string;
    type: 'File' | 'Directory';
    compressedSize: number;
    uncompressedSize: number;
    stream(): Readable;
  }

  export const Open: {
    file(path: string): Promise<{ files: CentralDirectoryFile[] }>;
  };
}
