/**
 * Files expire (issue 6): EXPORT_RETENTION_DAYS after an export is made its file is deleted from
 * storage and the job forgets the key; the job itself stays listed, marked expired.
 */
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { export_job } from '../db/schema.ts';
import type { StorageDriver } from '../storage/driver.ts';

const BATCH = 200;

/** Deletes every expired file; returns how many. Safe to run anywhere and concurrently. */
export async function deleteExpiredExports(db: Db, storage: StorageDriver, now = new Date()): Promise<number> {
  let deleted = 0;
  for (;;) {
    const due = await db
      .select({ id: export_job.id, file_key: export_job.file_key })
      .from(export_job)
      .where(and(isNotNull(export_job.file_key), lte(export_job.expires_at, now)))
      .orderBy(asc(export_job.expires_at))
      .limit(BATCH);
    if (due.length === 0) return deleted;
    for (const job of due) {
      await storage.delete(job.file_key!);
      await db.update(export_job).set({ file_key: null }).where(eq(export_job.id, job.id));
      deleted++;
    }
  }
}
