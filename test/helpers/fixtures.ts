import type pg from 'pg';
import { buildSearchText } from '../../server/db/normalize.ts';
import { signIn } from './app.ts';

export const DEMO = {
  admin: 'cci-admin@example.com',
  staff: 'cci-staff@example.com',
  companyAdmin: 'company-admin@example.com',
  companyNew: 'company-new@example.com',
} as const;

const tokenCache = new Map<string, Promise<string>>();
/** The ID token of a demo account (signed in once per test file). */
export const tokenOf = (email: string): Promise<string> => {
  if (!tokenCache.has(email))
    tokenCache.set(
      email,
      signIn(email).then((t) => t.idToken),
    );
  return tokenCache.get(email)!;
};

export const OTHER_CCI = 'other';

/** A second chamber with one company, to prove tenant isolation. Returns that company's id. */
export async function ensureOtherChamber(pool: pg.Pool): Promise<{ companyId: number }> {
  await pool.query(`insert into chamber (cci_code, name) values ($1, 'よその商工会議所') on conflict do nothing`, [OTHER_CCI]);
  const attributes = {
    name1: 'よその商事株式会社',
    name_kana: 'ヨソノショウジ',
    email: 'x@other.example.jp',
    admin_changed_info_flag: '0',
  };
  const { rows } = await pool.query<{ id: number }>(
    `insert into company (cci_code, company_code, attributes, search_text) values ($1, 'X0001', $2, $3)
     on conflict (cci_code, company_code) do update set company_code = excluded.company_code returning id`,
    [OTHER_CCI, attributes, buildSearchText('X0001', attributes.name1, attributes.name_kana)],
  );
  return { companyId: rows[0].id };
}

/** Company id of a demo company by code. */
export async function companyIdOf(pool: pg.Pool, code: string, cciCode = 'demo'): Promise<number> {
  const { rows } = await pool.query<{ id: number }>('select id from company where cci_code = $1 and company_code = $2', [
    cciCode,
    code,
  ]);
  if (!rows[0]) throw new Error(`no company ${code}`);
  return rows[0].id;
}
