/**
 * テンプレート (issue 17): GET /v1/cci/{cci_code}/import/template?type= answers the XLSX itself
 * (the export's headers and one example row), so it is fetched as bytes with the session's token
 * (httpClient's `responseType: 'blob'`) and handed to the browser as a download under the file name
 * of the server's Content-Disposition.
 */
import { httpClient, type HttpClient } from '../api/httpClient';
import { startBrowserDownload } from '../api/objectDownload';
import type { ImportType } from './types';

export const templatePath = (cciCode: string) => `/v1/cci/${encodeURIComponent(cciCode)}/import/template`;

/** The RFC 5987 `filename*` of a Content-Disposition header, else its plain `filename`. */
export const fileNameOfDisposition = (header: string | null): string | null => {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
};

/** Through the one API client (spec §9 time-out and retries, spec §2 404 rule); a failure is its HttpError. */
export const downloadTemplate = async (
  cciCode: string,
  type: ImportType,
  fallbackName: string,
  client: HttpClient = httpClient,
): Promise<void> => {
  const response = await client.request<Blob>(templatePath(cciCode), { query: { type }, responseType: 'blob' });
  const name = fileNameOfDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(response.json);
  try {
    startBrowserDownload(url, name);
  } finally {
    // the click has started the download; the object URL is not needed after this turn
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
};
