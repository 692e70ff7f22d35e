/**
 * Rows the attendance tests create for themselves (conferences, members with positions), so they
 * never depend on or disturb the demo conferences other test files read.
 */
import type pg from 'pg';
import { buildSearchText } from '../../server/db/normalize.ts';

const DAY_MS = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
/** YYYY-MM-DD in Asia/Tokyo, the calendar the rule compares positions against. */
export const jstDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

export interface ConferenceOpts {
  name?: string;
  cciCode?: string;
  status?: 'draft' | 'published' | 'closed' | 'held' | 'cancelled';
  eventDate?: Date;
  answerDeadline?: Date | null;
  allowDelegate?: boolean;
  parentId?: number;
}

export async function createConference(pool: pg.Pool, opts: ConferenceOpts = {}): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into conference (cci_code, parent_id, name, event_date, answer_deadline, status, allow_delegate)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      opts.cciCode ?? 'demo',
      opts.parentId ?? null,
      opts.name ?? 'テスト会議',
      opts.eventDate ?? daysFromNow(30),
      opts.answerDeadline === undefined ? daysFromNow(20) : opts.answerDeadline,
      opts.status ?? 'published',
      opts.allowDelegate ?? false,
    ],
  );
  return rows[0].id;
}

export async function createCompany(pool: pg.Pool, code: string, name: string, cciCode = 'demo'): Promise<number> {
  const attributes = { name1: name, name_kana: name, admin_changed_info_flag: '0' };
  const { rows } = await pool.query<{ id: number }>(
    `insert into company (cci_code, company_code, attributes, search_text) values ($1, $2, $3, $4)
     on conflict (cci_code, company_code) do update set company_code = excluded.company_code returning id`,
    [cciCode, code, attributes, buildSearchText(code, name)],
  );
  return rows[0].id;
}

export interface PositionOpts {
  type: string;
  department: string;
  name?: string;
  rank?: number;
  start?: string | null;
  end?: string | null;
}

export interface MemberOpts {
  companyId: number;
  name: string;
  kana: string;
  cciCode?: string;
  start?: string | null;
  end?: string | null;
  positions?: PositionOpts[];
}

export async function createMember(pool: pg.Pool, opts: MemberOpts): Promise<number> {
  const cciCode = opts.cciCode ?? 'demo';
  const { rows } = await pool.query<{ id: number }>(
    `insert into member (cci_code, company_id, company_code, name, name_kana, start_at, end_at, search_text)
     select $1, id, company_code, $3, $4, $5, $6, $7 from company where id = $2 returning id`,
    [cciCode, opts.companyId, opts.name, opts.kana, opts.start ?? null, opts.end ?? null, buildSearchText(opts.name, opts.kana)],
  );
  const id = rows[0].id;
  for (const p of opts.positions ?? []) {
    await pool.query(
      `insert into position (cci_code, member_id, position_type, department_name, position_name, rank, start_at, end_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [cciCode, id, p.type, p.department, p.name ?? '委員', p.rank ?? 10, p.start ?? null, p.end ?? null],
    );
  }
  return id;
}

export async function memberIdsOf(pool: pg.Pool, companyCode: string): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    "select id from member where cci_code = 'demo' and company_code = $1 order by id",
    [companyCode],
  );
  return rows.map((r) => r.id);
}

export async function usernameOf(pool: pg.Pool, email: string): Promise<string> {
  const { rows } = await pool.query<{ username: string }>('select username from users where email = $1', [email]);
  return rows[0].username;
}

export async function summaryOf(pool: pg.Pool, conferenceId: number, companyId: number) {
  const { rows } = await pool.query<{ answer_content: string | null; answered_by: string | null }>(
    'select answer_content, answered_by from conference_company where conference_id = $1 and company_id = $2',
    [conferenceId, companyId],
  );
  return rows[0];
}
