/**
 * Real ids to put where a request names a row: mostly the fuzz chamber's own (so handlers find the
 * row and run their SQL), a few of the demo chamber's (tenancy must refuse them).
 */
import type pg from 'pg';
import { loadLinkSecret, signLink } from '../../../server/lib/room/link-token.ts';
import { FUZZ_CCI } from './fuzz-chamber.ts';

export type IdKind =
  | 'company'
  | 'member'
  | 'position'
  | 'conference'
  | 'conference_member'
  | 'conference_template'
  | 'export_job'
  | 'room_chat'
  | 'room_comment'
  | 'room_link'
  | 'motion'
  | 'poll';

export interface IdPools {
  own: Record<IdKind, number[]>;
  foreign: Record<IdKind, number[]>;
  /** logins the fuzzer may write (never its own three sign-ins) */
  spareUsers: string[];
  /** every login of the fuzz chamber, for read-only filters such as created_by */
  users: string[];
  /** keys of uploads recorded for the fuzz chamber */
  uploadKeys: string[];
  /** valid tokens of the fuzz chamber's room links (revoked ones too: the fuzzer revokes) */
  roomTokens: string[];
}

const KINDS: IdKind[] = [
  'company',
  'member',
  'position',
  'conference',
  'conference_member',
  'conference_template',
  'export_job',
  'room_chat',
  'room_comment',
  'room_link',
  'motion',
  'poll',
];

async function idsOf(pool: pg.Pool, table: IdKind, cciCode: string, limit: number): Promise<number[]> {
  // table names come from KINDS above, never from input
  const { rows } = await pool.query<{ id: number }>(`select id from ${table} where cci_code = $1 order by id desc limit $2`, [
    cciCode,
    limit,
  ]);
  return rows.map((r) => r.id);
}

export async function loadIdPools(pool: pg.Pool, accounts: string[]): Promise<IdPools> {
  const own = {} as Record<IdKind, number[]>;
  const foreign = {} as Record<IdKind, number[]>;
  for (const kind of KINDS) {
    own[kind] = await idsOf(pool, kind, FUZZ_CCI, 40);
    foreign[kind] = await idsOf(pool, kind, 'demo', 3);
  }
  const users = (await pool.query<{ username: string }>('select username from users where cci_code = $1', [FUZZ_CCI])).rows.map(
    (r) => r.username,
  );
  const uploads = await pool.query<{ key: string }>('select key from upload where cci_code = $1 order by id desc limit 20', [
    FUZZ_CCI,
  ]);
  const secret = await loadLinkSecret(pool);
  const links = await pool.query<{ id: number; conference_id: number }>(
    'select id, conference_id from room_link where cci_code = $1 order by id desc limit 20',
    [FUZZ_CCI],
  );
  return {
    own,
    foreign,
    users,
    roomTokens: links.rows.map((l) => signLink(secret, l.conference_id, l.id)),
    spareUsers: users.filter((u) => !accounts.includes(u)),
    uploadKeys: uploads.rows.map((r) => r.key),
  };
}
