/**
 * Object storage from the browser (spec §7 "Common", issue 6; shapes in server/schemas/storage.ts):
 *
 * - POST /v1/cci/{cci_code}/common/s3/put_object_url → a presigned PUT URL and the object key;
 * - the bytes go straight to that URL with XMLHttpRequest (upload progress events; fetch has none),
 *   carrying exactly the returned headers (the signature covers the content type).
 * Downloads: src/api/objectDownload.ts.
 */
import type { PutObjectUrl, PutObjectUrlBody } from '../../api/schema';
import { httpClient, type HttpClient } from '../../api/httpClient';
import { resolveStorageUrl } from '../../api/objectDownload';

export type { PutObjectUrl };

export const putObjectUrlPath = (cciCode: string) => `/v1/cci/${encodeURIComponent(cciCode)}/common/s3/put_object_url`;

export const requestUploadUrl = async (
  cciCode: string,
  file: { name: string; size: number },
  contentType: string,
  client: HttpClient = httpClient,
): Promise<PutObjectUrl> => {
  const body: PutObjectUrlBody = {
    file_name: file.name,
    content_type: contentType,
    size: file.size,
    purpose: 'conference_attachment',
  };
  return (await client.request<PutObjectUrl>(putObjectUrlPath(cciCode), { method: 'POST', body })).json;
};

/** The storage refused the upload: its status and, from the local driver, the problem's code. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly aborted = false,
  ) {
    super(aborted ? 'upload aborted' : `upload failed (${status}${code ? ` ${code}` : ''})`);
    this.name = 'UploadError';
  }
}

const problemCodeOf = (text: string): string | undefined => {
  try {
    const parsed: unknown = JSON.parse(text);
    const code = (parsed as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    // S3 answers XML: <Code>AccessDenied</Code><Message>Request has expired</Message>
    return /expired/i.test(text) ? 'url_expired' : undefined;
  }
};

export type XhrFactory = () => XMLHttpRequest;

/**
 * PUTs `file` to the presigned URL; `onProgress` gets 0–100. Rejects with UploadError (the
 * storage's status and code; status 0 for a network failure) or, on abort, UploadError.aborted.
 */
export const uploadToStorage = (
  target: Pick<PutObjectUrl, 'url' | 'method' | 'headers'>,
  file: Blob,
  onProgress: (percent: number) => void,
  options: { signal?: AbortSignal; xhr?: XhrFactory } = {},
): Promise<void> =>
  new Promise((resolve, reject) => {
    const xhr = options.xhr?.() ?? new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.open(target.method ?? 'PUT', resolveStorageUrl(target.url));
    for (const [name, value] of Object.entries(target.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new UploadError(xhr.status, problemCodeOf(typeof xhr.responseText === 'string' ? xhr.responseText : '')));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(0, undefined));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new UploadError(0, undefined, true));
    };
    if (options.signal?.aborted) {
      reject(new UploadError(0, undefined, true));
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    onProgress(0);
    xhr.send(file);
  });
