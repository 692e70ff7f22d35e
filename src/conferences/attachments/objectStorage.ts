/**
 * Object storage from the browser (spec §7 "Common", issue 6; shapes in server/schemas/storage.ts):
 *
 * - POST /v1/cci/{cci_code}/common/s3/put_object_url → a presigned PUT URL and the object key;
 * - the bytes go straight to that URL with XMLHttpRequest (upload progress events; fetch has none),
 *   carrying exactly the returned headers (the signature covers the content type);
 * - GET /v1/{cci|company}/{cci_code}/common/s3/get_object_url?path=<key> → a presigned GET URL,
 *   which the browser then follows as a download.
 *
 * The local-disk driver answers URLs relative to the API (`/v1/storage/objects/…`): they are
 * resolved against the configured API base URL, like every other call.
 */
import type { GetObjectUrl, PutObjectUrl, PutObjectUrlBody } from '../../../server/schemas/storage';
import { httpClient, type HttpClient } from '../../api/httpClient';
import { apiBaseUrl } from '../../config/runtimeConfig';

export type { GetObjectUrl, PutObjectUrl };

export type Audience = 'cci' | 'company';

export const putObjectUrlPath = (cciCode: string) => `/v1/cci/${encodeURIComponent(cciCode)}/common/s3/put_object_url`;
export const getObjectUrlPath = (audience: Audience, cciCode: string) =>
  `/v1/${audience}/${encodeURIComponent(cciCode)}/common/s3/get_object_url`;

/** An absolute URL for one the storage returned (absolute for S3, API-relative for the local driver). */
export const resolveStorageUrl = (url: string): string => {
  const base = apiBaseUrl() || (typeof window !== 'undefined' ? window.location.origin : '');
  try {
    return new URL(url, base || undefined).toString();
  } catch {
    return url;
  }
};

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

/**
 * A presigned download link for `key`. A missing file is a 404 the screen reports itself: no
 * jump to /404 (spec §2 is about pages, not about one file of a page).
 */
export const requestDownloadUrl = async (
  audience: Audience,
  cciCode: string,
  key: string,
  client: HttpClient = httpClient,
): Promise<GetObjectUrl> =>
  client.get<GetObjectUrl>(getObjectUrlPath(audience, cciCode), { query: { path: key }, redirectOnNotFound: false });

/** Lets the browser download `url` (the storage sends Content-Disposition: attachment). */
export const startBrowserDownload = (url: string, fileName: string): void => {
  const anchor = document.createElement('a');
  anchor.href = resolveStorageUrl(url);
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
};

/** get_object_url, then the browser download. */
export const downloadObject = async (audience: Audience, cciCode: string, key: string, fileName: string): Promise<void> => {
  const link = await requestDownloadUrl(audience, cciCode, key);
  startBrowserDownload(link.url, fileName || link.file_name);
};
