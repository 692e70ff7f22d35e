/**
 * テンプレート (issue 17): GET /v1/cci/{cci_code}/import/template?type= answers the XLSX itself
 * (the export's headers and one example row), so it is fetched as bytes with the session's token
 * (httpClient reads bodies as text) and handed to the browser as a download under the file name
 * of the server's Content-Disposition.
 */
import { apiBaseUrl } from '../config/runtimeConfig';
import { buildUrl, defaultGetIdToken } from '../api/httpClient';
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

/** The server's Japanese reason when it refused, else null. */
const problemDetail = async (response: Response): Promise<string | null> => {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : null;
  } catch {
    return null;
  }
};

export class TemplateDownloadError extends Error {
  constructor(readonly detail: string | null) {
    super(detail ?? 'template download failed');
    this.name = 'TemplateDownloadError';
  }
}

export const downloadTemplate = async (cciCode: string, type: ImportType, fallbackName: string): Promise<void> => {
  const token = await defaultGetIdToken().catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(buildUrl(apiBaseUrl(), templatePath(cciCode), { type }), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    });
  } catch {
    throw new TemplateDownloadError(null);
  }
  if (!response.ok) throw new TemplateDownloadError(await problemDetail(response));
  const name = fileNameOfDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  try {
    startBrowserDownload(url, name);
  } finally {
    // the click has started the download; the object URL is not needed after this turn
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
};
