/**
 * Room links (DESIGN.md §11.1): `{conference_id}.{link_id}.{signature}`, the signature an HMAC-SHA256
 * of both ids under a key every API process shares. A token that does not verify is refused before
 * any row is read; one that does is still checked against its row (revoked, expired).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

const SECRET_NAME = 'room_link_hmac';

/**
 * The shared key: ROOM_LINK_SECRET when set, else one generated on first use and kept in the
 * database, so every API process signs and verifies alike (no state that lives in one process).
 */
export async function loadLinkSecret(pool: pg.Pool, configured?: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await pool.query('insert into app_secret (name, value) values ($1, $2) on conflict (name) do nothing', [
    SECRET_NAME,
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await pool.query<{ value: string }>('select value from app_secret where name = $1', [SECRET_NAME]);
  return Buffer.from(rows[0].value, 'utf8');
}

const signature = (secret: Buffer, conferenceId: number, linkId: number) =>
  createHmac('sha256', secret).update(`room-link:${conferenceId}:${linkId}`).digest();

export function signLink(secret: Buffer, conferenceId: number, linkId: number): string {
  return `${conferenceId}.${linkId}.${signature(secret, conferenceId, linkId).toString('base64url')}`;
}

/** The ids a token names if its signature holds; null for anything else. */
export function verifyLink(secret: Buffer, token: string): { conferenceId: number; linkId: number } | null {
  const match = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const conferenceId = Number(match[1]);
  const linkId = Number(match[2]);
  if (conferenceId > 2_147_483_647 || linkId > 2_147_483_647) return null;
  // compared as text: the last of 43 characters carries 2 unused bits, so two spellings decode alike
  const given = Buffer.from(match[3], 'ascii');
  const expected = Buffer.from(signature(secret, conferenceId, linkId).toString('base64url'), 'ascii');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { conferenceId, linkId } : null;
}
