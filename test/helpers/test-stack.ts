import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadSettings } from '../../server/config/env.ts';
import { startStack, type Stack } from '../../server/infra/stack.ts';
import { freePort } from '../../server/infra/free-port.ts';

/**
 * A throwaway real stack for tests: embedded PostgreSQL (or the one in TEST_DATABASE_URL) and
 * cognito-local on free ports in a temporary folder, removed by stop().
 */
export async function startTestStack(): Promise<Stack & { dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-test-'));
  // mkdtemp makes it 0700; embedded PostgreSQL runs as its own user when we are root.
  await chmod(dataDir, 0o755);
  const settings = loadSettings({
    NODE_ENV: 'test',
    KAIGI_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    COGNITO_LOCAL_PORT: String(await freePort()),
    // the local SMTP sink: messages land in dataDir/mail (test/helpers/mail.ts reads them)
    SMTP_PORT: String(await freePort()),
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
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
