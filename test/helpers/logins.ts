import type pg from 'pg';

import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoAdminClient } from '../../server/infra/cognito-local.ts';
import { DEMO_PASSWORD } from '../../server/infra/demo-accounts.ts';
import { testStack } from './stack.ts';

export interface LoginOpts {
  email: string;
  cciCode: string;
  userType: 'CCI_ADMIN' | 'CCI_CONFERENCE_USER' | 'COMPANY_ADMIN';
  companyId?: number;
  enabled?: boolean;
}

/** A cognito-local user pool: the API test run's (the default), or a cluster's (test/cluster). */
export interface CognitoPool {
  endpoint: string;
  userPoolId: string;
  clientId: string;
}

export function testRunPool(): CognitoPool {
  const stack = testStack();
  return { endpoint: stack.cognitoEndpoint, userPoolId: stack.clientConfig.cognito.userPoolId, clientId: stack.auth.clientId };
}

/**
 * A sign-in beyond the demo accounts: a cognito-local user with the demo password (so
 * `tokenOf(email)` signs it in) and its users row. Idempotent, so several test files of one run
 * may ask for the same login. Returns the Cognito username.
 */
export async function ensureLogin(pool: pg.Pool, opts: LoginOpts, cognito: CognitoPool = testRunPool()): Promise<string> {
  const client = cognitoAdminClient(cognito.endpoint);
  const UserPoolId = cognito.userPoolId;
  let username: string | undefined;
  try {
    username = (await client.send(new AdminGetUserCommand({ UserPoolId, Username: opts.email }))).Username;
  } catch (err) {
    if ((err as Error).name !== 'UserNotFoundException') throw err;
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: opts.email,
        UserAttributes: [{ Name: 'email', Value: opts.email }],
        MessageAction: 'SUPPRESS',
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username: opts.email, Password: DEMO_PASSWORD, Permanent: true }),
    );
    username = (await client.send(new AdminGetUserCommand({ UserPoolId, Username: opts.email }))).Username;
  }
  if (!username) throw new Error(`no Cognito username for ${opts.email}`);
  await pool.query(
    `insert into users (username, cci_code, user_type, company_id, email, display_name, enabled)
     values ($1, $2, $3, $4, $5, $5, $6)
     on conflict (username) do update set cci_code = excluded.cci_code, user_type = excluded.user_type,
       company_id = excluded.company_id, enabled = excluded.enabled`,
    [username, opts.cciCode, opts.userType, opts.companyId ?? null, opts.email, opts.enabled ?? true],
  );
  return username;
}
