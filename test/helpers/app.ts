import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createServer, type AppOptions } from '../../server/app.ts';
import { createDb } from '../../server/db/client.ts';
import { cognitoAdminClient } from '../../server/infra/cognito-local.ts';
import { DEMO_PASSWORD } from '../../server/infra/demo-accounts.ts';
import { LocalDiskDriver } from '../../server/storage/local.ts';
import { testRunPool, type CognitoPool } from './logins.ts';
import { testStack } from './stack.ts';

/**
 * The real app on the run's real database and Cognito, for `app.inject(...)`; `app` and `server`
 * override its options and Fastify's (e.g. trustProxy, rate limits, a logger).
 */
export async function buildTestApp(
  opts: { currentDate?: () => Date; app?: Partial<AppOptions>; server?: FastifyServerOptions } = {},
): Promise<FastifyInstance> {
  const { app: appOverrides, server: serverOptions, ...authOverrides } = opts;
  const stack = testStack();
  const { pool, db } = createDb(stack.databaseUrl, { max: 4 });
  // file endpoints work on a throwaway local-disk storage; exports are not queued (no pg-boss:
  // POST …/export answers 503 — test/helpers/export-app.ts runs the whole export path)
  const objects = mkdtempSync(path.join(os.tmpdir(), 'kaigi-objects-'));
  const storage = new LocalDiskDriver({ root: objects, secret: randomBytes(32) });
  const app = await createServer(
    {
      pool,
      db,
      production: false,
      auth: { ...stack.auth, ...authOverrides },
      clientConfig: stack.clientConfig,
      storage,
      ...appOverrides,
    },
    { logger: false, ...serverOptions },
  );
  app.addHook('onClose', async () => {
    await pool.end();
    rmSync(objects, { recursive: true, force: true });
  });
  return app;
}

export interface Tokens {
  idToken: string;
  accessToken: string;
}

/** Signs in through cognito-local with USER_PASSWORD_AUTH, as the SPA does in local mode. */
export async function signIn(email: string, password = DEMO_PASSWORD, cognito: CognitoPool = testRunPool()): Promise<Tokens> {
  const client = cognitoAdminClient(cognito.endpoint);
  const out = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const result = out.AuthenticationResult;
  if (!result?.IdToken || !result.AccessToken) throw new Error(`sign-in of ${email} returned no tokens`);
  return { idToken: result.IdToken, accessToken: result.AccessToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `call(method, url, email | null, body?)`: an inject signed in as a demo account (null: anonymous). */
export const caller =
  (app: FastifyInstance, tokenOf: (email: string) => Promise<string>) =>
  async (method: Method, url: string, email: string | null, payload?: object) =>
    app.inject({
      method,
      url,
      headers: email ? bearer(await tokenOf(email)) : {},
      ...(payload !== undefined ? { payload } : {}),
    });

/** The fields a 400 problem names (`errors[].field`), joined for `toContain` checks. */
export const fieldsNamed = (res: { json(): unknown }): string =>
  ((res.json() as { errors?: Array<{ field: string }> }).errors ?? []).map((e) => e.field).join(' ');
