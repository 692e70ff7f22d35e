/**
 * The callers and ids of the permission table (conventions: table.ts). Own rows are read, never
 * written (bodies fail validation), so demo rows other files count on are used as they are; the
 * neighbour company and everything of the other chamber are this folder's own.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { StorageDriver } from '../../../server/storage/driver.ts';
import { DEMO, OTHER_CCI, companyIdOf, ensureOtherChamber } from '../../helpers/fixtures.ts';
import { createCompany, createConference, createMember, usernameOf } from '../../helpers/attendance-fixtures.ts';
import { ensureLogin } from '../../helpers/logins.ts';
import { insertLink } from '../../helpers/room-fixtures.ts';

/** Callers beyond the demo accounts: a second chamber's CCI_ADMIN and COMPANY_ADMIN, and a disabled login. */
export const LOGINS = {
  otherAdmin: 'perm-other-admin@other.example.jp',
  otherCompany: 'perm-other-company@other.example.jp',
  disabled: 'perm-disabled@other.example.jp',
} as const;

export type Who = 'admin' | 'staff' | 'company' | 'companyNew' | 'otherAdmin' | 'otherCompany';
export const WHO: readonly Who[] = ['admin', 'staff', 'company', 'companyNew', 'otherAdmin', 'otherCompany'];
/** company: the demo COMPANY_ADMIN (C0001); companyNew: the one whose company has admin_changed_info_flag '1' (C0002). */
export const EMAIL: Record<Who, string> = {
  admin: DEMO.admin,
  staff: DEMO.staff,
  company: DEMO.companyAdmin,
  companyNew: DEMO.companyNew,
  otherAdmin: LOGINS.otherAdmin,
  otherCompany: LOGINS.otherCompany,
};

/** Ids in the demo chamber (own) and in the other chamber / another company (foreign). */
export interface Ids {
  company: number;
  neighbourCompany: number;
  member: number;
  position: number;
  /** a published top-level conference of the demo seed C0001 (and C0002) are invited to */
  conference: number;
  template: number;
  conferenceMember: number;
  user: string;
  neighbourConference: number;
  neighbourConferenceMember: number;
  /** a valid guest link's token to a room of the demo chamber (issue 12: the link holder cells) */
  roomToken: string;
  other: {
    company: number;
    member: number;
    position: number;
    conference: number;
    template: number;
    conferenceMember: number;
    user: string;
    /** a chat message, a comment and a link in the room of `conference` */
    roomChat: number;
    roomComment: number;
    roomLink: number;
    /** a 議案 of `conference` and a poll on it (issue 34) */
    motion: number;
    poll: number;
  };
}

export async function one<T>(app: FastifyInstance, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await app.pool.query(sql, params);
  if (!rows[0]) throw new Error(`fixture query found nothing: ${sql}`);
  return Object.values(rows[0])[0] as T;
}

/** A conference with one invitee of the given company (conference_member + conference_company). */
export async function invitedConference(
  app: FastifyInstance,
  cciCode: string,
  companyId: number,
  memberId: number,
  opts: { status?: 'draft' | 'published' | 'cancelled'; parentId?: number } = {},
): Promise<{ conference: number; conferenceMember: number }> {
  const conference = await createConference(app.pool, { cciCode, name: '権限テスト会議', ...opts });
  const conferenceMember = await one<number>(
    app,
    `insert into conference_member (cci_code, conference_id, company_id, member_id, category, sort) values ($1, $2, $3, $4, 'principal', 1) returning id`,
    [cciCode, conference, companyId, memberId],
  );
  await app.pool.query('insert into conference_company (cci_code, conference_id, company_id) values ($1, $2, $3)', [
    cciCode,
    conference,
    companyId,
  ]);
  return { conference, conferenceMember };
}

/** The other chamber's company and the logins of this table (idempotent: each file of the folder calls it). */
export async function ensureCallers(app: FastifyInstance): Promise<{ otherCompany: number }> {
  const { companyId: otherCompany } = await ensureOtherChamber(app.pool);
  await ensureLogin(app.pool, { email: LOGINS.otherAdmin, cciCode: OTHER_CCI, userType: 'CCI_ADMIN' });
  await ensureLogin(app.pool, {
    email: LOGINS.otherCompany,
    cciCode: OTHER_CCI,
    userType: 'COMPANY_ADMIN',
    companyId: otherCompany,
  });
  await ensureLogin(app.pool, { email: LOGINS.disabled, cciCode: OTHER_CCI, userType: 'CCI_ADMIN', enabled: false });
  return { otherCompany };
}

export async function permissionIds(app: FastifyInstance): Promise<Ids> {
  const { otherCompany } = await ensureCallers(app);
  const company = await companyIdOf(app.pool, 'C0001');
  const invite = await app.pool.query<{ id: number; conference_id: number; member_id: number }>(
    `select cm.id, cm.conference_id, cm.member_id from conference_member cm join conference c on c.id = cm.conference_id
      where cm.company_id = $1 and c.status = 'published' and c.parent_id is null order by cm.id limit 1`,
    [company],
  );
  if (!invite.rows[0]) throw new Error('the demo seed invites company C0001 to a published conference');
  const member = invite.rows[0].member_id;
  const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const neighbourCompany = await createCompany(app.pool, `PERM-N-${tag}`, '権限テスト隣社');
  const neighbourMember = await createMember(app.pool, {
    companyId: neighbourCompany,
    name: '権限 次郎',
    kana: 'ケンゲン ジロウ',
  });
  const otherMember = await createMember(app.pool, {
    cciCode: OTHER_CCI,
    companyId: otherCompany,
    name: '他所 三郎',
    kana: 'ヨソ サブロウ',
    positions: [{ type: 'CCI_OFFICER', department: '役員' }],
  });
  const neighbour = await invitedConference(app, 'demo', neighbourCompany, neighbourMember);
  const other = await invitedConference(app, OTHER_CCI, otherCompany, otherMember);
  const otherRoom = await roomRows(app, other.conference);
  // the link holder's room: a published conference in a month (a link expires a day after it ends)
  const linked = await invitedConference(app, 'demo', company, member);
  const roomLink = await insertLink(app.pool, linked.conference);
  const otherUser = `perm-other-${tag}`;
  await app.pool.query(`insert into users (username, cci_code, user_type, email) values ($1, $2, 'CCI_ADMIN', $3)`, [
    otherUser,
    OTHER_CCI,
    `${otherUser}@other.example.jp`,
  ]);
  return {
    company,
    neighbourCompany,
    member,
    position: await one<number>(app, "select id from position where cci_code = 'demo' order by id limit 1"),
    conference: invite.rows[0].conference_id,
    template: await one<number>(app, "select id from conference_template where cci_code = 'demo' order by id limit 1"),
    conferenceMember: invite.rows[0].id,
    user: await usernameOf(app.pool, DEMO.staff),
    neighbourConference: neighbour.conference,
    neighbourConferenceMember: neighbour.conferenceMember,
    roomToken: roomLink.token,
    other: {
      company: otherCompany,
      member: otherMember,
      position: await one<number>(app, 'select id from position where member_id = $1', [otherMember]),
      conference: other.conference,
      template: await one<number>(
        app,
        `insert into conference_template (cci_code, conference_template_code, name) values ($1, $2, 'よその会議') returning id`,
        [OTHER_CCI, `PERM-${tag}`],
      ),
      conferenceMember: other.conferenceMember,
      user: otherUser,
      ...otherRoom,
      ...(await motionRows(app, other.conference, other.conferenceMember)),
    },
  };
}

/** A 議案 of the other chamber's conference with a closed show-of-hands poll on it, one hand 賛成 (the vote cells). */
async function motionRows(app: FastifyInstance, conference: number, voter: number) {
  const motion = await one<number>(
    app,
    `insert into motion (cci_code, conference_id, number, title, status) values ($1, $2, '第1号議案', 'よその議案', 'closed') returning id`,
    [OTHER_CCI, conference],
  );
  const poll = await one<number>(
    app,
    `insert into poll (cci_code, motion_id, method, opened_by, status, closed_at, closed_by, entitled, hand_counts, counts)
     values ($1, $2, 'show_of_hands', 'perm', 'closed', now(), 'perm', '{"total":1,"present":1,"written":0,"delegated":0}',
             '{"yes":1,"no":0,"abstain":0}', '{"yes":1,"no":0,"abstain":0,"not_voted":0,"written":0,"delegated":0}') returning id`,
    [OTHER_CCI, motion],
  );
  // its one voter, so the tally recomputed from the rows (test/server/routes/…/poll-tally.test.ts) holds here too
  await app.pool.query(`insert into poll_voter (poll_id, conference_member_id, kind) values ($1, $2, 'present')`, [poll, voter]);
  return { motion, poll };
}

/** A chat message, a comment and a link in the other chamber's room (the room's foreign cells). */
async function roomRows(app: FastifyInstance, conference: number) {
  const sender = [OTHER_CCI, conference, 'user:perm-other', 'admin', '他所 事務局'];
  const roomChat = await one<number>(
    app,
    `insert into room_chat (cci_code, conference_id, sender_key, sender_kind, sender_name, body)
     values ($1, $2, $3, $4, $5, 'よその発言') returning id`,
    sender,
  );
  const roomComment = await one<number>(
    app,
    `insert into room_comment (cci_code, conference_id, sender_key, sender_kind, sender_name, body)
     values ($1, $2, $3, $4, $5, 'よそのコメント') returning id`,
    sender,
  );
  const { id: roomLink } = await insertLink(app.pool, conference, { cciCode: OTHER_CCI });
  return { roomChat, roomComment, roomLink };
}

/**
 * Rows of the other chamber for the body and filter cells, caller `otherCompany` (its company X0001
 * is "own"): an own conference with an invitee, and a neighbour company of the same chamber with its
 * own conference and invitee; each conference has an attachment key (the file is the caller's to store).
 */
export interface TenancyRows {
  own: { company: number; member: number; conference: number; invitee: number; attachment: string };
  neighbour: { company: number; member: number; conference: number; invitee: number; attachment: string };
  /** the demo chamber's: C0001, one of its invitees and that conference */
  demo: { company: number; member: number; conference: number; invitee: number; template: number };
}

export async function tenancyRows(app: FastifyInstance): Promise<TenancyRows> {
  const { otherCompany } = await ensureCallers(app);
  const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const neighbourCompany = await createCompany(app.pool, `PERM-XN-${tag}`, 'よその隣社', OTHER_CCI);
  const side = async (companyId: number, name: string, kana: string) => {
    const member = await createMember(app.pool, { cciCode: OTHER_CCI, companyId, name, kana });
    const { conference, conferenceMember } = await invitedConference(app, OTHER_CCI, companyId, member);
    const attachment = `${OTHER_CCI}/attachments/perm-${conference}/案内.pdf`;
    await app.pool.query('update conference set attachments = $2 where id = $1', [
      conference,
      JSON.stringify([{ key: attachment, name: '案内.pdf', size: 15 }]),
    ]);
    return { company: companyId, member, conference, invitee: conferenceMember, attachment };
  };
  const demo = await app.pool.query<{ id: number; conference_id: number; member_id: number; company_id: number }>(
    `select cm.id, cm.conference_id, cm.member_id, cm.company_id from conference_member cm join company co on co.id = cm.company_id
      where co.cci_code = 'demo' and co.company_code = 'C0001' order by cm.id limit 1`,
  );
  return {
    own: await side(otherCompany, '自社 五郎', 'ジシャ ゴロウ'),
    neighbour: await side(neighbourCompany, '隣社 六郎', 'リンシャ ロクロウ'),
    demo: {
      company: demo.rows[0].company_id,
      member: demo.rows[0].member_id,
      conference: demo.rows[0].conference_id,
      invitee: demo.rows[0].id,
      template: await one<number>(app, "select id from conference_template where cci_code = 'demo' order by id limit 1"),
    },
  };
}

/** Stores a small PDF at `key`, as an upload would (the attachment cells need the file to exist). */
export async function storePdf(storage: StorageDriver, key: string): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-perm-'));
  try {
    const file = path.join(dir, 'a.pdf');
    await writeFile(file, '%PDF-1.4\n%%EOF\n');
    await storage.putFile(key, file, 'application/pdf');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
