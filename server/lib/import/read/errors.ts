/**
 * A file that cannot be imported as a whole (wrong format, bomb, unknown encoding, missing column …):
 * the import fails with `code` and the Japanese `message`, and writes nothing (DESIGN.md §11.4).
 */
export class ImportFileError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'ImportFileError';
    this.code = code;
  }
}
