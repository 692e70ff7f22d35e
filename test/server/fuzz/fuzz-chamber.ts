/**
 * The fuzzer's own chamber `fuzz`: its three sign-ins (one per role) in cognito-local and the users
 * table, master data and a template copied from the demo chamber, companies, members with
 * positions, conferences in every status with invitations, and spare logins. Every write the
 * fuzzer makes lands here (tenancy refuses the rest), so the demo rows other test files read stay
 * as the seed left them.
 */
import type pg from 'pg';

import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoAdminClient } from '../../../server/infra/cognito-local.ts';
import { POSITION_TYPES } from '../../../server/db/schema.ts';
import { createCompany, createConference, createMember, daysFromNow } from '../../helpers/attendance-fixtures.ts';
import { signIn } from '../../helpers/app.ts';
import { recordUpload } from '../../helpers/uploads.ts';
import { insertLink } from '../../helpers/room-fixtures.ts';
import { randomUUID } from 'node:crypto';
import { testStack } from '../../helpers/stack.ts';

export const FUZZ_CCI = 'fuzz';
const PASSWORD = 'Fuzz#Password2026';

export type Role = 'CCI_ADMIN' | 'CCI_CONFERENCE_USER' | 'COMPANY_ADMIN';

export interface FuzzChamber {
  /** ID token per role */
  tokens: Record<Role, string>;
  /** the Cognito usernames of the three sign-ins: never written by the fuzzer */
  accounts: string[];
  /** the company of the COMPANY_ADMIN sign-in */
  companyId: number;
}

async function cognitoUser(email: string, userType: Role, companyId?: number): Promise<string> {
  const stack = testStack();
  const client = cognitoAdminClient(stack.cognitoEndpoint);
  const UserPoolId = stack.clientConfig.cognito.userPoolId;
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:user_type', Value: userType },
          ...(companyId ? [{ Name: 'custom:company_id', Value: String(companyId) }] : []),
        ],
      }),
    );
  } catch (err) {
    if (!(err instanceof UsernameExistsException)) throw err;
  }
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: PASSWORD, Permanent: true }));
  const user = await client.send(new AdminGetUserCommand({ UserPoolId, Username: email }));
  client.destroy();
  return user.Username!;
}

async function addUser(pool: pg.Pool, username: string, userType: Role, email: string, companyId: number | null) {
  await pool.query(
    `insert into users (username, cci_code, user_type, company_id, email, display_name, enabled)
     values ($1, $2, $3, $4, $5, $6, true) on conflict (username) do nothing`,
    [username, FUZZ_CCI, userType, companyId, email, `ファズ ${userType}`],
  );
}

/** A conference with every member of `companies` invited (conference_member + conference_company). */
async function invite(pool: pg.Pool, conferenceId: number, memberIds: Array<[company: number, member: number]>) {
  let sort = 1;
  for (const [companyId, memberId] of memberIds) {
    await pool.query(
      `insert into conference_member (cci_code, conference_id, company_id, member_id, category, sort)
       values ($1, $2, $3, $4, 'principal', $5)`,
      [FUZZ_CCI, conferenceId, companyId, memberId, sort++],
    );
    await pool.query(
      `insert into conference_company (cci_code, conference_id, company_id) values ($1, $2, $3) on conflict do nothing`,
      [FUZZ_CCI, conferenceId, companyId],
    );
  }
}

export async function createFuzzChamber(pool: pg.Pool): Promise<FuzzChamber> {
  await pool.query(
    `insert into chamber (cci_code, name, name_kana) values ($1, 'ファズ商工会議所', 'ファズ') on conflict do nothing`,
    [FUZZ_CCI],
  );
  await pool.query(
    `insert into master_data (cci_code, master_type_code, master_code, name, sort_order, attributes)
     select $1, master_type_code, master_code, name, sort_order, attributes from master_data where cci_code = 'demo'
     on conflict do nothing`,
    [FUZZ_CCI],
  );
  await pool.query(
    `insert into conference_template (cci_code, conference_template_code, name, default_body)
     select $1, conference_template_code, name, default_body from conference_template where cci_code = 'demo'
     on conflict do nothing`,
    [FUZZ_CCI],
  );

  const companies: number[] = [];
  const invitees: Array<[number, number]> = [];
  for (let n = 1; n <= 4; n++) {
    const companyId = await createCompany(pool, `FZ${n}`, `ファズ商事${n}`, FUZZ_CCI);
    companies.push(companyId);
    for (let m = 1; m <= 2; m++) {
      const memberId = await createMember(pool, {
        cciCode: FUZZ_CCI,
        companyId,
        name: `ファズ 太郎${n}${m}`,
        kana: `ファズ タロウ${n}${m}`,
        positions: [{ type: POSITION_TYPES[(n + m) % POSITION_TYPES.length], department: '役員', name: '議員', rank: m }],
      });
      invitees.push([companyId, memberId]);
    }
  }
  const statuses = ['published', 'draft', 'closed', 'held', 'cancelled'] as const;
  for (const status of statuses) {
    const parentId = await createConference(pool, {
      cciCode: FUZZ_CCI,
      name: `ファズ会議 ${status}`,
      status,
      allowDelegate: true,
    });
    await invite(pool, parentId, invitees);
    const subId = await createConference(pool, { cciCode: FUZZ_CCI, name: `ファズ懇親会 ${status}`, status, parentId });
    await invite(pool, subId, invitees.slice(0, 3));
  }
  // a published conference whose deadline has passed: answers are refused by rule (422)
  const late = await createConference(pool, { cciCode: FUZZ_CCI, status: 'published', answerDeadline: daysFromNow(-1) });
  await invite(pool, late, invitees);
  // room links (issue 12) to every conference's room, so link holders' paths reach their handlers
  const { rows: conferences } = await pool.query<{ id: number }>('select id from conference where cci_code = $1', [FUZZ_CCI]);
  for (const { id } of conferences) await insertLink(pool, id, { cciCode: FUZZ_CCI, name: 'ファズ 来賓' });
  // 議案 (issue 34): one per conference, so the motion and poll paths reach their handlers
  await pool.query(
    `insert into motion (cci_code, conference_id, number, title) select cci_code, id, '第1号議案', 'ファズ議案' from conference where cci_code = $1`,
    [FUZZ_CCI],
  );

  const roles: Array<[Role, string, number | null]> = [
    ['CCI_ADMIN', 'fuzz-admin@fuzz.example.jp', null],
    ['CCI_CONFERENCE_USER', 'fuzz-staff@fuzz.example.jp', null],
    ['COMPANY_ADMIN', 'fuzz-company@fuzz.example.jp', companies[0]],
  ];
  const tokens = {} as Record<Role, string>;
  const accounts: string[] = [];
  for (const [role, email, companyId] of roles) {
    const username = await cognitoUser(email, role, companyId ?? undefined);
    await addUser(pool, username, role, email, companyId);
    accounts.push(username);
    tokens[role] = (await signIn(email, PASSWORD)).idToken;
  }
  // logins the fuzzer may disable, re-role or rename (none of them signs in)
  for (const [n, role] of (['CCI_ADMIN', 'CCI_CONFERENCE_USER', 'COMPANY_ADMIN'] as const).entries()) {
    await addUser(
      pool,
      `fuzz-spare-${n}`,
      role,
      `fuzz-spare-${n}@fuzz.example.jp`,
      role === 'COMPANY_ADMIN' ? companies[1] : null,
    );
  }
  // attachments a conference body may name (conference saves accept only recorded uploads)
  for (const name of ['議事次第.pdf', 'map.png', '名簿.xlsx'])
    await recordUpload(pool, `${FUZZ_CCI}/attachments/${randomUUID()}/${name}`, { cci: FUZZ_CCI });
  return { tokens, accounts, companyId: companies[0] };
}
