import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';

import { createDb } from '../../server/db/client.ts';
import { LocalDiskDriver } from '../../server/storage/local.ts';
import { testStack } from './stack.ts';

/**
 * Records `key` as issued by put_object_url `ageHours` ago (the `upload` table), as the API does
 * before returning an upload URL: conference saves accept only recorded keys.
 */
export async function recordUpload(pool: Pool, key: string, { cci = 'demo', ageHours = 0 } = {}): Promise<string> {
  await pool.query(
    `insert into upload (cci_code, key, purpose, created_at, created_by)
     values ($1, $2, 'conference_attachment', now() - make_interval(hours => $3), 'test') on conflict (key) do nothing`,
    [cci, key, ageHours],
  );
  return key;
}

/**
 * What a storage clean-up test needs: the run's database, a local-disk storage in a temporary
 * folder, and one source file (`fileName` with `content`) to store under any key. close() ends both.
 */
export async function cleanupFixture(fileName: string, content: string) {
  const { db, pool } = createDb(testStack().databaseUrl, { max: 4 });
  const root = await mkdtemp(path.join(os.tmpdir(), 'kaigi-cleanup-'));
  const storage = new LocalDiskDriver({ root, secret: randomBytes(32) });
  const file = path.join(root, fileName);
  await writeFile(file, content);
  return {
    db,
    pool,
    storage,
    file,
    async close() {
      await pool.end();
      await rm(root, { recursive: true, force: true });
    },
  };
}
