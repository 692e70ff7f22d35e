import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cognitoAdminClient,
  provisionCognito,
  readLocalConfirmationCode,
  startCognitoLocal,
  type CognitoLocalHandle,
  type ProvisionResult,
} from './cognito-local.ts';

async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    if (port !== 9229) return port;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const USERS = [
  { email: 'admin@cci.example.jp', password: 'password1', userType: 'CCI_ADMIN' },
  { email: 'company@example.jp', password: 'password2', userType: 'COMPANY_ADMIN', companyId: 42 },
];

describe('cognito-local', () => {
  let dir: string;
  let cl: CognitoLocalHandle;
  let prov: ProvisionResult;
  let client: CognitoIdentityProviderClient;
  const logLines: string[] = [];

  const signIn = (email: string, password: string) =>
    client.send(
      new InitiateAuthCommand({
        ClientId: prov.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-cognito-'));
    const port = await freePort();
    const t0 = Date.now();
    cl = await startCognitoLocal({ dataDir: dir, port, log: (l) => logLines.push(l) });
    console.info(`cognito-local started in ${Date.now() - t0} ms at ${cl.endpoint}`);
    expect(cl.endpoint).toBe(`http://127.0.0.1:${port}`);
    expect(cl.issuerBase).toBe(`http://127.0.0.1:${port}`);
    prov = await provisionCognito({ endpoint: cl.endpoint, stateFile: path.join(dir, 'state.json'), users: USERS });
    client = cognitoAdminClient(cl.endpoint);
  }, 30_000);

  afterAll(async () => {
    client?.destroy();
    await cl?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('provisions a pool, a client and users with UUID usernames', () => {
    expect(prov.region).toBe('ap-northeast-1');
    expect(prov.userPoolId).toMatch(/^local_\w+$/);
    expect(prov.clientId).toBeTruthy();
    expect(prov.users.map((u) => u.email)).toEqual(USERS.map((u) => u.email));
    for (const u of prov.users) expect(u.username).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('signs in with USER_PASSWORD_AUTH, refreshes, and verifies both tokens with jose', async () => {
    const res = await signIn(USERS[1]!.email, USERS[1]!.password);
    const auth = res.AuthenticationResult!;
    expect(auth.IdToken && auth.AccessToken && auth.RefreshToken).toBeTruthy();

    const issuer = `${cl.issuerBase}/${prov.userPoolId}`;
    const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    const username = prov.users[1]!.username;

    const id = await jwtVerify(auth.IdToken!, jwks, { issuer, audience: prov.clientId, algorithms: ['RS256'] });
    expect(id.protectedHeader.kid).toBe('CognitoLocal');
    expect(id.payload).toMatchObject({
      iss: issuer,
      aud: prov.clientId,
      token_use: 'id',
      'cognito:username': username,
      sub: username,
      email: USERS[1]!.email,
      email_verified: true,
      'custom:user_type': 'COMPANY_ADMIN',
      'custom:company_id': '42',
    });
    expect(id.payload.exp).toBeGreaterThan(Date.now() / 1000);

    const access = await jwtVerify(auth.AccessToken!, jwks, { issuer, algorithms: ['RS256'] });
    expect(access.payload).toMatchObject({
      iss: issuer,
      client_id: prov.clientId,
      token_use: 'access',
      username,
      sub: username,
    });
    expect(access.payload.aud).toBeUndefined();
    expect(access.payload.exp).toBeGreaterThan(Date.now() / 1000);
    // cognito-local puts custom attributes and email in the ID token only (like real Cognito)
    expect(access.payload['custom:user_type']).toBeUndefined();

    const refreshed = await client.send(
      new InitiateAuthCommand({
        ClientId: prov.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: auth.RefreshToken! },
      }),
    );
    const id2 = await jwtVerify(refreshed.AuthenticationResult!.IdToken!, jwks, { issuer, audience: prov.clientId });
    expect(id2.payload['custom:user_type']).toBe('COMPANY_ADMIN');
    await jwtVerify(refreshed.AuthenticationResult!.AccessToken!, jwks, { issuer });

    // CCI admin has no company id
    const admin = await signIn(USERS[0]!.email, USERS[0]!.password);
    const adminId = await jwtVerify(admin.AuthenticationResult!.IdToken!, jwks, { issuer, audience: prov.clientId });
    expect(adminId.payload['custom:user_type']).toBe('CCI_ADMIN');
    expect(adminId.payload['custom:company_id']).toBeUndefined();
  });

  it('rejects bad credentials', async () => {
    // cognito-local answers a wrong password with InvalidPasswordException (real Cognito:
    // NotAuthorizedException "Incorrect username or password."); unknown user: NotAuthorizedException.
    await expect(signIn(USERS[0]!.email, 'wrong-password')).rejects.toMatchObject({
      name: expect.stringMatching(/^(NotAuthorizedException|InvalidPasswordException)$/),
    });
    await expect(signIn('nobody@example.jp', 'password1')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('answers CORS preflights for a browser origin', async () => {
    const res = await fetch(`${cl.endpoint}/`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:8080',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });

  it('supports ForgotPassword / ConfirmForgotPassword / ChangePassword', async () => {
    const email = USERS[0]!.email;
    await client.send(new ForgotPasswordCommand({ ClientId: prov.clientId, Username: email }));
    const code = await readLocalConfirmationCode(dir, prov.userPoolId, email);
    expect(code).toMatch(/^\d{6}$/);
    // the boxed code is forwarded to `log` (records are flushed after a short idle delay)
    await vi.waitFor(() => expect(logLines.some((l) => l.includes(`Code:`) && l.includes(code!))).toBe(true));
    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: prov.clientId,
        Username: email,
        ConfirmationCode: code!,
        Password: 'newpass12',
      }),
    );
    const res = await signIn(email, 'newpass12');
    await client.send(
      new ChangePasswordCommand({
        AccessToken: res.AuthenticationResult!.AccessToken!,
        PreviousPassword: 'newpass12',
        ProposedPassword: USERS[0]!.password,
      }),
    );
    await signIn(email, USERS[0]!.password);
  });

  it('supports AdminCreateUser with a temporary password and NEW_PASSWORD_REQUIRED', async () => {
    const email = 'new.user@example.jp';
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: prov.userPoolId,
        Username: email,
        TemporaryPassword: 'temporary1',
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:user_type', Value: 'CCI_CONFERENCE_USER' },
        ],
      }),
    );
    const first = await signIn(email, 'temporary1');
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: prov.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: first.Session!,
        ChallengeResponses: { USERNAME: first.ChallengeParameters!.USER_ID_FOR_SRP!, NEW_PASSWORD: 'permanent1' },
      }),
    );
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();
    const again = await signIn(email, 'permanent1');
    expect(again.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('AdminDisableUser marks the user disabled (cognito-local still lets it sign in)', async () => {
    const email = USERS[1]!.email;
    await client.send(new AdminDisableUserCommand({ UserPoolId: prov.userPoolId, Username: email }));
    const u = await client.send(new AdminGetUserCommand({ UserPoolId: prov.userPoolId, Username: email }));
    expect(u.Enabled).toBe(false);
    // Known cognito-local gap: InitiateAuth ignores Enabled; the API's own user-row check is what blocks.
    const res = await signIn(email, USERS[1]!.password).then(
      () => 'signed-in',
      (e: Error) => e.name,
    );
    expect(['signed-in', 'NotAuthorizedException']).toContain(res);
    await client.send(new AdminEnableUserCommand({ UserPoolId: prov.userPoolId, Username: email }));
  });

  it('a second provisioning run reuses the pool and client and creates missing users', async () => {
    const again = await provisionCognito({
      endpoint: cl.endpoint,
      stateFile: path.join(dir, 'state.json'),
      users: [...USERS, { email: 'Third@Example.jp', password: 'password3', userType: 'COMPANY_ADMIN', companyId: 7 }],
    });
    expect(again.userPoolId).toBe(prov.userPoolId);
    expect(again.clientId).toBe(prov.clientId);
    expect(again.users.slice(0, 2)).toEqual(prov.users);
    expect(again.users[2]!.email).toBe('third@example.jp');
    const res = await signIn('third@example.jp', 'password3');
    expect(res.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('does not outlive a parent that is SIGKILLed', async () => {
    // A throw-away parent starts a second emulator through startCognitoLocal, prints its pid and
    // SIGKILLs itself (no 'exit' handlers run); the emulator must notice the closed IPC channel and exit.
    const dir2 = await mkdtemp(path.join(os.tmpdir(), 'kaigi-cognito-orphan-'));
    const port = await freePort();
    const moduleUrl = new URL('./cognito-local.ts', import.meta.url).href;
    const script = `
      const { startCognitoLocal } = await import(${JSON.stringify(moduleUrl)});
      const h = await startCognitoLocal({ dataDir: ${JSON.stringify(dir2)}, port: ${port} });
      console.log(h.pid);
      process.kill(process.pid, 'SIGKILL');
    `;
    let out: string;
    try {
      out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
        cwd: process.cwd(),
      });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? '');
    }
    const pid = Number(out.trim());
    expect(pid).toBeGreaterThan(0);
    const deadline = Date.now() + 5000;
    while (processAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(processAlive(pid)).toBe(false);
    await rm(dir2, { recursive: true, force: true });
  }, 20_000);

  it('stop() ends the process and frees the port', async () => {
    const port = Number(new URL(cl.endpoint).port);
    await cl.stop();
    expect(processAlive(cl.pid)).toBe(false);
    await expect(fetch(`${cl.endpoint}/health`)).rejects.toThrow();
    // restart on the same data dir: state survives, same ids
    const t0 = Date.now();
    cl = await startCognitoLocal({ dataDir: dir, port });
    console.info(`cognito-local restarted in ${Date.now() - t0} ms`);
    const again = await provisionCognito({ endpoint: cl.endpoint, stateFile: path.join(dir, 'state.json'), users: USERS });
    expect(again.userPoolId).toBe(prov.userPoolId);
    expect(again.users).toEqual(prov.users);
    await cl.stop();
    await cl.stop(); // idempotent
    expect(processAlive(cl.pid)).toBe(false);
  }, 20_000);
});
