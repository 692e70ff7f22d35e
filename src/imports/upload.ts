/**
 * The import file from the browser (DESIGN.md §11.4): checked here first (XLSX or CSV, at most
 * 20 MB) so the user hears at once, in Japanese, why a file is refused; the server checks again
 * (server/schemas/storage.ts IMPORT_UPLOAD_TYPES; types.test.ts keeps the two in step).
 * Then POST …/common/s3/put_object_url with `purpose: "import"` and the bytes straight to the
 * returned URL, as attachments upload (src/conferences/attachments/objectStorage.ts).
 */
import type { PutObjectUrl, PutObjectUrlBody } from '../api/schema';
import { httpClient, type HttpClient } from '../api/httpClient';
import { putObjectUrlPath } from '../conferences/attachments/objectStorage';

/** 20 MB (server MAX_UPLOAD_BYTES). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** The content type each accepted extension is declared with. */
export const IMPORT_FILE_TYPES: Readonly<Record<string, string>> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv',
};

/** For the file picker's `accept`. */
export const IMPORT_ACCEPT = [...Object.keys(IMPORT_FILE_TYPES), ...Object.values(IMPORT_FILE_TYPES)].join(',');

export type ImportFileRefusal = 'unsupported_file_type' | 'file_too_large' | 'file_empty';

export type ImportFileCheck = { ok: true; contentType: string } | { ok: false; reason: ImportFileRefusal };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/** The content type to declare for `file`, or why it cannot be imported. */
export const checkImportFile = (file: Pick<File, 'name' | 'size'>): ImportFileCheck => {
  const contentType = IMPORT_FILE_TYPES[extensionOf(file.name)];
  if (!contentType) return { ok: false, reason: 'unsupported_file_type' };
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, reason: 'file_too_large' };
  if (file.size <= 0) return { ok: false, reason: 'file_empty' };
  return { ok: true, contentType };
};

export const requestImportUploadUrl = async (
  cciCode: string,
  file: Pick<File, 'name' | 'size'>,
  contentType: string,
  client: HttpClient = httpClient,
): Promise<PutObjectUrl> => {
  const body: PutObjectUrlBody = { file_name: file.name, content_type: contentType, size: file.size, purpose: 'import' };
  return (await client.request<PutObjectUrl>(putObjectUrlPath(cciCode), { method: 'POST', body })).json;
};
