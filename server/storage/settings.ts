/**
 * Storage configuration from the environment (DESIGN.md §3). Problems are added to the caller's
 * list, so server/config/env.ts (and worker.ts) report every one of them together.
 *
 *   STORAGE_DRIVER          local (default outside production) | s3 (default in production)
 *   S3_BUCKET               required with s3
 *   S3_REGION               default ap-northeast-1
 *   S3_ENDPOINT             optional S3-compatible endpoint (path-style), e.g. MinIO
 *   STORAGE_SIGNING_SECRET  local: HMAC key of the URLs (≥ 32 characters); absent → generated once
 *                           and kept in {KAIGI_DATA_DIR}/storage-signing-secret
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageDriver } from './driver.ts';
import { LocalDiskDriver } from './local.ts';
import { S3Driver } from './s3.ts';

export type StorageSettings =
  | { driver: 's3'; bucket: string; region: string; endpoint?: string }
  | { driver: 'local'; root: string; secret?: string; secretFile: string; baseUrl?: string };

const DRIVERS = ['s3', 'local'] as const;
const DEFAULT_REGION = 'ap-northeast-1';
const MIN_SECRET_LENGTH = 32;

export function storageSettingsFrom(
  env: NodeJS.ProcessEnv,
  ctx: { production: boolean; dataDir: string; publicOrigin?: string },
  problems: string[],
): StorageSettings {
  const str = (name: string) => env[name]?.trim() || undefined;
  const driver = str('STORAGE_DRIVER') ?? (ctx.production ? 's3' : 'local');
  if (!(DRIVERS as readonly string[]).includes(driver)) {
    problems.push(`STORAGE_DRIVER must be one of ${DRIVERS.join(', ')}, got "${driver}"`);
  }

  let settings: StorageSettings;
  if (driver !== 's3') {
    if (ctx.production && driver === 'local') {
      problems.push('STORAGE_DRIVER=local is not allowed in production: API and worker processes do not share a disk (use s3)');
    }
    const secret = str('STORAGE_SIGNING_SECRET');
    if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) {
      problems.push(`STORAGE_SIGNING_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    settings = {
      driver: 'local',
      root: path.join(ctx.dataDir, 'objects'),
      secret,
      secretFile: path.join(ctx.dataDir, 'storage-signing-secret'),
      baseUrl: ctx.publicOrigin,
    };
  } else {
    const bucket = str('S3_BUCKET');
    if (!bucket) problems.push('S3_BUCKET is required with STORAGE_DRIVER=s3');
    const endpoint = str('S3_ENDPOINT');
    if (endpoint !== undefined && !/^https?:\/\/[^\s]+$/.test(endpoint)) {
      problems.push(`S3_ENDPOINT must be an http or https URL, got "${endpoint}"`);
    }
    settings = { driver: 's3', bucket: bucket ?? '', region: str('S3_REGION') ?? DEFAULT_REGION, endpoint };
  }
  return settings;
}

/**
 * The local signing key: the configured one, else the one kept in the data folder, created on
 * first use. `wx` makes the API and a worker starting together agree on one key.
 */
async function localSecret(settings: Extract<StorageSettings, { driver: 'local' }>): Promise<Buffer> {
  if (settings.secret) return Buffer.from(settings.secret, 'utf8');
  await mkdir(path.dirname(settings.secretFile), { recursive: true });
  try {
    await writeFile(settings.secretFile, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // the other process may have created the file and not yet written it
  for (let attempt = 0; attempt < 50; attempt++) {
    const secret = (await readFile(settings.secretFile, 'utf8')).trim();
    if (secret.length >= MIN_SECRET_LENGTH) return Buffer.from(secret, 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${settings.secretFile} does not hold a signing secret of at least ${MIN_SECRET_LENGTH} characters`);
}

export async function createStorage(settings: StorageSettings): Promise<StorageDriver> {
  if (settings.driver === 's3') {
    return new S3Driver({ bucket: settings.bucket, region: settings.region, endpoint: settings.endpoint });
  }
  return new LocalDiskDriver({ root: settings.root, secret: await localSecret(settings), baseUrl: settings.baseUrl });
}
