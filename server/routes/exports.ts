import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PgBoss } from 'pg-boss';
import rateLimit from '@fastify/rate-limit';
import { currentUser } from '../plugins/app/auth.ts';
import { rateLimitHook, type RateLimitRule } from '../lib/rate-limit.ts';
import type { StorageDriver } from '../storage/driver.ts';
import { LocalDiskDriver } from '../storage/local.ts';
import { exportQueueOf } from '../jobs/export-queue.ts';
import { importQueueOf } from '../jobs/import-queue.ts';
import cciExport from './cci/export.ts';
import cciImport from './cci/import.ts';
import cciS3 from './cci/common/s3.ts';
import companyS3 from './company/common/s3.ts';
import localObjects from './storage/objects.ts';

/** Per-user quotas (issue 11): far above what a person clicks, low enough to stop a script. */
export interface UserQuotas {
  /** POST /v1/cci/{cci_code}/export */
  exportsPerUser: RateLimitRule;
  /** POST /v1/cci/{cci_code}/common/s3/put_object_url */
  uploadUrlsPerUser: RateLimitRule;
}

const TEN_MINUTES = 10 * 60 * 1000;

export const DEFAULT_USER_QUOTAS: UserQuotas = {
  exportsPerUser: { max: 60, timeWindowMs: TEN_MINUTES },
  uploadUrlsPerUser: { max: 120, timeWindowMs: TEN_MINUTES },
};

export interface ExportsRoutesOptions {
  /** object storage (server/storage/settings.ts createStorage); absent → the file endpoints answer 503 */
  storage?: StorageDriver;
  /** a started pg-boss (server/jobs/boss.ts startBoss); absent → POST …/export answers 503 */
  boss?: PgBoss;
  /** overrides of DEFAULT_USER_QUOTAS (tests) */
  quotas?: Partial<UserQuotas>;
}

/**
 * Exports and file storage (issue 6), registered by app.ts: the export job endpoints, the
 * get/put_object_url endpoints of both audiences and, with the local-disk driver, the routes its
 * signed URLs point at. Creating export jobs and upload URLs is limited per user (429 with
 * Retry-After over DEFAULT_USER_QUOTAS).
 */
const routes: FastifyPluginAsync<ExportsRoutesOptions> = async (app, opts) => {
  const quotas = { ...DEFAULT_USER_QUOTAS, ...opts.quotas };
  // Encapsulated here: no global limit, only the per-user quotas below (counted after validation).
  await app.register(rateLimit, { global: false });
  const perUser = (request: FastifyRequest) => currentUser(request).username;

  await app.register(cciExport, {
    queue: opts.boss ? exportQueueOf(opts.boss) : undefined,
    quota: rateLimitHook(app, quotas.exportsPerUser, perUser),
  });
  // imports (DESIGN.md §11.4): files in through the same storage, jobs on the same pg-boss
  await app.register(cciImport, { queue: opts.boss ? importQueueOf(opts.boss) : undefined });
  await app.register(cciS3, { storage: opts.storage, quota: rateLimitHook(app, quotas.uploadUrlsPerUser, perUser) });
  await app.register(companyS3, { storage: opts.storage });
  if (opts.storage instanceof LocalDiskDriver) await app.register(localObjects, { driver: opts.storage });
};
export default routes;
