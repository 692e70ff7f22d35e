/**
 * Issue 11: the app client must not let a user rewrite its own custom:user_type or
 * custom:company_id (UpdateUserAttributes with its access token). cognito-local 5.3 does not
 * enforce WriteAttributes on UpdateUserAttributes, so what is checked is the client as
 * provisioned, which is what AWS enforces.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DescribeUserPoolClientCommand, UpdateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoAdminClient, provisionCognito } from '../../../server/infra/cognito-local.ts';
import { testStack } from '../../helpers/stack.ts';

const stack = testStack();
const admin = cognitoAdminClient(stack.cognitoEndpoint);
const ids = { UserPoolId: stack.clientConfig.cognito.userPoolId, ClientId: stack.clientConfig.cognito.userPoolClientId };
afterAll(() => admin.destroy());

const describeClient = async () => (await admin.send(new DescribeUserPoolClientCommand(ids))).UserPoolClient!;

describe('the kaigi-web app client', () => {
  it('may write e-mail and name, never a custom attribute, and reads the custom attributes the SPA uses', async () => {
    const app = await describeClient();
    expect(app.WriteAttributes).toEqual(expect.arrayContaining(['email']));
    expect(app.WriteAttributes!.filter((name) => name.startsWith('custom:'))).toEqual([]);
    expect(app.ReadAttributes).toEqual(expect.arrayContaining(['custom:user_type', 'custom:company_id', 'email']));
  });

  it('a client provisioned before (custom attributes writable) is corrected on the next start', async () => {
    const before = await describeClient();
    await admin.send(
      new UpdateUserPoolClientCommand({ ...ids, WriteAttributes: ['email', 'name', 'custom:user_type', 'custom:company_id'] }),
    );
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-provision-'));
    try {
      const again = await provisionCognito({
        endpoint: stack.cognitoEndpoint,
        stateFile: path.join(dir, 'state.json'),
        users: [],
      });
      expect(again).toMatchObject({ userPoolId: ids.UserPoolId, clientId: ids.ClientId });
      const after = await describeClient();
      expect(after.WriteAttributes!.filter((name) => name.startsWith('custom:'))).toEqual([]);
      expect(after.ExplicitAuthFlows).toEqual(before.ExplicitAuthFlows);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
