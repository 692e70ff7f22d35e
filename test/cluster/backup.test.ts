/**
 * Issue 16: `npm run db:backup` / `npm run db:restore FILE` round-trip the embedded database. The
 * backup is taken while the server runs (an online base backup); after rows are
 * changed, deleted and added, the restore brings back every table exactly (same checksums).
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../server/db/migrate.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../server/infra/embedded-postgres.ts';
import { freePort } from '../../server/infra/free-port.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let port: number;
let server: EmbeddedPostgresHandle | null = null;
let env: NodeJS.ProcessEnv;

/** md5 of every row of every table of the application's schema, table by table. */
async function checksums(url: string): Promise<Record<string, string>> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select quote_ident(table_name) as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const sums: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ sum: string }>(
        `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum from ${name} t`,
      );
      sums[name] = rows[0].sum;
    }
    return sums;
  } finally {
    await client.end();
  }
}

async function sql(url: string, text: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  await client.query(text).finally(() => client.end());
}

const npm = (script: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', `scripts/db/${script}.ts`, ...args], { cwd: ROOT, env });

beforeAll(async () => {
  await mkdir(path.join(ROOT, '.data'), { recursive: true });
  dataDir = await mkdtemp(path.join(ROOT, '.data', 'cluster-backup-'));
  await chmod(dataDir, 0o755);
  port = await freePort();
  env = { ...process.env, NODE_ENV: 'test', KAIGI_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) };
  delete env.DATABASE_URL;
  server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port });
  await runMigrations(server.url);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('db:backup and db:restore (issue 16)', () => {
  it('bring back every table exactly as it was at the backup', { timeout: 300_000 }, async () => {
    const url = server!.url;
    await sql(
      url,
      `insert into chamber (cci_code, name) values ('bk', 'バックアップ商工会議所');
       insert into company (cci_code, company_code, attributes)
       select 'bk', 'B' || lpad(n::text, 5, '0'), jsonb_build_object('name1', '株式会社' || n) from generate_series(1, 20000) n;`,
    );
    const before = await checksums(url);
    expect(Object.keys(before)).toContain('company');

    const file = path.join(dataDir, 'backups', 'round-trip.tar.gz');
    await npm('backup', file);
    expect(await readdir(path.dirname(file))).toEqual(['round-trip.tar.gz']);

    await sql(
      url,
      `delete from company where cci_code = 'bk' and company_code < 'B10000';
       update company set attributes = attributes || '{"name1": "変更済み"}' where cci_code = 'bk';
       insert into chamber (cci_code, name) values ('after', 'バックアップ後');`,
    );
    expect(await checksums(url)).not.toEqual(before);

    // a running server is refused, then the restore replaces the stopped one's folder
    await expect(npm('restore', file)).rejects.toThrow(/stop npm start/);
    await server!.stop();
    server = null;
    const { stdout } = await npm('restore', file);
    expect(stdout).toMatch(/restored from/);

    server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port });
    expect(await checksums(server.url)).toEqual(before);
    // the replaced folder is kept beside it
    expect((await readdir(dataDir)).some((name) => name.startsWith('postgres.before-restore-'))).toBe(true);
  });
});
