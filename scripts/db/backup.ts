/**
 * `npm run db:backup [FILE]` (issue 16): a base backup of the embedded database (.data/postgres, or
 * KAIGI_DATA_DIR/postgres) to FILE, default KAIGI_DATA_DIR/backups/kaigi-<time>.tar.gz. Works while
 * `npm start` or `npm run start:cluster` runs; otherwise the server is started for the backup.
 * Restore with `npm run db:restore FILE`. Why not pg_dump: docs/decisions/0016-embedded-backup.md.
 */
import path from 'node:path';
import { loadSettings } from '../../server/config/env.ts';
import {
  EMBEDDED_PG_DATABASE,
  EMBEDDED_PG_PASSWORD,
  EMBEDDED_PG_USER,
  startEmbeddedPostgres,
} from '../../server/infra/embedded-postgres.ts';
import { backupTo } from './base-backup.ts';
import { runningPort } from './postmaster.ts';

const settings = loadSettings();
if (settings.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back up that server with its own tools (snapshots / PITR, pg_dump of its major version; README "Backup and restore")',
  );
  process.exit(1);
}
const dataDir = path.join(settings.dataDir, 'postgres');
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
const file = path.resolve(process.argv[2] ?? path.join(settings.dataDir, 'backups', `kaigi-${stamp}.tar.gz`));

const port = await runningPort(dataDir);
const server = port === null ? await startEmbeddedPostgres({ dataDir, port: settings.embeddedPostgresPort }) : null;
const url = server?.url ?? `postgres://${EMBEDDED_PG_USER}:${EMBEDDED_PG_PASSWORD}@127.0.0.1:${port}/${EMBEDDED_PG_DATABASE}`;
try {
  await backupTo(url, dataDir, file);
  console.log(`[kaigi] backup of ${dataDir} written to ${file}`);
} finally {
  await server?.stop();
}
