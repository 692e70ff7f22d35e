/**
 * Rows the mail tests create for themselves (issue 13): companies with or without an address,
 * invitees, and reading the outbox back.
 */
import type pg from 'pg';
import { createCompany, createMember } from './attendance-fixtures.ts';

/** A company with `email` in its attributes (null: none) and, with `adminEmail`, an enabled COMPANY_ADMIN user. */
export async function mailCompany(
  pool: pg.Pool,
  code: string,
  opts: { email?: string | null; adminEmail?: string; cciCode?: string } = {},
): Promise<number> {
  const id = await createCompany(pool, code, `${code} 株式会社`, opts.cciCode);
  await pool.query(`update company set attributes = attributes || jsonb_build_object('email', $2::text) where id = $1`, [
    id,
    opts.email ?? null,
  ]);
  if (opts.adminEmail) {
    await pool.query(
      `insert into users (username, cci_code, user_type, company_id, email) values ($1, $2, 'COMPANY_ADMIN', $3, $4)
       on conflict (username) do nothing`,
      [`mail-test-${code}`, opts.cciCode ?? 'demo', id, opts.adminEmail],
    );
  }
  return id;
}

/** Invites a new person of the company to the conference; returns the conference_member id. */
export async function inviteNew(
  pool: pg.Pool,
  conferenceId: number,
  companyId: number,
  name = '招待 太郎',
  cciCode = 'demo',
): Promise<number> {
  const memberId = await createMember(pool, { companyId, name, kana: 'ショウタイ タロウ', cciCode });
  const { rows } = await pool.query<{ id: number }>(
    `insert into conference_member (cci_code, conference_id, company_id, member_id, sort) values ($1, $2, $3, $4, 1) returning id`,
    [cciCode, conferenceId, companyId, memberId],
  );
  await pool.query(
    'insert into conference_company (cci_code, conference_id, company_id) values ($1, $2, $3) on conflict do nothing',
    [cciCode, conferenceId, companyId],
  );
  return rows[0].id;
}

export interface OutboxRow {
  id: number;
  conference_id: number;
  company_id: number;
  kind: string;
  to: string | null;
  subject: string;
  status: string;
  error: string | null;
  days_before: number | null;
  scheduled_for: Date | null;
  payload: Record<string, unknown>;
}

/** The outbox rows of a conference, oldest first. */
export async function outboxOf(pool: pg.Pool, conferenceId: number): Promise<OutboxRow[]> {
  const { rows } = await pool.query<OutboxRow>(
    `select id, conference_id, company_id, kind, "to", subject, status, error, days_before, scheduled_for, payload
       from notification where conference_id = $1 order by id`,
    [conferenceId],
  );
  return rows;
}

export async function versionOf(pool: pg.Pool, conferenceId: number): Promise<number> {
  const { rows } = await pool.query<{ version: number }>('select version from conference where id = $1', [conferenceId]);
  return rows[0].version;
}
