/**
 * Stand-in for Cognito's hosted UI in the e2e suite (docs/decisions/0013-hosted-login.md), started
 * by playwright.config.ts before the app. HTTPS (Amplify hard-codes https://${domain}/oauth2/...)
 * with a self-signed certificate written to OAUTH_CERT_FILE, which the app trusts through
 * NODE_EXTRA_CA_CERTS to fetch the JWKS.
 *
 * Like the hosted UI, it signs users in against the user pool: the login page's e-mail and
 * password go to the app's Cognito (cognito-local, named by the app's /config.json) with
 * USER_PASSWORD_AUTH, and the pool's ID token claims (cognito:username = sub, custom:user_type,
 * custom:company_id, email) become the claims of the tokens issued here.
 *
 * env: OAUTH_PORT, KAIGI_ORIGIN (the app, http://127.0.0.1:PORT), OAUTH_CERT_FILE.
 */
import https from 'node:https';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { generate } from 'selfsigned';
import { decodeJwt, exportJWK, generateKeyPair } from 'jose';
import type Provider from 'oidc-provider';
import { createProvider, type PoolUser } from './provider.ts';
import { loginPage } from './login-page.ts';

const port = Number(process.env.OAUTH_PORT ?? 18443);
const appOrigin = process.env.KAIGI_ORIGIN ?? 'http://127.0.0.1:18080';
const certFile = path.resolve(process.env.OAUTH_CERT_FILE ?? '.data/e2e-oauth/cert.pem');
const issuer = `https://127.0.0.1:${port}`;

const users = new Map<string, PoolUser>();
const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const signingKey = { ...(await exportJWK(privateKey)), kid: 'e2e-hosted-login', alg: 'RS256', use: 'sig' };

interface AppCognito {
  endpoint: string;
  clientId: string;
}

/** The app's user pool, from its /config.json (known once the app has started, after this server). */
let appCognito: Promise<AppCognito> | null = null;
const cognitoOfApp = () =>
  (appCognito ??= fetch(`${appOrigin}/config.json`)
    .then((res) => res.json() as Promise<{ cognito: { endpoint?: string; userPoolClientId: string } }>)
    .then(({ cognito }) => {
      if (!cognito.endpoint) throw new Error('the app does not run cognito-local');
      return { endpoint: cognito.endpoint, clientId: cognito.userPoolClientId };
    })).catch((err: unknown) => {
    appCognito = null;
    throw err;
  });

let provider: Promise<Provider> | null = null;
const providerOf = () =>
  (provider ??= cognitoOfApp().then(({ clientId }) => {
    const p = createProvider({ issuer, clientId, appOrigin, signingKey, users });
    p.on('server_error', (_ctx, err) => console.error('[oauth] server_error', err));
    return p;
  }));

/** USER_PASSWORD_AUTH against the user pool; the pool's ID token claims, or null when refused. */
async function signInToPool(email: string, password: string): Promise<PoolUser | null> {
  const { endpoint, clientId } = await cognitoOfApp();
  const res = await fetch(`${endpoint}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email.trim().toLowerCase(), PASSWORD: password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken?: string } };
  const idToken = body.AuthenticationResult?.IdToken;
  if (!res.ok || !idToken) return null;
  const { iss: _iss, aud: _aud, exp: _exp, iat: _iat, auth_time: _at, jti: _jti, event_id: _e, ...claims } = decodeJwt(idToken);
  const username = String(claims['cognito:username']);
  return { username, claims };
}

const readForm = async (req: IncomingMessage) => {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return new URLSearchParams(raw);
};

const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
};

async function interaction(req: IncomingMessage, res: ServerResponse, p: Provider) {
  const details = await p.interactionDetails(req, res);
  const action = `/interaction/${details.uid}`;
  if (req.method !== 'POST') return html(res, 200, loginPage({ action }));
  const form = await readForm(req);
  const email = form.get('email') ?? '';
  const user = await signInToPool(email, form.get('password') ?? '');
  if (!user) return html(res, 200, loginPage({ action, email, failed: true }));
  users.set(user.username, user);
  await p.interactionFinished(req, res, { login: { accountId: user.username } }, { mergeWithLastSubmission: false });
}

/** Cognito's GET /logout?client_id&logout_uri: ends the hosted session, back to logout_uri. */
function logout(url: URL, res: ServerResponse) {
  const target = url.searchParams.get('logout_uri') ?? '';
  if (target !== `${appOrigin}/login`) return html(res, 400, 'logout_uri is not registered');
  const expired = 'Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; HttpOnly';
  res.writeHead(302, { location: target, 'set-cookie': [`_session=; ${expired}`, `_session.sig=; ${expired}`] });
  res.end();
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', issuer);
  if (url.pathname === '/health') return html(res, 200, 'ok');
  if (url.pathname === '/logout') return logout(url, res);
  const p = await providerOf();
  if (url.pathname.startsWith('/interaction/')) return interaction(req, res, p);
  p.callback()(req, res);
}

const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
  keySize: 2048,
  algorithm: 'sha256',
  extensions: [
    { name: 'basicConstraints', cA: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ],
});
mkdirSync(path.dirname(certFile), { recursive: true });
writeFileSync(certFile, pems.cert);

https
  .createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[oauth]', err);
      if (!res.headersSent) html(res, 500, 'error');
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`[oauth] hosted-login stand-in on ${issuer}`));
