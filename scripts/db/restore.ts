/**
 * `npm run db:restore FILE` (issue 16): replaces the embedded database (.data/postgres, or
 * KAIGI_DATA_DIR/postgres) with a backup made by `npm run db:backup`. Stop `npm start` /
 * `npm run start:cluster` first. The replaced folder is kept beside it until you delete it.
 */
import path from 'node:path';
import { loadSettings } from '../../server/config/env.ts';
import { restoreFrom } from './base-backup.ts';
import { runningPort } from './postmaster.ts';

const settings = loadSettings();
const file = process.argv[2];
if (!file || settings.databaseUrl) {
  console.error(
    settings.databaseUrl
      ? 'DATABASE_URL is set: restore that server with its own tools (README "Backup and restore")'
      : 'usage: npm run db:restore FILE (a .tar.gz made by npm run db:backup)',
  );
  process.exit(1);
}
const dataDir = path.join(settings.dataDir, 'postgres');
if ((await runningPort(dataDir)) !== null) {
  console.error(`PostgreSQL is running on ${dataDir}: stop npm start / npm run start:cluster first`);
  process.exit(1);
}
const kept = await restoreFrom(path.resolve(file), dataDir, settings.embeddedPostgresPort);
console.log(`[kaigi] ${dataDir} restored from ${file}`);
if (kept) console.log(`[kaigi] the database it replaced is kept in ${kept}: delete it once you have checked the restore`);
