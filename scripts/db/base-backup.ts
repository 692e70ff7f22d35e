/**
 * Backup and restore of the embedded database (issue 16, docs/decisions/0016-embedded-backup.md):
 * PostgreSQL's documented low-level base backup ("Making a Base Backup Using the Low Level API"),
 * because no pg_dump of the embedded server's major version (18) can be installed here.
 *
 * backup: on a running server, a temporary replication slot keeps every WAL segment from the start;
 * pg_backup_start(); the data folder is copied (without what the documentation says to leave out);
 * pg_backup_stop() gives the backup_label; then the WAL written meanwhile is copied. The folder
 * becomes one .tar.gz. restore: the server stopped, the archive replaces the data folder (the old
 * one is kept beside it); starting PostgreSQL on it replays the WAL to a consistent state.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/infra/embedded-postgres.ts';

const run = promisify(execFile);

/** Left out of a base backup (PostgreSQL documentation, "Backing Up the Data Directory"): emptied folders. */
const EMPTIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'pg_internal.init']);

/** Copies `from` into `to`, skipping what the documentation excludes; files removed meanwhile are skipped. */
async function copyTree(from: string, to: string, top: boolean): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('pgsql_tmp') || SKIPPED_FILES.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && EMPTIED.has(entry.name)) await mkdir(target, { mode: 0o700 });
      else await copyTree(source, target, false);
    } else if (entry.isFile()) {
      await copyFile(source, target).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err; // dropped while copying: the WAL replays the drop
      });
    }
  }
}

/** The base backup of the server at `url` whose data folder is `dataDir`, written to `file` (.tar.gz). */
export async function backupTo(url: string, dataDir: string, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(file), '.backup-'));
  const client = new pg.Client({ connectionString: url, application_name: 'kaigi-backup' });
  await client.connect();
  try {
    // temporary: dropped when this session ends; reserves WAL from now so no segment is recycled
    await client.query(`select pg_create_physical_replication_slot('kaigi_backup_' || pg_backend_pid(), true, true)`);
    await client.query(`select pg_backup_start('kaigi db:backup', true)`);
    await copyTree(dataDir, path.join(staging, 'data'), true);
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      'select labelfile, spcmapfile from pg_backup_stop(false)',
    );
    await writeFile(path.join(staging, 'data', 'backup_label'), rows[0].labelfile);
    if (rows[0].spcmapfile) await writeFile(path.join(staging, 'data', 'tablespace_map'), rows[0].spcmapfile);
    // pg_backup_stop switched to a new segment: every WAL record the backup needs is in a whole file
    const wal = path.join(dataDir, 'pg_wal');
    for (const name of await readdir(wal)) {
      if ((await stat(path.join(wal, name))).isFile())
        await copyFile(path.join(wal, name), path.join(staging, 'data', 'pg_wal', name));
    }
    await mkdir(path.join(staging, 'data', 'pg_wal', 'archive_status'), { recursive: true });
    await run('tar', ['-czf', file, '-C', path.join(staging, 'data'), '.']);
  } finally {
    await client.end().catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Replaces the (stopped) data folder `dataDir` with the backup `file`; the old folder is kept as
 * `<dataDir>.before-restore-<time>` (returned). PostgreSQL is started once on the result (replaying the
 * WAL) and stopped: a backup that cannot start is refused and the old folder put back.
 */
export async function restoreFrom(file: string, dataDir: string, port: number): Promise<string | null> {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const incoming = `${dataDir}.restoring-${stamp}`;
  await mkdir(incoming, { recursive: true, mode: 0o700 });
  try {
    await run('tar', ['-xzf', file, '-C', incoming, '--no-same-owner']);
    for (const required of ['PG_VERSION', 'backup_label']) {
      await stat(path.join(incoming, required)).catch(() => {
        throw new Error(`${file} is not a backup made by npm run db:backup (no ${required})`);
      });
    }
    if (userInfo().uid === 0) await run('chown', ['-R', 'postgres:postgres', incoming]);
  } catch (err) {
    await rm(incoming, { recursive: true, force: true });
    throw err;
  }
  const kept = (await stat(dataDir).catch(() => null)) ? `${dataDir}.before-restore-${stamp}` : null;
  if (kept) await rename(dataDir, kept);
  await rename(incoming, dataDir);
  try {
    const server = await startEmbeddedPostgres({ dataDir, port });
    await server.stop();
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    if (kept) await rename(kept, dataDir);
    throw err;
  }
  return kept;
}
