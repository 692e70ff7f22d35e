/**
 * Imports through the API beside the browser (issue 17): the file uploaded as the console does it
 * (put_object_url with purpose "import", then the bytes to the signed URL), then a dry run started.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { signInTokens } from './api.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.csv': 'text/csv',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ImportJobOut {
  id: number;
  status: string;
  counts: { rows: number; created: number; updated: number; unchanged: number; failed: number } | null;
}

/** Uploads `bytes` as `fileName` and starts a dry run of `type`; answers the new job. */
export async function startImport(
  request: APIRequestContext,
  email: string,
  cciCode: string,
  type: 'companies' | 'members' | 'positions',
  fileName: string,
  bytes: Buffer,
): Promise<ImportJobOut> {
  const tokens = await signInTokens(request, email);
  expect(tokens, `sign-in of ${email}`).toBeTruthy();
  const auth = { Authorization: `Bearer ${tokens!.IdToken}` };
  const contentType = CONTENT_TYPES[fileName.slice(fileName.lastIndexOf('.')).toLowerCase()];
  const signed = await request.post(`/v1/cci/${cciCode}/common/s3/put_object_url`, {
    headers: auth,
    data: { file_name: fileName, content_type: contentType, size: bytes.length, purpose: 'import' },
  });
  expect(signed.ok(), await signed.text()).toBeTruthy();
  const target = (await signed.json()) as { url: string; headers: Record<string, string>; key: string };
  const put = await request.put(target.url, { headers: target.headers, data: bytes });
  expect(put.ok(), await put.text()).toBeTruthy();
  const started = await request.post(`/v1/cci/${cciCode}/import`, {
    headers: auth,
    data: { type, key: target.key, dry_run: true },
  });
  expect(started.ok(), await started.text()).toBeTruthy();
  return (await started.json()) as ImportJobOut;
}
