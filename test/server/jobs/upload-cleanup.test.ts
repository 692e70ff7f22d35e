/**
 * Uploads nobody kept are deleted after the grace period (issue 6, server/jobs/upload-cleanup.ts):
 * from the local-disk storage (a temporary folder) and the `upload` table; uploads a conference of
 * their own chamber references stay.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { Db } from '../../../server/db/client.ts';
import { UPLOAD_GRACE_HOURS, deleteOrphanUploads } from '../../../server/jobs/upload-cleanup.ts';
import type { LocalDiskDriver } from '../../../server/storage/local.ts';
import { OTHER_CCI, ensureOtherChamber } from '../../helpers/fixtures.ts';
import { cleanupFixture, recordUpload } from '../../helpers/uploads.ts';

const OLD = UPLOAD_GRACE_HOURS + 1;

let fx: Awaited<ReturnType<typeof cleanupFixture>>;
let db: Db;
let pool: pg.Pool;
let file: string;
let storage: LocalDiskDriver;

beforeAll(async () => {
  fx = await cleanupFixture('source.pdf', '%PDF-1.7\n');
  ({ db, pool, file, storage } = fx);
  await ensureOtherChamber(pool);
});
afterAll(async () => {
  await fx?.close();
});

/** An upload issued `ageHours` ago, its file stored unless `stored` is false; returns the key. */
async function uploaded(ageHours: number, { stored = true } = {}): Promise<string> {
  const key = await recordUpload(pool, `demo/attachments/${randomUUID()}/資料.pdf`, { ageHours });
  if (stored) await storage.putFile(key, file);
  return key;
}

/** A conference of `cci` with these attachments (a sub-conference when `parentId` is given). */
async function conferenceWith(keys: string[], { cci = 'demo', parentId = null as number | null } = {}): Promise<number> {
  const attachments = keys.map((key) => ({ key, name: '資料.pdf', size: 9 }));
  const { rows } = await pool.query<{ id: number }>(
    `insert into conference (cci_code, parent_id, name, event_date, attachments)
     values ($1, $2, '片付けの会議', now() + interval '30 days', $3) returning id`,
    [cci, parentId, JSON.stringify(attachments)],
  );
  return rows[0].id;
}

/** Whether the upload's row and its object are still there. */
async function state(key: string): Promise<{ row: boolean; object: boolean }> {
  const { rowCount } = await pool.query('select 1 from upload where key = $1', [key]);
  return { row: rowCount === 1, object: await storage.exists(key) };
}
const KEPT = { row: true, object: true };
const GONE = { row: false, object: false };

describe('deleteOrphanUploads', () => {
  it('deletes an upload never attached once the grace period is over, and keeps a younger one', async () => {
    const abandoned = await uploaded(OLD);
    const recent = await uploaded(UPLOAD_GRACE_HOURS - 1);
    expect(await deleteOrphanUploads(db, storage)).toBeGreaterThanOrEqual(1);
    expect(await state(abandoned)).toEqual(GONE);
    expect(await state(recent)).toEqual(KEPT);
  });

  it('keeps uploads a conference or a sub-conference references, however old', async () => {
    const [onParent, onSub, both] = [await uploaded(OLD), await uploaded(OLD), await uploaded(OLD)];
    const parentId = await conferenceWith([onParent, both]);
    await conferenceWith([onSub, both], { parentId });
    await deleteOrphanUploads(db, storage);
    for (const key of [onParent, onSub, both]) expect(await state(key), key).toEqual(KEPT);
  });

  it('deletes an attachment removed from its conference once the grace period is over', async () => {
    const [removed, stays] = [await uploaded(OLD), await uploaded(OLD)];
    const id = await conferenceWith([removed, stays]);
    await deleteOrphanUploads(db, storage);
    expect(await state(removed)).toEqual(KEPT);

    await pool.query(`update conference set attachments = attachments - 0 where id = $1`, [id]);
    await deleteOrphanUploads(db, storage);
    expect(await state(removed)).toEqual(GONE);
    expect(await state(stays)).toEqual(KEPT);
  });

  it('is not kept by another chamber’s conference naming the same key (tenant isolation)', async () => {
    const key = await uploaded(OLD);
    await conferenceWith([key], { cci: OTHER_CCI });
    await deleteOrphanUploads(db, storage);
    expect(await state(key)).toEqual(GONE);
  });

  it('deletes the row of an upload whose file never arrived (a missing object is not an error)', async () => {
    const key = await uploaded(OLD, { stored: false });
    await deleteOrphanUploads(db, storage);
    expect(await state(key)).toEqual(GONE);
  });

  it('waits for a conference save in progress and keeps the key it references', async () => {
    const key = await uploaded(OLD);
    const id = await conferenceWith([]);
    const save = await pool.connect();
    try {
      await save.query('begin');
      await save.query(`update conference set attachments = $2 where id = $1`, [
        id,
        JSON.stringify([{ key, name: '資料.pdf', size: 9 }]),
      ]);
      const cleanup = deleteOrphanUploads(db, storage);
      // without the lock the clean-up would not see the uncommitted reference and delete the file now
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await storage.exists(key)).toBe(true);
      await save.query('commit');
      await cleanup;
    } finally {
      save.release();
    }
    expect(await state(key)).toEqual(KEPT);
  });

  it('gives up for this run when a long conference transaction holds the lock, and deletes on the next', async () => {
    const key = await uploaded(OLD);
    const id = await conferenceWith([]);
    const save = await pool.connect();
    try {
      await save.query('begin');
      await save.query(`update conference set name = '長い保存' where id = $1`, [id]);
      expect(await deleteOrphanUploads(db, storage)).toBe(0);
      expect(await state(key)).toEqual(KEPT);
      await save.query('rollback');
    } finally {
      save.release();
    }
    await deleteOrphanUploads(db, storage);
    expect(await state(key)).toEqual(GONE);
  });

  it('runs side by side with itself: every abandoned upload is deleted exactly once, in batches', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 230; i++) keys.push(await uploaded(OLD));
    const counts = await Promise.all([deleteOrphanUploads(db, storage), deleteOrphanUploads(db, storage)]);
    expect(counts[0] + counts[1]).toBe(keys.length);
    for (const key of keys) expect(await state(key)).toEqual(GONE);
  });
});
