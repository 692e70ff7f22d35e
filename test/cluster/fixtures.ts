/**
 * The fault test's rows and logins (issue 16), on a cluster's own database and cognito-local:
 * 50 companies of the demo chamber invited with two members each to one published conference (its
 * room too), their company admins, and a chamber `fault` with enough members that an export runs
 * for a while, with two chamber admins to start exports.
 */
import type pg from 'pg';
import type { Stack } from '../../server/infra/stack.ts';
import { createCompany, createConference } from '../helpers/attendance-fixtures.ts';
import { signIn } from '../helpers/app.ts';
import { ensureLogin, type CognitoPool } from '../helpers/logins.ts';
import { DEMO_PASSWORD } from '../../server/infra/demo-accounts.ts';

export interface Admin {
  companyId: number;
  memberIds: number[];
  token: string;
}

export const EXPORT_CCI = 'fault';
const EXPORT_ROWS = 100_000;

export function cognitoPoolOf(stack: Stack): CognitoPool {
  return {
    endpoint: stack.cognitoLocalEndpoint!,
    userPoolId: stack.clientConfig.cognito.userPoolId,
    clientId: stack.auth.clientId,
  };
}

export async function companyAdmins(
  pool: pg.Pool,
  cognito: CognitoPool,
  count: number,
): Promise<{ conferenceId: number; admins: Admin[] }> {
  const conferenceId = await createConference(pool, { name: '障害試験の会議', allowDelegate: true });
  const admins: Admin[] = [];
  for (let i = 1; i <= count; i++) {
    const code = `Z${String(i).padStart(3, '0')}`;
    const companyId = await createCompany(pool, code, `障害試験株式会社${i}`);
    await pool.query('insert into conference_company (cci_code, conference_id, company_id) values ($1, $2, $3)', [
      'demo',
      conferenceId,
      companyId,
    ]);
    const { rows } = await pool.query<{ id: number }>(
      `with m as (
         insert into member (cci_code, company_id, company_code, name, name_kana)
         select 'demo', $1, $2, '社員 ' || n, 'シャイン ' || n from generate_series(1, 2) n returning id)
       insert into conference_member (cci_code, conference_id, company_id, member_id)
       select 'demo', $3, $1, id from m order by id returning id`,
      [companyId, code, conferenceId],
    );
    const email = `fault-admin-${i}@example.com`;
    await ensureLogin(pool, { email, cciCode: 'demo', userType: 'COMPANY_ADMIN', companyId }, cognito);
    const { idToken } = await signIn(email, DEMO_PASSWORD, cognito);
    admins.push({ companyId, memberIds: rows.map((r) => r.id).sort((a, b) => a - b), token: idToken });
  }
  return { conferenceId, admins };
}

/** The `fault` chamber: one company of EXPORT_ROWS members and two chamber admins' tokens. */
export async function exportChamber(pool: pg.Pool, cognito: CognitoPool): Promise<string[]> {
  await pool.query(`insert into chamber (cci_code, name) values ($1, '障害試験商工会議所') on conflict do nothing`, [EXPORT_CCI]);
  const { rows } = await pool.query<{ id: number }>(
    `insert into company (cci_code, company_code, attributes) values ($1, 'K0001', '{"name1": "株式会社大量"}') returning id`,
    [EXPORT_CCI],
  );
  await pool.query(
    `insert into member (cci_code, company_id, company_code, name, name_kana)
     select $1, $2, 'K0001', '会員 ' || lpad(n::text, 6, '0'), 'カイイン ' || lpad(n::text, 6, '0')
       from generate_series(1, ${EXPORT_ROWS}) n`,
    [EXPORT_CCI, rows[0].id],
  );
  const tokens: string[] = [];
  for (const n of [1, 2]) {
    const email = `fault-chamber-${n}@example.com`;
    await ensureLogin(pool, { email, cciCode: EXPORT_CCI, userType: 'CCI_ADMIN' }, cognito);
    tokens.push((await signIn(email, DEMO_PASSWORD, cognito)).idToken);
  }
  return tokens;
}
