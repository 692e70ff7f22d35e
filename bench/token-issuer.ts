/**
 * The benchmarks' stand-in for Cognito: a JWKS served on loopback and ID tokens minted with its
 * key, so the API verifies real RS256 signatures without a user pool.
 */
import http from 'node:http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

export const ISSUER = 'http://127.0.0.1/kaigi-bench';
export const CLIENT_ID = 'kaigi-bench';

/** Serves the JWKS the API fetches; returns a token minter for a username. */
export async function tokenIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const mint = (username: string) =>
    new SignJWT({ token_use: 'id', 'cognito:username': username })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(privateKey);
  return { jwksUri: `http://127.0.0.1:${port}/jwks.json`, mint, close: () => server.close() };
}
