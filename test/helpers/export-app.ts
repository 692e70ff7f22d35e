/**
 * The app with the exports area (issue 6) on the run's real database: a local-disk storage in a
 * temporary folder (or the driver given), a started pg-boss and, on demand, an in-process export
 * worker.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { createServer } from '../../server/app.ts';
import { createDb, type Db } from '../../server/db/client.ts';
import exportsRoutes from '../../server/routes/exports.ts';
import { startBoss } from '../../server/jobs/boss.ts';
import { startExportWorker } from '../../server/jobs/export-worker.ts';
import type { StorageDriver } from '../../server/storage/driver.ts';
import { LocalDiskDriver } from '../../server/storage/local.ts';
import { testStack } from './stack.ts';

export interface ExportTestEnv {
  app: FastifyInstance;
  boss: PgBoss;
  storage: StorageDriver;
  db: Db;
  /** the local driver's folder (when the default storage is used) */
  root: string;
  secret: Buffer;
  /** moves the local driver's clock (signing and checking URLs) */
  clock: { offsetMs: number };
  /** starts an in-process export worker on this env's boss; stopped by close() */
  startWorker(opts?: { retentionDays?: number }): Promise<void>;
  close(): Promise<void>;
}

export async function startExportTestEnv(opts: { storage?: StorageDriver } = {}): Promise<ExportTestEnv> {
  const stack = testStack();
  const root = await mkdtemp(path.join(os.tmpdir(), 'kaigi-objects-'));
  const secret = randomBytes(32);
  const clock = { offsetMs: 0 };
  const storage = opts.storage ?? new LocalDiskDriver({ root, secret, now: () => new Date(Date.now() + clock.offsetMs) });
  // pg-boss's supervisor every second: a crashed worker's job is retried within seconds
  const boss = await startBoss(stack.databaseUrl, { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, max: 3 });
  const { pool, db } = createDb(stack.databaseUrl, { max: 6 });
  // storage and boss reach app.ts once it registers the exports area itself (AppOptions); until
  // then createServer ignores them and the area is registered here
  const options = { pool, db, production: false, auth: stack.auth, clientConfig: stack.clientConfig, storage, boss };
  const app = await createServer(options, { logger: false });
  if (!app.hasRoute({ method: 'GET', url: '/v1/cci/:cci_code/export' })) await app.register(exportsRoutes, { storage, boss });
  await app.ready();

  const stops: Array<() => Promise<void>> = [];
  return {
    app,
    boss,
    storage,
    db,
    root,
    secret,
    clock,
    async startWorker(o = {}) {
      const worker = await startExportWorker({ boss, pool, db, storage, retentionDays: o.retentionDays ?? 7, log: () => {} });
      stops.push(() => worker.stop());
    },
    async close() {
      for (const stop of stops) await stop();
      await boss.stop({ graceful: false });
      await app.close();
      await pool.end();
      await rm(root, { recursive: true, force: true });
    },
  };
}
