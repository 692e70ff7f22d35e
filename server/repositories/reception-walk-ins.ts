/**
 * 当日参加 at the reception desk (DESIGN.md §11.3, WalkInSchema): a person of an invited company who
 * was not invited, or a substitute arriving instead of the invited principal. Recorded as an answer
 * received at the counter (窓口) by the staff user, and checked in at once. Runs in the caller's
 * transaction; lock order as everywhere in attendance: conference → conference_member →
 * conference_company (→ room, last, in announceReception).
 */
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import { normalizeSearchText } from '../db/normalize.ts';
import { refreshSummaries } from '../lib/attendance-summary.ts';
import { isLate } from '../lib/attendance-staff-answer.ts';
import { memberSearchText } from '../lib/member-search-text.ts';
import {
  alreadyCheckedIn,
  alreadyInvited,
  companyNotInvited,
  inviteeNotFound,
  memberNotInCompany,
  notPrincipal,
} from '../lib/reception/problems.ts';
import { auditRoom } from './room-db.ts';
import type { Desk, ReceptionConference } from './reception.ts';

export type WalkIn =
  | { company_id: number; name: string; title?: string | null }
  | { company_id: number; member_id: number }
  | { instead_of: number; name: string; title?: string | null };

interface InvitedCompany {
  id: number;
  company_code: string;
  name1: string | null;
}

const blankToNull = (s: string | null | undefined) => s?.trim() || null;
/** Names compare as search does (width, kana, case), spaces ignored: 山田 太郎 = 山田太郎. */
const sameName = (a: string, b: string) => normalizeSearchText(a).replace(/ /g, '') === normalizeSearchText(b).replace(/ /g, '');

/** A company of the chamber with a conference_company row for the conference, else 422. */
async function invitedCompany(client: pg.ClientBase, desk: Desk, conferenceId: number, companyId: number) {
  const { rows } = await client.query<InvitedCompany>(
    `select co.id, co.company_code, co.name1 from company co
       join conference_company cc on cc.company_id = co.id and cc.conference_id = $2
      where co.id = $1 and co.cci_code = $3`,
    [companyId, conferenceId, desk.cciCode],
  );
  if (!rows[0]) throw companyNotInvited();
  return rows[0];
}

async function invitationsOf(client: pg.ClientBase, conferenceId: number, memberIds: number[]) {
  const { rows } = await client.query<{ id: number; member_id: number }>(
    'select id, member_id from conference_member where conference_id = $1 and member_id = any($2::int[])',
    [conferenceId, memberIds],
  );
  return new Map(rows.map((r) => [r.member_id, r.id]));
}

/** `{company_id, member_id}`: that member of that company, not yet invited. */
async function namedMember(client: pg.ClientBase, desk: Desk, conferenceId: number, company: InvitedCompany, memberId: number) {
  const { rows } = await client.query<{ id: number; name: string }>(
    'select id, name from member where id = $1 and company_id = $2 and cci_code = $3',
    [memberId, company.id, desk.cciCode],
  );
  if (!rows[0]) throw memberNotInCompany();
  const invited = await invitationsOf(client, conferenceId, [memberId]);
  if (invited.has(memberId)) throw alreadyInvited(invited.get(memberId)!);
  return rows[0];
}

/**
 * `{company_id, name, title?}`: the company's member of that name not yet invited; an invited one
 * is a 409 naming its row (check that one in); none: a new member of the company (its master data).
 */
async function personNamed(
  client: pg.ClientBase,
  desk: Desk,
  conferenceId: number,
  company: InvitedCompany,
  name: string,
  title: string | null,
) {
  const { rows } = await client.query<{ id: number; name: string }>(
    'select id, name from member where company_id = $1 and cci_code = $2 order by id',
    [company.id, desk.cciCode],
  );
  const namesakes = rows.filter((m) => sameName(m.name, name));
  if (namesakes.length > 0) {
    const invited = await invitationsOf(
      client,
      conferenceId,
      namesakes.map((m) => m.id),
    );
    const free = namesakes.find((m) => !invited.has(m.id));
    if (free) return free;
    throw alreadyInvited(invited.get(namesakes[0].id)!);
  }
  const { rows: created } = await client.query<{ id: number; name: string }>(
    `insert into member (cci_code, company_id, company_code, name, title, search_text, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $7) returning id, name, title, company_id, company_code`,
    [
      desk.cciCode,
      company.id,
      company.company_code,
      name,
      title,
      memberSearchText(name, null, company.company_code, company.name1),
      desk.username,
    ],
  );
  await auditRoom(client, {
    cciCode: desk.cciCode,
    actor: desk.username,
    action: 'create',
    entity: 'member',
    entityId: created[0].id,
    after: created[0],
  });
  return created[0];
}

/** The fields of an answer received at the counter now, by the staff user. */
const counterAnswer = (desk: Desk, target: ReceptionConference, now: Date) => ({
  answer_channel: 'counter',
  answer_received_at: now,
  answered_at: now,
  answered_by: desk.username,
  answered_late: isLate(target, now),
});

/** `{instead_of, name, title?}`: the principal's row becomes 代理出席 with the substitute, checked in. */
async function substitute(
  client: pg.ClientBase,
  desk: Desk,
  target: ReceptionConference,
  input: { instead_of: number; name: string; title?: string | null },
  now: Date,
) {
  const { rows } = await client.query<{
    company_id: number;
    category: string;
    answer_content: string | null;
    proxy_name: string | null;
    proxy_title: string | null;
    answer_channel: string | null;
    checked_in_at: Date | null;
  }>(
    `select company_id, category, answer_content, proxy_name, proxy_title, answer_channel, checked_in_at
       from conference_member where id = $1 and conference_id = $2 for update`,
    [input.instead_of, target.id],
  );
  const before = rows[0];
  if (!before) throw inviteeNotFound();
  if (before.checked_in_at !== null) throw alreadyCheckedIn();
  if (before.category !== 'principal') throw notPrincipal();
  const name = input.name.trim();
  const answer = counterAnswer(desk, target, now);
  const after = { answer_content: 'proxy_attend', proxy_name: name, proxy_title: blankToNull(input.title), ...answer };
  await client.query(
    `update conference_member
        set answer_content = 'proxy_attend', proxy_name = $2, proxy_title = $3, answer_channel = $4,
            answer_received_at = $5, answered_at = $5, answered_by = $6, answered_late = $7,
            checked_in_at = $5, checked_in_by = $6, attended_by = $2,
            version = version + 1, updated_at = $5, updated_by = $6
      where id = $1`,
    [input.instead_of, name, after.proxy_title, answer.answer_channel, now, desk.username, answer.answered_late],
  );
  await auditRoom(client, {
    cciCode: desk.cciCode,
    actor: desk.username,
    action: 'walk_in',
    entity: 'conference_member',
    entityId: input.instead_of,
    before: { ...before, checked_in_at: null },
    after: { ...after, checked_in_at: now, checked_in_by: desk.username, attended_by: name },
  });
  return { id: input.instead_of, company_id: before.company_id };
}

/** A new invitee (随行) answered 出席 at the counter, after the conference's last seat, checked in. */
async function newInvitee(
  client: pg.ClientBase,
  desk: Desk,
  target: ReceptionConference,
  input: WalkIn & { company_id: number },
  now: Date,
) {
  const company = await invitedCompany(client, desk, target.id, input.company_id);
  const person =
    'member_id' in input
      ? await namedMember(client, desk, target.id, company, input.member_id)
      : await personNamed(client, desk, target.id, company, input.name.trim(), blankToNull(input.title));
  const answer = counterAnswer(desk, target, now);
  const { rows } = await client.query<{ id: number; sort: number }>(
    `insert into conference_member
       (cci_code, conference_id, company_id, member_id, category, answer_content, answer_channel, answer_received_at,
        answered_at, answered_by, answered_late, walk_in, sort, checked_in_at, checked_in_by, attended_by, created_by, updated_by)
     select $1, $2, $3, $4, 'companion', 'attend', $5, $6, $6, $7, $8, true, coalesce(max(sort), 0) + 1, $6, $7, $9, $7, $7
       from conference_member where conference_id = $2
     returning id, sort`,
    [
      desk.cciCode,
      target.id,
      company.id,
      person.id,
      answer.answer_channel,
      now,
      desk.username,
      answer.answered_late,
      person.name,
    ],
  );
  const { id, sort } = rows[0];
  await auditRoom(client, {
    cciCode: desk.cciCode,
    actor: desk.username,
    action: 'walk_in',
    entity: 'conference_member',
    entityId: id,
    after: {
      conference_id: target.id,
      company_id: company.id,
      member_id: person.id,
      category: 'companion',
      answer_content: 'attend',
      ...answer,
      walk_in: true,
      sort,
      checked_in_at: now,
      checked_in_by: desk.username,
      attended_by: person.name,
    },
  });
  return { id, company_id: company.id };
}

/** Adds the walk-in and returns its conference member id; the company's answer summary follows. */
export async function walkIn(
  client: pg.ClientBase,
  tx: Db,
  desk: Desk,
  target: ReceptionConference,
  input: WalkIn,
): Promise<number> {
  // walk-ins and invites number seats after the last one: they take turns on the conference row
  await client.query('select id from conference where id = $1 for no key update', [target.id]);
  const now = new Date();
  const added =
    'instead_of' in input
      ? await substitute(client, desk, target, input, now)
      : await newInvitee(client, desk, target, input, now);
  await refreshSummaries(tx, desk.cciCode, [{ conference_id: target.id, company_id: added.company_id }], desk.username, {
    at: now,
    by: desk.username,
  });
  return added.id;
}
