/**
 * `npm run chamber:create` (issue 36) against the run's PostgreSQL and cognito-local: the chamber,
 * its default master data and its first CCI_ADMIN, who must set a password at first sign-in;
 * idempotent (a second run adds nothing) and audited.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createDb } from '../../../../server/db/client.ts';
import { audit_log, chamber, master_data, users } from '../../../../server/db/schema.ts';
import { cognitoAdminClient } from '../../../../server/infra/cognito-local.ts';
import { cognitoUsersOptionsOf } from '../../../../server/plugins/app/cognito.ts';
import { CognitoUsers } from '../../../../server/services/cognito-users.ts';
import { ChamberCreateError, createChamber } from '../../../../server/lib/chambers/create-chamber.ts';
import { POSITION_TYPE_MASTER } from '../../../../server/lib/chambers/default-master-data.ts';
import { testStack } from '../../../helpers/stack.ts';

const stack = testStack();
const ROOT = path.resolve(import.meta.dirname, '../../../..');
let handle: ReturnType<typeof createDb>;
let cognitoUsers: CognitoUsers;
let admin: CognitoIdentityProviderClient;

beforeAll(() => {
  handle = createDb(stack.databaseUrl, { max: 2 });
  cognitoUsers = new CognitoUsers(cognitoUsersOptionsOf(stack.clientConfig.cognito));
  admin = cognitoAdminClient(stack.cognitoEndpoint);
});
afterAll(async () => {
  cognitoUsers.close();
  admin.destroy();
  await handle.pool.end();
});

const unique = () => randomUUID().slice(0, 8);
const deps = () => ({ db: handle.db, cognitoUsers, log: pino({ level: 'silent' }) });

describe('createChamber', () => {
  it('creates the chamber, its position types and a CCI_ADMIN login that must set its password; audited', async () => {
    const code = `cc-${unique()}`;
    const email = `admin-${code}@example.jp`;
    const result = await createChamber(deps(), { code, name: '浜松商工会議所', adminEmail: email, adminName: '事務局 管理者' });

    expect(result).toMatchObject({ chamber: 'created', masterDataAdded: POSITION_TYPE_MASTER.length, admin: 'created' });
    const [row] = await handle.db.select().from(chamber).where(eq(chamber.cci_code, code));
    expect(row?.name).toBe('浜松商工会議所');
    const masters = await handle.db.select().from(master_data).where(eq(master_data.cci_code, code));
    expect(masters.map((m) => m.master_code).sort()).toEqual(POSITION_TYPE_MASTER.map(([c]) => c).sort());
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ cci_code: code, user_type: 'CCI_ADMIN', company_id: null, enabled: true });

    const login = await admin.send(
      new AdminGetUserCommand({ UserPoolId: stack.clientConfig.cognito.userPoolId, Username: email }),
    );
    expect(login.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(login.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'custom:user_type', Value: 'CCI_ADMIN' }]));
    expect(login.Username).toBe(user!.username);

    const entries = await handle.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.cci_code, code), eq(audit_log.actor, 'chamber:create')));
    expect(entries.map((e) => e.entity).sort()).toEqual(
      ['chamber', ...POSITION_TYPE_MASTER.map(() => 'master_data'), 'user'].sort(),
    );
  });

  it('a second run adds nothing and keeps what exists; a run that stopped before the admin finishes the job', async () => {
    const code = `cc-${unique()}`;
    const email = `admin-${code}@example.jp`;
    const input = { code, name: '沼津商工会議所', adminEmail: email, adminName: '管理者' };
    const first = await createChamber(deps(), input);
    const again = await createChamber(deps(), { ...input, name: '別の名前' });
    expect(again).toEqual({ chamber: 'existed', masterDataAdded: 0, admin: 'existed', adminUsername: first.adminUsername });
    const [row] = await handle.db.select().from(chamber).where(eq(chamber.cci_code, code));
    expect(row?.name).toBe('沼津商工会議所');
    const audited = await handle.db.select().from(audit_log).where(eq(audit_log.cci_code, code));
    expect(audited).toHaveLength(POSITION_TYPE_MASTER.length + 2);

    // the chamber exists without its admin (e.g. the first run stopped there): the admin is added
    const other = `cc-${unique()}`;
    await handle.db.insert(chamber).values({ cci_code: other, name: '三島商工会議所', created_by: 't', updated_by: 't' });
    const finished = await createChamber(deps(), {
      ...input,
      code: other,
      name: '三島商工会議所',
      adminEmail: `a-${other}@example.jp`,
    });
    expect(finished).toMatchObject({ chamber: 'existed', masterDataAdded: POSITION_TYPE_MASTER.length, admin: 'created' });
  });

  it('refuses an e-mail that is already another chamber’s user, and malformed arguments, naming each', async () => {
    const first = `cc-${unique()}`;
    const email = `shared-${first}@example.jp`;
    await createChamber(deps(), { code: first, name: 'A商工会議所', adminEmail: email, adminName: '管理者' });
    await expect(
      createChamber(deps(), { code: `cc-${unique()}`, name: 'B商工会議所', adminEmail: email, adminName: '管理者' }),
    ).rejects.toThrow(new RegExp(`${email} is already a user \\(CCI_ADMIN of ${first}\\)`));
    const bad = createChamber(deps(), { code: 'Bad Code', name: ' ', adminEmail: 'nobody', adminName: 'x' });
    await expect(bad).rejects.toBeInstanceOf(ChamberCreateError);
    await expect(bad).rejects.toThrow(/--code[\s\S]*--name[\s\S]*--admin-email/);
  });
});

describe('npm run chamber:create', () => {
  it('runs from the command line with the API’s settings, and again without change', async () => {
    const code = `cli-${unique()}`;
    const run = () =>
      promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'server/cli/chamber-create.ts',
          '--code',
          code,
          '--name',
          '静岡商工会議所',
          '--admin-email',
          `Admin-${code}@Example.jp`,
        ],
        {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: stack.databaseUrl,
            COGNITO_USER_POOL_ID: stack.clientConfig.cognito.userPoolId,
            COGNITO_CLIENT_ID: stack.clientConfig.cognito.userPoolClientId,
            COGNITO_ENDPOINT: stack.cognitoEndpoint,
            LOG_LEVEL: 'silent',
          },
        },
      );
    const first = await run();
    expect(first.stdout).toMatch(
      new RegExp(`chamber ${code}: created; master data added: ${POSITION_TYPE_MASTER.length}; CCI_ADMIN \\S+: created`),
    );
    expect(first.stdout).toMatch(/temporary password \(cognito-local sends no mail\): \S{12}/);
    const second = await run();
    expect(second.stdout).toMatch(new RegExp(`chamber ${code}: existed; master data added: 0; CCI_ADMIN \\S+: existed`));
    const [user] = await handle.db
      .select()
      .from(users)
      .where(eq(users.email, `admin-${code}@example.jp`));
    expect(user?.display_name).toBe('静岡商工会議所 管理者');
  });
});
