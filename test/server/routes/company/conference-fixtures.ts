/**
 * Rows the conference tests create for themselves (conferences, invitations, members with
 * positions), so they never depend on or disturb the demo conferences other test files read.
 * Dates are far from today (2031, 2001) so that lists filtered by those days hold only these rows.
 */
import type pg from 'pg';
import { buildSearchText } from '../../../../server/db/normalize.ts';

const DAY_MS = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

export interface ConferenceRow {
  name?: string;
  cciCode?: string;
  status?: 'draft' | 'published' | 'closed' | 'held' | 'cancelled';
  eventDate: Date | string;
  answerDeadline?: Date | string | null;
  parentId?: number;
  attachments?: Array<{ key: string; name: string; size: number }>;
}

export async function insertConference(pool: pg.Pool, c: ConferenceRow): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into conference (cci_code, parent_id, name, event_date, answer_deadline, status, attachments)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      c.cciCode ?? 'demo',
      c.parentId ?? null,
      c.name ?? 'テスト会議',
      c.eventDate,
      c.answerDeadline ?? null,
      c.status ?? 'published',
      JSON.stringify(c.attachments ?? []),
    ],
  );
  return rows[0].id;
}

/** A conference_company row with the company-level summary the answer endpoint would keep. */
export async function inviteCompany(
  pool: pg.Pool,
  conferenceId: number,
  companyId: number,
  summary: 'answered' | 'partial' | null = null,
  cciCode = 'demo',
): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into conference_company (cci_code, conference_id, company_id, answer_content) values ($1, $2, $3, $4) returning id`,
    [cciCode, conferenceId, companyId, summary],
  );
  return rows[0].id;
}

export async function ensureCompany(pool: pg.Pool, code: string, name: string, kana: string): Promise<number> {
  const attributes = { name1: name, name_kana: kana, admin_changed_info_flag: '0' };
  const { rows } = await pool.query<{ id: number }>(
    `insert into company (cci_code, company_code, attributes, search_text) values ('demo', $1, $2, $3)
     on conflict (cci_code, company_code) do update set company_code = excluded.company_code returning id`,
    [code, attributes, buildSearchText(code, name, kana)],
  );
  return rows[0].id;
}

export interface PositionRow {
  rank: number;
  /** default CCI_OFFICER */
  type?: string;
  start?: string | null;
  end?: string | null;
}

export async function insertMember(
  pool: pg.Pool,
  companyId: number,
  name: string,
  kana: string | null,
  positions: PositionRow[] = [],
): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into member (cci_code, company_id, company_code, name, name_kana, search_text)
     select 'demo', id, company_code, $2, $3, $4 from company where id = $1 returning id`,
    [companyId, name, kana, buildSearchText(name, kana)],
  );
  for (const p of positions) {
    await pool.query(
      `insert into position (cci_code, member_id, position_type, department_name, position_name, rank, start_at, end_at)
       values ('demo', $1, $2, '役員', '役員', $3, $4, $5)`,
      [rows[0].id, p.type ?? 'CCI_OFFICER', p.rank, p.start ?? null, p.end ?? null],
    );
  }
  return rows[0].id;
}

export async function inviteMember(
  pool: pg.Pool,
  conferenceId: number,
  memberId: number,
  sort: number,
  answer: string | null = null,
): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into conference_member (cci_code, conference_id, company_id, member_id, sort, answer_content, answered_at)
     select 'demo', $1, company_id, id, $3, $4::text, case when $4::text is null then null else now() end
       from member where id = $2 returning id`,
    [conferenceId, memberId, sort, answer],
  );
  return rows[0].id;
}
