/**
 * issue 14 (DESIGN.md §11.3): reception tickets `KR1.{conference_member_id}.{signature}` verify
 * only as signed, under the key they were signed with; anything else names nobody.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signTicket, verifyTicket } from '../../../../server/lib/reception/ticket.ts';
import { signLink } from '../../../../server/lib/room/link-token.ts';

const key = randomBytes(32);

describe('reception tickets', () => {
  it('name the conference member they were signed for, with spaces or a line end a scanner adds', () => {
    const qr = signTicket(key, 42);
    expect(qr).toMatch(/^KR1\.42\.[A-Za-z0-9_-]{43}$/);
    expect(verifyTicket(key, qr)).toBe(42);
    expect(verifyTicket(key, ` ${qr}\r\n`)).toBe(42);
  });

  it('refuse a signature spelled otherwise in its last character’s unused bits (decodes to the same bytes)', () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let id = 1; id <= 64; id += 1) {
      const qr = signTicket(key, id);
      const last = ALPHABET.indexOf(qr.at(-1)!);
      const respelled = `${qr.slice(0, -1)}${ALPHABET[last ^ 1]}`;
      expect(Buffer.from(respelled.split('.')[2], 'base64url')).toEqual(Buffer.from(qr.split('.')[2], 'base64url'));
      expect(verifyTicket(key, respelled)).toBeNull();
    }
  });

  it('verify for every id they can carry', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => verifyTicket(key, signTicket(key, id)) === id));
  });

  it('refuse a changed signature, another id under the same signature, another key and a room link', () => {
    const qr = signTicket(key, 42);
    const sig = qr.split('.')[2];
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect(verifyTicket(key, `KR1.42.${flipped}`)).toBeNull();
    expect(verifyTicket(key, `KR1.43.${sig}`)).toBeNull();
    expect(verifyTicket(randomBytes(32), qr)).toBeNull();
    expect(verifyTicket(key, signLink(key, 42, 42))).toBeNull();
  });

  it('refuse malformed strings without throwing', () => {
    const sig = signTicket(key, 1).split('.')[2];
    for (const bad of [
      '',
      'KR1',
      'KR1.1',
      `KR2.1.${sig}`,
      `KR1.0.${sig}`,
      `KR1.01.${sig}`,
      `KR1.-1.${sig}`,
      `KR1.2147483648.${sig}`,
      `KR1.99999999999.${sig}`,
      `KR1.1.${sig}=`,
      `KR1.1.${sig.slice(1)}`,
      `kr1.1.${sig}`,
    ]) {
      expect(verifyTicket(key, bad), bad).toBeNull();
    }
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (s) => verifyTicket(key, s) === null));
  });
});
