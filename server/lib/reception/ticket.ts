/**
 * Reception tickets (受付票, DESIGN.md §11.3): `KR1.{conference_member_id}.{signature}`, the signature
 * an HMAC-SHA256 of the id under the key every API process shares (the room links' key, loaded by
 * `loadLinkSecret`; a different prefix in the signed text keeps the two kinds of token apart). The
 * string names nothing but a row id: which conference and chamber it belongs to is read from the row.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const signature = (secret: Buffer, conferenceMemberId: number) =>
  createHmac('sha256', secret).update(`reception-ticket:${conferenceMemberId}`).digest();

export function signTicket(secret: Buffer, conferenceMemberId: number): string {
  return `KR1.${conferenceMemberId}.${signature(secret, conferenceMemberId).toString('base64url')}`;
}

/** The conference member a ticket names if its signature holds; null for anything else. */
export function verifyTicket(secret: Buffer, qr: string): number | null {
  const match = /^KR1\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(qr.trim());
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  // compared as text: the last of 43 characters carries 2 unused bits, so two spellings decode alike
  const given = Buffer.from(match[2], 'ascii');
  const expected = Buffer.from(signature(secret, id).toString('base64url'), 'ascii');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
