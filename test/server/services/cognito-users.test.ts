import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import {
  AdminGetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoAdminClient } from '../../../server/infra/cognito-local.ts';
import { cognitoUsersOptionsOf } from '../../../server/plugins/app/cognito.ts';
import { Problem } from '../../../server/lib/problem.ts';
import {
  CognitoUsers,
  generateTemporaryPassword,
  normalizeEmail,
  passwordMeetsPolicy,
} from '../../../server/services/cognito-users.ts';
import { testStack } from '../../helpers/stack.ts';

const stack = testStack();
let service: CognitoUsers;
let admin: CognitoIdentityProviderClient;

beforeAll(() => {
  service = new CognitoUsers(cognitoUsersOptionsOf(stack.clientConfig.cognito));
  admin = cognitoAdminClient(stack.cognitoEndpoint);
});
afterAll(() => {
  service.close();
  admin.destroy();
});

const uniqueEmail = (tag: string) => `svc-${tag}-${randomUUID().slice(0, 8)}@example.com`;

describe('CognitoUsers.createCompanyAdmin', () => {
  it('creates a COMPANY_ADMIN who must set a new password, whose ID token carries the custom attributes', async () => {
    const email = uniqueEmail('new');
    // Mixed case and full-width: stored normalised (cognito-local compares case-sensitively).
    const typed = `  ${email.toUpperCase().replace('@', '＠')} `;
    const created = await service.createCompanyAdmin({
      email: typed,
      companyId: 4242,
      cciCode: 'demo',
      displayName: '山田 太郎',
    });
    expect(created.username).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.temporaryPassword).toBeDefined();
    expect(passwordMeetsPolicy(created.temporaryPassword!)).toBe(true);

    const first = await admin.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.auth.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: created.temporaryPassword! },
      }),
    );
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(first.AuthenticationResult).toBeUndefined();

    const answered = await admin.send(
      new RespondToAuthChallengeCommand({
        ClientId: stack.auth.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: first.Session,
        ChallengeResponses: { USERNAME: created.username, NEW_PASSWORD: 'a brand new pass' },
      }),
    );
    const idToken = answered.AuthenticationResult?.IdToken;
    expect(idToken).toBeDefined();
    const claims = decodeJwt(idToken!);
    expect(claims).toMatchObject({
      'cognito:username': created.username,
      email,
      email_verified: true,
      'custom:user_type': 'COMPANY_ADMIN',
      'custom:company_id': '4242',
    });
  });

  it('refuses a second account for the same e-mail with 409 user_exists (however it is typed)', async () => {
    const email = uniqueEmail('dup');
    await service.createCompanyAdmin({ email, companyId: 1, displayName: 'first' });
    const again = service.createCompanyAdmin({ email: email.toUpperCase(), companyId: 2, displayName: 'second' });
    await expect(again).rejects.toBeInstanceOf(Problem);
    await expect(again).rejects.toMatchObject({ status: 409, code: 'user_exists' });
  });

  it('refuses an e-mail that is not one with a 400 problem', async () => {
    await expect(service.createCompanyAdmin({ email: 'not-an-email', companyId: 1 })).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
  });
});

describe('CognitoUsers.setEnabled', () => {
  it('disables and re-enables the Cognito user', async () => {
    const { username } = await service.createCompanyAdmin({ email: uniqueEmail('toggle'), companyId: 7 });
    const enabled = async () =>
      (await admin.send(new AdminGetUserCommand({ UserPoolId: service.userPoolId, Username: username }))).Enabled;

    await service.setEnabled(username, false);
    expect(await enabled()).toBe(false);
    await service.setEnabled(username, true);
    expect(await enabled()).toBe(true);
  });

  it('answers 404 for a user Cognito does not know', async () => {
    await expect(service.setEnabled(randomUUID(), false)).rejects.toMatchObject({ status: 404 });
  });
});

describe('CognitoUsers.setRoleAttributes', () => {
  it('answers 404 for a user Cognito does not know (cognito-local says NotAuthorized for it)', async () => {
    await expect(service.setRoleAttributes(randomUUID(), 'CCI_CONFERENCE_USER', null)).rejects.toMatchObject({ status: 404 });
  });
});

describe('helpers', () => {
  it('normalises e-mails: NFKC, trimmed, lower-case', () => {
    expect(normalizeEmail(' Ｔａｒｏ＠Example.COM\u3000')).toBe('taro@example.com');
  });

  it('generates temporary passwords that meet the policy, with every character class', () => {
    for (let i = 0; i < 50; i++) {
      const p = generateTemporaryPassword();
      expect(p).toHaveLength(12);
      expect(passwordMeetsPolicy(p)).toBe(true);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
    }
  });

  it('applies spec §9 password policy: min 8, no classes, no surrounding spaces', () => {
    expect(passwordMeetsPolicy('abcdefgh')).toBe(true);
    expect(passwordMeetsPolicy('あいうえおかきく')).toBe(true);
    expect(passwordMeetsPolicy('with inner space')).toBe(true);
    expect(passwordMeetsPolicy('abcdefg')).toBe(false);
    expect(passwordMeetsPolicy(' abcdefgh')).toBe(false);
    expect(passwordMeetsPolicy('abcdefgh ')).toBe(false);
  });
});
