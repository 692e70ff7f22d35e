/**
 * Uploads nobody kept (issue 6): put_object_url records every key it issues (the `upload` table);
 * an upload that no conference of its chamber references once UPLOAD_GRACE_HOURS have passed —
 * the user cancelled, the save failed, or the attachment was removed from the conference later —
 * is deleted from storage and from the table.
 *
 * Why an object a conference references is never deleted, even when a save races the clean-up:
 * the check and the deletes run in one transaction that first takes `LOCK TABLE conference IN
 * SHARE MODE`. The lock waits until every conference write in progress has committed (writes hold
 * ROW EXCLUSIVE, which conflicts) and keeps new writes waiting until this transaction ends. The
 * check is a later statement and READ COMMITTED gives each statement a new snapshot, so it sees
 * every reference committed before the lock; and no reference can be committed until the objects
 * are deleted and the transaction is over. A waiting save then goes on normally (one batch: well
 * under a second on local disk, a few seconds of S3 deletes). The grace period covers the time
 * before the first save, when no row references the upload yet. A save that adds a key checks
 * that its upload row still exists and locks it FOR KEY SHARE (server/lib/attachment-keys.ts);
 * the claim below skips locked rows, so a save made after the grace period either keeps the
 * upload or is refused with 400 invalid_attachment_key — never left pointing at a deleted file.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { StorageDriver } from '../storage/driver.ts';

/**
 * How long an unreferenced upload is kept: the upload URL is valid for 15 minutes
 * (PUT_URL_SECONDS) and the conference is saved after the upload; a day covers a slow upload, a
 * failed save that is retried and a form left open for hours, and is short enough that abandoned
 * files do not pile up.
 */
export const UPLOAD_GRACE_HOURS = 24;

/** Rows (and objects) per transaction: bounds how long conference saves may wait for the lock. */
const BATCH = 100;

/**
 * While the lock is requested, every later conference save queues behind it: when a long
 * conference transaction holds the table, give up until the next run rather than stall the saves.
 */
const LOCK_TIMEOUT = '5s';

/** SQLSTATE 55P03 lock_not_available: the lock_timeout expired (drizzle wraps the pg error). */
const lockTimedOut = (err: unknown): boolean => {
  const e = ((err as { cause?: unknown })?.cause ?? err) as { code?: string };
  return e?.code === '55P03';
};

/** A conference attachment is kept while a conference of its chamber (parent or sub) names its key. */
const referenced = sql`exists (
  select 1 from conference c cross join lateral jsonb_array_elements(c.attachments) a
   where c.cci_code = u.cci_code and a ->> 'key' = u.key)`;

/**
 * Unreferenced uploads older than the grace period. Equality on the expanded keys (rather than
 * `attachments @> …` per upload) lets PostgreSQL hash-anti-join: one pass over the conferences
 * (50 000 conferences and uploads: ~80 ms).
 */
const due = (cutoff: Date) => sql`
  from upload u
 where u.purpose = 'conference_attachment' and u.created_at < ${cutoff.toISOString()}::timestamptz and not ${referenced}`;

/**
 * Deletes every upload that is past the grace period and referenced by no conference of its
 * chamber; returns how many. Safe to run anywhere and concurrently with itself: each run deletes
 * the rows it locked (SKIP LOCKED), and an object is deleted only by the run that deleted its row.
 */
export async function deleteOrphanUploads(db: Db, storage: StorageDriver, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UPLOAD_GRACE_HOURS * 3_600_000);
  // a look without the lock first: most hours nothing is due, and then no save ever waits
  const { rows: any } = await db.execute(sql`select 1 ${due(cutoff)} limit 1`);
  if (any.length === 0) return 0;

  let deleted = 0;
  for (;;) {
    const count = await db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
        await tx.execute(sql`lock table conference in share mode`);
        const { rows } = await tx.execute<{ key: string }>(sql`
          delete from upload where id in (
            select u.id ${due(cutoff)} order by u.created_at, u.id limit ${BATCH} for update of u skip locked)
          returning key`);
        // inside the transaction: a failed delete rolls the rows back, and the next run tries again
        for (const { key } of rows) await storage.delete(key);
        return rows.length;
      })
      .catch((err: unknown) => {
        if (lockTimedOut(err)) return null;
        throw err;
      });
    if (count === null) return deleted;
    deleted += count;
    // fewer than a batch: nothing left, or the rest is locked by a run that deletes it
    if (count < BATCH) return deleted;
  }
}
