import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadSettings } from '../../server/config/env.ts';
import { startStack, type Stack } from '../../server/infra/stack.ts';
import { freePort } from '../../server/infra/free-port.ts';

/**
 * A throwaway real stack for tests: embedded PostgreSQL (or the one in TEST_DATABASE_URL) and
 * cognito-local on free ports in a temporary folder, removed by stop(). The API test run starts one
 * per worker (test/global-setup.ts); `index` > 1 on TEST_DATABASE_URL gets its own database there.
 */
export async function startTestStack(index = 1): Promise<Stack & { dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-test-'));
  // mkdtemp makes it 0700; embedded PostgreSQL runs as its own user when we are root.
  await chmod(dataDir, 0o755);
  const external = process.env.TEST_DATABASE_URL;
  const settings = loadSettings({
    NODE_ENV: 'test',
    KAIGI_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    COGNITO_LOCAL_PORT: String(await freePort()),
    // the local SMTP sink: messages land in dataDir/mail (test/helpers/mail.ts reads them)
    SMTP_PORT: String(await freePort()),
    ...(external ? { DATABASE_URL: index === 1 ? external : await createSiblingDatabase(external, index) } : {}),
  });
  const stack = await startStack(settings);
  return {
    ...stack,
    dataDir,
    async stop() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `<database>_w<index>` on the same server, made empty for this run; its URL. */
async function createSiblingDatabase(serverUrl: string, index: number): Promise<string> {
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1)}_w${index}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`);
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}
