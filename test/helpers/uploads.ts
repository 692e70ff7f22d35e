import type { Pool } from 'pg';

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
