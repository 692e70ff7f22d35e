/**
 * An import's files expire like an export's (DESIGN.md §11.4, issue 17): the uploaded list and the
 * error file hold the same personal data as an export's file (names, addresses, e-mail), so they
 * are kept EXPORT_RETENTION_DAYS and then deleted from storage. The jobs stay in the history with
 * their counts and first errors; an apply of a dry run whose upload is gone is refused (422
 * import_file_expired, 「もう一度アップロードしてください」).
 *
 * An upload is kept while an import of it is queued or running. Safe to run anywhere and
 * concurrently with itself: each run deletes the rows it locked (SKIP LOCKED), and an object is
 * deleted only by the run that changed its row, inside that row's transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { StorageDriver } from '../storage/driver.ts';

const BATCH = 100;
const DAY_MS = 86_400_000;

/** Deletes every expired import upload and error file; returns how many files. */
export async function deleteExpiredImportFiles(
  db: Db,
  storage: StorageDriver,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const uploads = sql`
    delete from upload where id in (
      select u.id from upload u
       where u.purpose = 'import' and u.created_at < ${cutoff}::timestamptz
         and not exists (select 1 from import_job j where j.key = u.key and j.status in ('queued', 'running'))
       order by u.created_at, u.id limit ${BATCH} for update of u skip locked)
    returning key`;
  const errorFiles = sql`
    with due as (
      select id, error_file_key from import_job
       where error_file_key is not null and finished_at < ${cutoff}::timestamptz
       order by finished_at, id limit ${BATCH} for update skip locked)
    update import_job j set error_file_key = null from due where j.id = due.id
    returning due.error_file_key as key`;
  let deleted = 0;
  for (const statement of [uploads, errorFiles]) {
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ key: string }>(statement);
        // inside the transaction: a failed delete rolls the rows back, and the next run tries again
        for (const { key } of rows) await storage.delete(key);
        return rows.length;
      });
      deleted += count;
      if (count < BATCH) break;
    }
  }
  return deleted;
}
