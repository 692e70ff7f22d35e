/** Minimal JWT payload decoding (no verification: the server verifies). Pure. */
export interface DecodedJwt {
  payload: Record<string, unknown> & { exp?: number; iat?: number };
  toString: () => string;
}

const base64UrlDecode = (segment: string): string => {
  const b64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '==='.slice((b64.length + 3) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

export const decodeJwt = (token: string): DecodedJwt => {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('invalid JWT');
  const payload = JSON.parse(base64UrlDecode(parts[1])) as DecodedJwt['payload'];
  return { payload, toString: () => token };
};
