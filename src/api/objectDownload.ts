/**
 * Downloads from object storage (spec §7 "Common", issue 6): GET
 * /v1/{cci|company}/{cci_code}/common/s3/get_object_url?path=<key> → a presigned GET URL, which the
 * browser then follows as a download. Used for attachments (console and portal) and export files.
 *
 * The local-disk driver answers URLs relative to the API (`/v1/storage/objects/…`): they are
 * resolved against the configured API base URL, like every other call.
 */
import type { GetObjectUrl } from './schema';
import { apiBaseUrl } from '../config/runtimeConfig';
import { httpClient, type HttpClient } from './httpClient';

export type { GetObjectUrl };

export type Audience = 'cci' | 'company';

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
