import type { FastifyPluginAsync } from 'fastify';
import type { PgBoss } from 'pg-boss';
import exportJobsRepository from '../repositories/export-jobs.ts';
import type { StorageDriver } from '../storage/driver.ts';
import { LocalDiskDriver } from '../storage/local.ts';
import { exportQueueOf } from '../jobs/export-queue.ts';
import cciExport from './cci/export.ts';
import cciS3 from './cci/common/s3.ts';
import companyS3 from './company/common/s3.ts';
import localObjects from './storage/objects.ts';

export interface ExportsRoutesOptions {
  /** object storage (server/storage/settings.ts createStorage); absent → the file endpoints answer 503 */
  storage?: StorageDriver;
  /** a started pg-boss (server/jobs/boss.ts startBoss); absent → POST …/export answers 503 */
  boss?: PgBoss;
}

/**
 * Exports and file storage (issue 6), registered by app.ts: the export job endpoints, the
 * get/put_object_url endpoints of both audiences and, with the local-disk driver, the routes its
 * signed URLs point at.
 */
const routes: FastifyPluginAsync<ExportsRoutesOptions> = async (app, opts) => {
  await app.register(exportJobsRepository);
  await app.register(cciExport, { queue: opts.boss ? exportQueueOf(opts.boss) : undefined });
  await app.register(cciS3, { storage: opts.storage });
  await app.register(companyS3, { storage: opts.storage });
  if (opts.storage instanceof LocalDiskDriver) await app.register(localObjects, { driver: opts.storage });
};
export default routes;
