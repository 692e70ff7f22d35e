import fp from 'fastify-plugin';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import { company, conference, conference_member, keywordCondition, member, users } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import {
  AnswerContentFilter,
  CategorySchema,
  type ConferenceMember,
  type ConferenceMemberUpdate,
  type Invite,
  type InviteResult,
} from '../schemas/conference-member.ts';
import { KEYWORD_BY_REPOSITORY, listQuerySchema, planList, runList, type ListResult, type ListSpec } from '../lib/list-query.ts';
import type { Executor } from '../lib/audit.ts';
import { auditAll } from '../lib/attendance-audit.ts';
import { insertInvitees, toConferenceMember, type InviteeCandidate } from './conference-invitees.ts';
import { refreshSummaries } from '../lib/attendance-summary.ts';
import { answerFieldsOf, requireDelegateAllowed, requireProxyDetails, sameAnswer } from '../lib/attendance-answer-rules.ts';
import { membersMatchingRule } from '../lib/attendance-invite-rule.ts';
import { hasReceiptFields, requireAnswerable, staffReceipt } from '../lib/attendance-staff-answer.ts';
import { uniqueViolation, versionConflict } from '../lib/db-errors.ts';
import { Problem, notFound } from '../lib/problem.ts';
import { notUnderDraft } from './company-visibility.ts';
import { recheckRoomViewers } from './room-db.ts';
import { checkDelegateTargets, refuseDelegationChains } from '../lib/votes/delegation.ts';
import { answersRecorded, chamberAnswerSource } from '../lib/mail/receipts.ts';
import { inProtocolOrder, isMove, lockSeatOrder, movedSorts, shiftOthers, sortOutOfRange } from '../lib/seat-order.ts';
import { companiesInvited } from '../lib/mail/conference-mail.ts';

type Row = typeof conference_member.$inferSelect;
const cm = conference_member;
const ENTITY = 'conference_member';

const FIELDS = [
  'id',
  'cci_code',
  'conference_id',
  'company_id',
  'member_id',
  'category',
  'answer_content',
  'proxy_name',
  'proxy_title',
  'sort',
  'answered_at',
  'answered_by',
  'answer_channel',
  'answer_received_at',
  'answered_late',
  'version',
  'created_at',
  'updated_at',
] as const;

const SORTABLE = {
  id: cm.id,
  sort: cm.sort,
  conference_id: cm.conference_id,
  company_id: cm.company_id,
  member_id: cm.member_id,
  category: cm.category,
  answer_content: cm.answer_content,
  answered_at: cm.answered_at,
  updated_at: cm.updated_at,
};
/** `expand=member,company` adds the invited person's and the company's names. */
const EXPANDS = ['member', 'company'];
/** The chamber's lists may also ask who recorded each answer (`recorder`, DESIGN.md §11.2). */
const CHAMBER_EXPANDS = [...EXPANDS, 'recorder'];
const idFilter = (column: AnyPgColumn) => ({ column, type: 'integer' as const, ops: ['eq', 'in'] as const });

/**
 * Chamber list. `answer_content=none` selects the unanswered (未回答); `keyword` matches the invited
 * person (member name, kana, company code and name); `expand=member,company` adds their names,
 * `recorder` who recorded each answer.
 */
export const CHAMBER_LIST: ListSpec = {
  id: cm.id,
  sortable: SORTABLE,
  defaultSort: ['sort'],
  filters: { conference_id: idFilter(cm.conference_id), company_id: idFilter(cm.company_id), member_id: idFilter(cm.member_id) },
  fields: FIELDS,
  keyword: KEYWORD_BY_REPOSITORY,
  expand: CHAMBER_EXPANDS,
  extra: { category: CategorySchema, answer_content: AnswerContentFilter },
};
export const ChamberListQuery = listQuerySchema(CHAMBER_LIST);

/**
 * Company list: its own rows of conferences visible to it (not a draft, nor under one:
 * company-visibility.ts). `parent_conference_id` gives the rows of a conference and of its
 * sub-conferences at once, which is what the answer form needs.
 */
export const COMPANY_LIST: ListSpec = {
  id: cm.id,
  sortable: SORTABLE,
  defaultSort: ['sort'],
  filters: { conference_id: idFilter(cm.conference_id), member_id: idFilter(cm.member_id) },
  fields: FIELDS,
  // like the chamber's: the invited person (extraConditions)
  keyword: KEYWORD_BY_REPOSITORY,
  expand: EXPANDS,
  extra: {
    parent_conference_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    category: CategorySchema,
    answer_content: AnswerContentFilter,
  },
};
export const CompanyListQuery = listQuerySchema(COMPANY_LIST);

/** Conditions of the filters the list routes handle themselves (enums, keyword on the member, parent). */
function extraConditions(db: Db, cciCode: string, query: Record<string, unknown>): Array<SQL | undefined> {
  const conditions: Array<SQL | undefined> = [];
  if (typeof query.category === 'string') conditions.push(eq(cm.category, query.category as Row['category']));
  if (query.answer_content === 'none') conditions.push(isNull(cm.answer_content));
  else if (typeof query.answer_content === 'string')
    conditions.push(eq(cm.answer_content, query.answer_content as Row['answer_content']));
  if (typeof query.keyword === 'string') {
    const matches = keywordCondition(member.search_text, query.keyword);
    if (matches) {
      conditions.push(
        inArray(
          cm.member_id,
          db
            .select({ id: member.id })
            .from(member)
            .where(and(eq(member.cci_code, cciCode), matches)),
        ),
      );
    }
  }
  if (typeof query.parent_conference_id === 'number') {
    const parent = query.parent_conference_id;
    const family = db
      .select({ id: conference.id })
      .from(conference)
      .where(and(eq(conference.cci_code, cciCode), or(eq(conference.id, parent), eq(conference.parent_id, parent))));
    conditions.push(inArray(cm.conference_id, family));
  }
  return conditions;
}

/** Adds `member`, `company` and/or `recorder` (expand=...) to a page of rows: a look-up each, not a join per row. */
async function withExpansions(
  db: Executor,
  items: Array<Partial<ConferenceMember>>,
  rows: Row[],
  expand: string | undefined,
): Promise<Array<Partial<ConferenceMember>>> {
  const wanted = new Set(expand?.split(',') ?? []);
  if (wanted.size === 0 || rows.length === 0) return items;
  const memberIds = [...new Set(rows.map((r) => r.member_id))];
  const companyIds = [...new Set(rows.map((r) => r.company_id))];
  const recorders = [...new Set(rows.flatMap((r) => (r.answered_by ? [r.answered_by] : [])))];
  const [members, companies, recorderNames] = await Promise.all([
    wanted.has('member')
      ? db
          .select({ id: member.id, name: member.name, name_kana: member.name_kana, title: member.title })
          .from(member)
          .where(inArray(member.id, memberIds))
      : [],
    wanted.has('company')
      ? db
          .select({ id: company.id, company_code: company.company_code, name1: company.name1 })
          .from(company)
          .where(inArray(company.id, companyIds))
      : [],
    wanted.has('recorder') && recorders.length > 0
      ? db
          .select({
            username: users.username,
            name: sql<string>`coalesce(${users.display_name}, ${users.email}, ${users.username})`,
          })
          .from(users)
          // the chamber's own users only (its staff and its companies' admins)
          .where(and(eq(users.cci_code, rows[0].cci_code), inArray(users.username, recorders)))
      : [],
  ]);
  const recorderName = new Map(recorderNames.map(({ username, name }) => [username, name]));
  // a user since deleted (or a system actor) is named by the username the row keeps
  const recorderOf = (row: Row) => (row.answered_by ? { name: recorderName.get(row.answered_by) ?? row.answered_by } : null);
  const memberById = new Map(members.map(({ id, ...m }) => [id, m]));
  const companyById = new Map(companies.map(({ id, company_code, name1 }) => [id, { company_code, name1: name1 ?? '' }]));
  return items.map((item, i) => ({
    ...item,
    ...(wanted.has('member') ? { member: memberById.get(rows[i].member_id) } : {}),
    ...(wanted.has('company') ? { company: companyById.get(rows[i].company_id) } : {}),
    ...(wanted.has('recorder') ? { recorder: recorderOf(rows[i]) } : {}),
  }));
}

async function listWith(db: Db, spec: ListSpec, query: Record<string, unknown>, base: Array<SQL | undefined>) {
  const rows: Row[] = [];
  const page = await runList(db, cm, planList(spec, query, base), (row: Row) => {
    rows.push(row);
    return toConferenceMember(row);
  });
  return { ...page, data: await withExpansions(db, page.data, rows, query.expand as string | undefined) };
}

const alreadyInvited = (memberIds: number[]) =>
  new Problem(409, 'already_invited', 'この会議には既に招待されている会員が含まれています。', [], { member_ids: memberIds });

const memberNotFound = (memberIds: number[]) =>
  new Problem(404, 'not_found', '指定された会員が見つかりません。', [], { member_ids: memberIds });

/** The conference of an invite, locked against concurrent invites (sort numbering) but not against FK checks. */
async function lockConference(tx: Executor, cciCode: string, id: number) {
  const [found] = await tx
    .select({ id: conference.id, event_date: conference.event_date, parent_id: conference.parent_id })
    .from(conference)
    .where(and(eq(conference.cci_code, cciCode), eq(conference.id, id)))
    .for('no key update');
  if (!found) throw notFound('指定された会議が見つかりません。');
  return found;
}

/** The members named by an explicit invite, in the order given; 404 naming any not in the chamber. */
async function explicitCandidates(tx: Executor, cciCode: string, conferenceId: number, ids: number[]) {
  const found = await tx
    .select({ id: member.id, company_id: member.company_id })
    .from(member)
    .where(and(eq(member.cci_code, cciCode), inArray(member.id, ids)));
  const byId = new Map(found.map((m) => [m.id, m]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw memberNotFound(missing);
  const invited = await invitedAmong(tx, conferenceId, ids);
  if (invited.size > 0) throw alreadyInvited(ids.filter((id) => invited.has(id)));
  return ids.map((id) => byId.get(id)!);
}

async function invitedAmong(tx: Executor, conferenceId: number, memberIds: number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await tx
    .select({ member_id: cm.member_id })
    .from(cm)
    .where(and(eq(cm.conference_id, conferenceId), inArray(cm.member_id, memberIds)));
  return new Set(rows.map((r) => r.member_id));
}

/**
 * The parent conference's invitees in its seat order, with their category (the `parent` invite
 * form); 422 for a conference that is not a sub-conference.
 */
async function parentInvitees(tx: Executor, parentId: number | null) {
  if (parentId === null) {
    throw new Problem(422, 'not_sub_conference', 'この会議は子会議ではないため、親会議の招待者をコピーできません。', [
      { field: 'body.conference_id', code: 'not_sub_conference', message: '子会議ではありません' },
    ]);
  }
  return tx
    .select({ id: cm.member_id, company_id: cm.company_id, category: cm.category })
    .from(cm)
    .where(eq(cm.conference_id, parentId))
    .orderBy(asc(cm.sort), asc(cm.id));
}

/**
 * The row a PUT changes, locked. With a `sort`, every invitee of its conference is locked too
 * (seat-order.ts) and, when the `sort` is a move, the new sort of each: the row takes place N and
 * the ones between shift by one. The moved row's version is checked once it is locked (409); the
 * others' are not needed (place N is absolute, so a move made meanwhile by someone else still holds).
 */
async function lockForUpdate(
  tx: Executor,
  cciCode: string,
  id: number,
  input: ConferenceMemberUpdate,
): Promise<{ current: Row; others: Row[]; sorts: Map<number, number> | undefined }> {
  const [seen] = await tx
    .select({ conference_id: cm.conference_id })
    .from(cm)
    .where(and(eq(cm.cci_code, cciCode), eq(cm.id, id)));
  if (!seen) throw notFound();
  const rows =
    input.sort === undefined
      ? await tx
          .select()
          .from(cm)
          .where(and(eq(cm.cci_code, cciCode), eq(cm.id, id)))
          .for('update')
      : await lockSeatOrder(tx, cciCode, seen.conference_id);
  const current = rows.find((r) => r.id === id);
  if (!current) throw notFound();
  if (current.version !== input.version) throw versionConflict(current.version);
  if (input.sort === undefined) return { current, others: [], sorts: undefined };
  const ordered = inProtocolOrder(rows);
  if (!isMove(ordered, id, input.sort)) return { current, others: [], sorts: undefined };
  if (input.sort < 1 || input.sort > ordered.length) throw sortOutOfRange(ordered.length);
  return { current, others: rows, sorts: movedSorts(ordered, id, input.sort) };
}

export interface ConferenceMembersRepository {
  list(cciCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<ConferenceMember>>>;
  listForCompany(
    cciCode: string,
    companyId: number,
    query: Record<string, unknown>,
  ): Promise<ListResult<Partial<ConferenceMember>>>;
  invite(cciCode: string, actor: string, input: Invite): Promise<InviteResult>;
  /**
   * Versioned; answer fields by staff are recorded as answered by `actor`. A `sort` N moves the row
   * to place N of its conference (1..n, else 422): the rows between shift by one, the order comes out
   * dense, in one transaction, every changed row's version bumped and audited.
   */
  update(cciCode: string, id: number, actor: string, input: ConferenceMemberUpdate): Promise<ConferenceMember>;
  /** All the ids in the caller's chamber, or 404 and nothing removed. */
  remove(cciCode: string, actor: string, ids: number[]): Promise<number[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    conferenceMembers: ConferenceMembersRepository;
  }
}

/**
 * A voter of any poll (or the delegate who carried a vote) is part of the record of that vote
 * (DESIGN.md §12.1, decision 0026): deleting them would change a closed tally. 409 `member_voted`.
 */
async function refuseVoters(tx: Executor, ids: number[]): Promise<void> {
  const list = `{${ids.join(',')}}`; // a PostgreSQL array literal of the (integer) ids
  const { rows } = (await tx.execute(sql`
    select distinct id from (
      select conference_member_id as id from poll_voter where conference_member_id = any(${list}::int[])
      union all
      select delegate_to from poll_voter where delegate_to = any(${list}::int[])) v order by id`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  if (rows.length > 0) {
    throw new Problem(409, 'member_voted', '採決の投票者になった出席者は、採決の記録のため削除できません。', [], {
      conference_member_ids: rows.map((r) => r.id),
    });
  }
}

export default fp(
  async (app) => {
    const db = app.db;
    const repository: ConferenceMembersRepository = {
      list(cciCode, query) {
        return listWith(db, CHAMBER_LIST, query, [eq(cm.cci_code, cciCode), ...extraConditions(db, cciCode, query)]);
      },

      listForCompany(cciCode, companyId, query) {
        const visible = sql`exists (select 1 from conference c where c.id = ${cm.conference_id} and ${notUnderDraft('c')})`;
        return listWith(db, COMPANY_LIST, query, [
          eq(cm.cci_code, cciCode),
          eq(cm.company_id, companyId),
          visible,
          ...extraConditions(db, cciCode, query),
        ]);
      },

      async invite(cciCode, actor, input) {
        try {
          return await db.transaction(async (tx) => {
            const target = await lockConference(tx, cciCode, input.conference_id);
            let candidates: InviteeCandidate[];
            let skipped: number[] = [];
            if (input.mode === 'rule' || input.mode === 'parent') {
              const matching =
                input.mode === 'rule'
                  ? await membersMatchingRule(tx, cciCode, target.event_date, input.rule)
                  : await parentInvitees(tx, target.parent_id);
              const invited = await invitedAmong(
                tx,
                target.id,
                matching.map((m) => m.id),
              );
              candidates = matching.filter((m) => !invited.has(m.id));
              skipped = matching.filter((m) => invited.has(m.id)).map((m) => m.id);
            } else {
              const ids = input.mode === 'one' ? [input.member_id] : input.member_ids;
              candidates = await explicitCandidates(tx, cciCode, target.id, ids);
            }
            if (candidates.length === 0) return { created: [], skipped };

            const rows = await insertInvitees(
              tx,
              { cciCode, conferenceId: target.id, actor, category: input.category },
              candidates,
            );
            const created = rows.map(toConferenceMember);
            await companiesInvited(tx, app.mailQueue, target.id, rows, actor);
            return { created, skipped };
          });
        } catch (err) {
          // a concurrent invite of the same person that slipped past the check
          if (uniqueViolation(err) !== null) throw alreadyInvited([]);
          throw err;
        }
      },

      async update(cciCode, id, actor, input) {
        return db.transaction(async (tx) => {
          const { current, others, sorts } = await lockForUpdate(tx, cciCode, id, input);

          const answerGiven =
            input.answer_content !== undefined ||
            input.proxy_name !== undefined ||
            input.proxy_title !== undefined ||
            input.delegate_to !== undefined;
          const next = answerFieldsOf(
            input.answer_content !== undefined ? input.answer_content : current.answer_content,
            input.proxy_name !== undefined ? input.proxy_name : current.proxy_name,
            input.proxy_title !== undefined ? input.proxy_title : current.proxy_title,
            input.delegate_to !== undefined ? input.delegate_to : current.delegate_to,
          );
          const delegation = [
            {
              id,
              conference_id: current.conference_id,
              delegate_to: next.delegate_to,
              delegates: next.answer_content === 'delegate',
              at: 'body',
            },
          ];
          const answerChanged = answerGiven && !sameAnswer(current, next);
          const now = new Date();
          let receipt;
          if (answerGiven || hasReceiptFields(input)) {
            requireProxyDetails(next, 'body');
            const [target] = await tx
              .select({
                allow_delegate: conference.allow_delegate,
                status: conference.status,
                answer_deadline: conference.answer_deadline,
                created_at: conference.created_at,
              })
              .from(conference)
              .where(eq(conference.id, current.conference_id));
            requireAnswerable(target);
            requireDelegateAllowed(next, target, 'body.answer_content');
            if (answerChanged) await checkDelegateTargets(tx, delegation);
            receipt = staffReceipt(input, current, next, answerChanged, target, now);
          }
          const [row] = await tx
            .update(cm)
            .set({
              category: input.category ?? current.category,
              sort: sorts?.get(id) ?? current.sort,
              ...(answerChanged ? { ...next, answered_at: now, answered_by: actor } : {}),
              ...receipt,
              version: current.version + 1,
              updated_at: now,
              updated_by: actor,
            })
            .where(eq(cm.id, id))
            .returning();
          if (answerChanged) await refuseDelegationChains(tx, delegation);
          const updated = toConferenceMember(row);
          const audits = [
            {
              cciCode,
              actor,
              action: 'update',
              entity: ENTITY,
              entityId: id,
              before: toConferenceMember(current),
              after: updated,
            },
          ];
          if (sorts) {
            // the invitees between the old place and the new one shift by one
            for (const { before, after } of await shiftOthers(tx, others, sorts, id, actor, now)) {
              audits.push({
                cciCode,
                actor,
                action: 'update',
                entity: ENTITY,
                entityId: before.id,
                before: toConferenceMember(before),
                after: toConferenceMember(after),
              });
            }
          }
          await auditAll(tx, audits);
          if (answerChanged) await refreshSummaries(tx, cciCode, [row], actor, { at: now, by: actor });
          if (answerChanged) await answersRecorded(tx, app.mailQueue, chamberAnswerSource(row, actor, now));
          return updated;
        });
      },

      async remove(cciCode, actor, ids) {
        return db.transaction(async (tx) => {
          const rows = await tx
            .select()
            .from(cm)
            .where(and(eq(cm.cci_code, cciCode), inArray(cm.id, ids)))
            .orderBy(asc(cm.id))
            .for('update');
          if (rows.length !== ids.length) throw notFound();
          await refuseVoters(tx, ids);
          await tx.delete(cm).where(inArray(cm.id, ids));
          await auditAll(
            tx,
            rows.map((row) => ({
              cciCode,
              actor,
              action: 'delete',
              entity: ENTITY,
              entityId: row.id,
              before: toConferenceMember(row),
            })),
          );
          await refreshSummaries(tx, cciCode, rows, actor);
          await recheckRoomViewers(tx, [...new Set(rows.map((r) => r.conference_id))]);
          return rows.map((r) => r.id);
        });
      },
    };
    app.decorate('conferenceMembers', repository);
  },
  { name: 'conference-members-repository', dependencies: ['database'] },
);
