/**
 * HMAC signatures of the local-disk driver's URLs: what S3 does with SigV4, in small. A URL carries
 * its expiry (`exp`, epoch seconds) and `sig` = HMAC-SHA256 over the method, key, expiry and, for
 * uploads, the content type and size, so none of them can be changed without the secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedFields {
  method: 'GET' | 'PUT';
  key: string;
  exp: number;
  /** PUT only */
  contentType?: string;
  /** PUT only */
  size?: number;
}

export function sign(secret: Buffer, f: SignedFields): string {
  const canonical = [f.method, f.key, String(f.exp), f.contentType ?? '', f.size === undefined ? '' : String(f.size)].join('\n');
  return createHmac('sha256', secret).update(canonical, 'utf8').digest('base64url');
}

export function verify(secret: Buffer, f: SignedFields, signature: string): boolean {
  const expected = Buffer.from(sign(secret, f));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** `/v1/storage/objects/{key}` with each segment percent-encoded. */
export const objectPath = (key: string): string => `/v1/storage/objects/${key.split('/').map(encodeURIComponent).join('/')}`;
