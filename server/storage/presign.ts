/** What the get/put_object_url endpoints of both audiences share. */
import { Problem, notFound } from '../lib/problem.ts';
import type { GetObjectUrl } from '../schemas/storage.ts';
import type { StorageDriver } from './driver.ts';
import { fileNameOf } from './keys.ts';

/** Long enough to upload 20 MB over a slow line, short enough that a leaked URL soon stops working. */
export const PUT_URL_SECONDS = 15 * 60;
/** A download link is used at once (the browser follows it); five minutes covers a slow click. */
export const GET_URL_SECONDS = 5 * 60;

/** The configured driver; 503 when the API was started without storage (never in main.ts). */
export function requireStorage(storage: StorageDriver | undefined): StorageDriver {
  if (!storage) throw new Problem(503, 'storage_unavailable', 'ファイル保存先が設定されていません。');
  return storage;
}

/** A presigned download of `key`; 404 when there is no such object. */
export async function downloadUrl(storage: StorageDriver, key: string): Promise<GetObjectUrl> {
  if (!(await storage.exists(key))) throw notFound('ファイルが見つかりません。');
  const { url, expiresAt } = await storage.presignGet(key, { expiresInSeconds: GET_URL_SECONDS });
  return { url, file_name: fileNameOf(key), expires_at: expiresAt.toISOString() };
}
