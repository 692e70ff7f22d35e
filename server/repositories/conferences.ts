import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { and, asc, eq, exists, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { CONFERENCE_STATUSES, POSITION_TYPES, conference, conference_member, conference_template } from '../db/schema.ts';
import { SEARCH_VARIANTS_FROM, SEARCH_VARIANTS_TO } from '../../access/itaiji.ts';
import { searchTerms } from '../db/normalize.ts';
import type {
  Conference,
  ConferenceCreate,
  ConferenceDetail,
  ConferenceUpdate,
  ConferenceWriteResult,
  ResetSortResult,
} from '../schemas/conference.ts';
import { ConferenceStatusSchema, Day } from '../schemas/conference.ts';
import { listQuerySchema, planList, runList, type ListResult, type ListSpec } from '../lib/list-query.ts';
import { audit, type Executor } from '../lib/audit.ts';
import { versionConflict } from '../lib/db-errors.ts';
import {
  canChangeStatus,
  invalidStatusTransition,
  isReopening,
  requireFutureDeadline,
  requireReopenDeadline,
} from '../lib/conference-rules.ts';
import { jstDayOf, jstDayStart, jstNextDayStart } from '../lib/conference-dates.ts';
import { assertConferenceTimes, resolveCreate, type ResolvedConference } from '../lib/conference-template-defaults.ts';
import { Problem, notFound } from '../lib/problem.ts';
import { assertUploaded, createAttachmentLists } from '../lib/attachment-keys.ts';
import type { Db } from '../db/client.ts';
import { recheckRoomViewers } from './room-db.ts';
import { conferenceSaved, previewMail } from '../lib/mail/conference-mail.ts';
import { subConferenceWarnings } from './conference-warnings.ts';
import { inviteByTemplateRules } from './conference-invitees.ts';
import { templateInviteeRules } from '../lib/template-invitee-rules.ts';
import { announceQuorum, assertQuorumFractions, sameQuorum } from './conference-quorum.ts';
import { insertMotion } from './motions.ts';

type ConferenceRow = typeof conference.$inferSelect;

const statusIn = `^(${CONFERENCE_STATUSES.join('|')})(,(${CONFERENCE_STATUSES.join('|')}))*$`;

/**
 * spec §3 admin filters. `event_date__gte/__lte` are Asia/Tokyo calendar days, both inclusive
 * (`__lte=2025-06-30` keeps a conference at 2025-06-30 18:00 JST). `only_sub_conferences=true`
 * keeps sub-conferences only; false or absent: no restriction. `member_id`: conferences that member
 * is invited to. `keyword`: every term in the name or place (normalised like search_text).
 */
export const CONFERENCE_LIST: ListSpec = {
  id: conference.id,
  sortable: {
    event_date: conference.event_date,
    name: conference.name,
    status: conference.status,
    answer_deadline: conference.answer_deadline,
  },
  defaultSort: ['-event_date'],
  filters: { parent_id: { column: conference.parent_id, type: 'integer', ops: ['eq'] } },
  keyword: (keyword) => conferenceKeyword(keyword),
  fields: [
    'id',
    'cci_code',
    'parent_id',
    'template_id',
    'name',
    'event_date',
    'end_at',
    'place',
    'answer_deadline',
    'status',
    'description',
    'allow_delegate',
    'attachments',
    'reminder_days',
    'quorum',
    'version',
    'created_at',
    'updated_at',
  ],
  extra: {
    member_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    only_sub_conferences: Type.Boolean(),
    event_date__gte: Day,
    event_date__lte: Day,
    status: ConferenceStatusSchema,
    status__in: Type.String({ pattern: statusIn, maxLength: 100 }),
  },
};
export const ConferenceListQuery = listQuerySchema(CONFERENCE_LIST);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toConference(row: ConferenceRow): Conference {
  return {
    id: row.id,
    cci_code: row.cci_code,
    parent_id: row.parent_id,
    template_id: row.template_id,
    name: row.name,
    event_date: row.event_date.toISOString(),
    end_at: iso(row.end_at),
    place: row.place,
    answer_deadline: iso(row.answer_deadline),
    status: row.status,
    description: row.description,
    allow_delegate: row.allow_delegate,
    attachments: row.attachments,
    reminder_days: row.reminder_days,
    quorum: row.quorum,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

// 異体字, katakana → hiragana and dash look-alikes → '-', as normalizeSearchText does (server/db/normalize.ts).
const KATAKANA = Array.from({ length: 0x30f6 - 0x30a1 + 1 }, (_, i) => String.fromCharCode(0x30a1 + i)).join('');
const HIRAGANA = Array.from({ length: KATAKANA.length }, (_, i) => String.fromCharCode(0x3041 + i)).join('');
const DASHES = '\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63';

/**
 * Conferences have no search_text column: a chamber holds few of them (DESIGN.md §9: 10 k
 * nationally), so the name and place are normalised in the query and scanned with LIKE.
 */
export function conferenceKeyword(keyword: string): SQL | undefined {
  const terms = searchTerms(keyword);
  if (terms.length === 0) return undefined;
  const nfkc = sql`normalize(${conference.name} || ' ' || coalesce(${conference.place}, ''), NFKC)`;
  const folded = sql`translate(${nfkc}, ${SEARCH_VARIANTS_FROM}, ${SEARCH_VARIANTS_TO})`;
  const text = sql`translate(lower(${folded}), ${KATAKANA + DASHES}, ${HIRAGANA + '-'.repeat(DASHES.length)})`;
  return and(...terms.map((term) => sql`${text} like ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`));
}

/** Asia/Tokyo day bounds on event_date, both inclusive (spec §3). */
export function eventDayConditions(query: Record<string, unknown>): SQL[] {
  const conditions: SQL[] = [];
  if (typeof query.event_date__gte === 'string') conditions.push(gte(conference.event_date, jstDayStart(query.event_date__gte)));
  if (typeof query.event_date__lte === 'string')
    conditions.push(lt(conference.event_date, jstNextDayStart(query.event_date__lte)));
  return conditions;
}

function listConditions(db: Db, cciCode: string, query: Record<string, unknown>): Array<SQL | undefined> {
  const { member_id, only_sub_conferences, status, status__in } = query;
  return [
    eq(conference.cci_code, cciCode),
    typeof member_id === 'number'
      ? exists(
          db
            .select({ one: sql`1` })
            .from(conference_member)
            .where(and(eq(conference_member.conference_id, conference.id), eq(conference_member.member_id, member_id))),
        )
      : undefined,
    only_sub_conferences === true ? isNotNull(conference.parent_id) : undefined,
    typeof status === 'string' ? eq(conference.status, status as ConferenceRow['status']) : undefined,
    typeof status__in === 'string' ? inArray(conference.status, status__in.split(',') as ConferenceRow['status'][]) : undefined,
    ...eventDayConditions(query),
  ];
}

const invalidReference = (field: string, code: string, detail: string) =>
  new Problem(400, code, detail, [{ field: `body.${field}`, code, message: detail }]);

export interface ConferencesRepository {
  list(cciCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<Conference>>>;
  findDetail(cciCode: string, id: number): Promise<ConferenceDetail | null>;
  /** With `warnings` (conference-warnings.ts). */
  create(cciCode: string, actor: string, input: ConferenceCreate): Promise<ConferenceWriteResult>;
  /**
   * Versioned partial update. A status change of a parent is applied to those of its
   * sub-conferences for which the same change is allowed, so a 懇親会 follows its 総会; reopening
   * (closed → published) takes the closed sub-conferences along. With `warnings`.
   */
  update(cciCode: string, id: number, actor: string, input: ConferenceUpdate): Promise<ConferenceWriteResult>;
  /** Recomputes conference_member.sort (protocol order, DESIGN.md §4). */
  resetSortMembers(cciCode: string, id: number, actor: string): Promise<ResetSortResult>;
  /** What saving `changes` would mail, to how many companies, without writing (404 for another chamber's). */
  mailPreview(cciCode: string, id: number, changes: Parameters<typeof previewMail>[2]): ReturnType<typeof previewMail>;
}

declare module 'fastify' {
  interface FastifyInstance {
    conferences: ConferencesRepository;
  }
}

async function subConferencesOf(tx: Executor, id: number): Promise<Conference[]> {
  const rows = await tx
    .select()
    .from(conference)
    .where(eq(conference.parent_id, id))
    .orderBy(asc(conference.event_date), asc(conference.id));
  return rows.map(toConference);
}

async function insertConference(
  tx: Executor,
  values: ResolvedConference & {
    cci_code: string;
    parent_id: number | null;
    template_id: number | null;
    status: string;
    reminder_days?: number[];
    quorum: ConferenceRow['quorum'];
  },
  actor: string,
): Promise<Conference> {
  const [row] = await tx
    .insert(conference)
    .values({ ...values, status: values.status as ConferenceRow['status'], created_by: actor, updated_by: actor })
    .returning();
  const created = toConference(row);
  await audit(tx, { cciCode: values.cci_code, actor, action: 'create', entity: 'conference', entityId: row.id, after: created });
  return created;
}

export default fp(
  async (app) => {
    const db = app.db;
    const repository: ConferencesRepository = {
      async mailPreview(cciCode, id, changes) {
        const [current] = await db
          .select()
          .from(conference)
          .where(and(eq(conference.cci_code, cciCode), eq(conference.id, id)));
        if (!current) throw notFound();
        return previewMail(db, current, changes);
      },
      list(cciCode, query) {
        return runList(db, conference, planList(CONFERENCE_LIST, query, listConditions(db, cciCode, query)), toConference);
      },

      async findDetail(cciCode, id) {
        const [row] = await db
          .select()
          .from(conference)
          .where(and(eq(conference.cci_code, cciCode), eq(conference.id, id)))
          .limit(1);
        return row ? { ...toConference(row), sub_conferences: await subConferencesOf(db, id) } : null;
      },

      create(cciCode, actor, input) {
        return db.transaction(async (tx) => {
          if (input.parent_id !== undefined) {
            const [parent] = await tx
              .select({ parent_id: conference.parent_id, status: conference.status })
              .from(conference)
              .where(and(eq(conference.cci_code, cciCode), eq(conference.id, input.parent_id)))
              .for('share');
            if (!parent) throw invalidReference('parent_id', 'parent_not_found', '親会議が見つかりません。');
            // Cancelling a parent cancels its sub-conferences (cascadeStatus); one created afterwards
            // would be an answerable meeting under a cancelled one.
            if (parent.status === 'cancelled') {
              throw new Problem(422, 'parent_cancelled', '中止された会議の下に子会議は作成できません。', [
                { field: 'body.parent_id', code: 'parent_cancelled', message: '親会議は中止されています' },
              ]);
            }
            // one level only (DESIGN.md §4): a 懇親会 belongs to a 総会, never to another sub-conference
            if (parent.parent_id !== null) {
              throw invalidReference('parent_id', 'parent_is_sub_conference', '子会議の下に子会議は作成できません。');
            }
            if (input.sub_conferences) {
              throw invalidReference('sub_conferences', 'nested_sub_conferences', '子会議の下に子会議は作成できません。');
            }
          }
          let template = null;
          if (input.template_id !== undefined) {
            [template] = await tx
              .select({ name: conference_template.name, default_body: conference_template.default_body })
              .from(conference_template)
              .where(and(eq(conference_template.cci_code, cciCode), eq(conference_template.id, input.template_id)));
            if (!template) throw invalidReference('template_id', 'template_not_found', '会議テンプレートが見つかりません。');
          }
          await assertUploaded(tx, cciCode, createAttachmentLists(input));
          assertQuorumFractions([
            [input.quorum, 'body'],
            ...(input.sub_conferences ?? []).map((sub, i) => [sub.quorum, `body.sub_conferences.${i}`] as const),
          ]);
          const { parent, subs } = resolveCreate(input, template ?? null, input.parent_id === undefined);
          const status = input.status ?? 'draft';
          if (status === 'published') {
            const now = new Date();
            requireFutureDeadline(parent.answer_deadline, now, input.allow_past_deadline, 'body.answer_deadline');
            subs.forEach((sub, i) =>
              requireFutureDeadline(
                sub.answer_deadline,
                now,
                input.allow_past_deadline,
                `body.sub_conferences.${i}.answer_deadline`,
              ),
            );
          }
          const template_id = input.template_id ?? null;
          const reminder_days = reminderDays(input.reminder_days);
          const created = await insertConference(
            tx,
            {
              ...parent,
              cci_code: cciCode,
              parent_id: input.parent_id ?? null,
              template_id,
              status,
              reminder_days,
              quorum: input.quorum ?? null,
            },
            actor,
          );
          const rules = templateInviteeRules(
            template?.default_body ?? null,
            input.sub_conferences?.map((sub) => sub.name),
            subs.length,
          );
          const targets = [{ conference: created, rules: rules.parent }];
          const children: Conference[] = [];
          for (const [i, sub] of subs.entries()) {
            // a sub-conference reminds on its own days if given, else on its parent's
            const days = reminderDays(input.sub_conferences?.[i]?.reminder_days) ?? reminder_days;
            children.push(
              await insertConference(
                tx,
                {
                  ...sub,
                  cci_code: cciCode,
                  parent_id: created.id,
                  template_id,
                  status,
                  reminder_days: days,
                  quorum: input.sub_conferences?.[i]?.quorum ?? null,
                },
                actor,
              ),
            );
          }
          // the template's 議案 become drafts of the conference made from it (DESIGN.md §12.1)
          for (const draft of template?.default_body.motions ?? []) {
            await insertMotion(tx, { cciCode, username: actor }, created.id, draft);
          }
          children.forEach((child, i) => targets.push({ conference: child, rules: rules.subs[i] }));
          children.sort((a, b) => a.event_date.localeCompare(b.event_date) || a.id - b.id);
          // invited before the mail: publishing now invites these companies at once
          const invited = template ? await inviteByTemplateRules(tx, cciCode, actor, targets) : undefined;
          await conferenceSaved(tx, app.mailQueue, null, created.id, actor);
          const warnings = await subConferenceWarnings(tx, input.parent_id ?? created.id);
          return { ...created, sub_conferences: children, warnings, ...(invited ? { invited } : {}) };
        });
      },

      update(cciCode, id, actor, input) {
        return db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(conference)
            .where(and(eq(conference.cci_code, cciCode), eq(conference.id, id)))
            .for('update');
          if (!current) throw notFound();
          if (current.version !== input.version) throw versionConflict(current.version);
          await assertUploaded(tx, cciCode, [[input.attachments, 'body']], current.attachments);
          assertQuorumFractions([[input.quorum, 'body']]);
          const status = input.status ?? current.status;
          if (status !== current.status && !canChangeStatus(current.status, status)) {
            throw invalidStatusTransition(current.status, status);
          }
          const reopening = isReopening(current.status, status);
          const next = {
            name: input.name ?? current.name,
            event_date: input.event_date !== undefined ? new Date(input.event_date) : current.event_date,
            end_at: input.end_at !== undefined ? (input.end_at === null ? null : new Date(input.end_at)) : current.end_at,
            place: input.place !== undefined ? input.place : current.place,
            answer_deadline:
              input.answer_deadline !== undefined
                ? input.answer_deadline === null
                  ? null
                  : new Date(input.answer_deadline)
                : current.answer_deadline,
            description: input.description !== undefined ? input.description : current.description,
            allow_delegate: input.allow_delegate ?? current.allow_delegate,
            attachments: input.attachments ?? current.attachments,
            reminder_days: reminderDays(input.reminder_days) ?? current.reminder_days,
            quorum: input.quorum !== undefined ? input.quorum : current.quorum,
          };
          assertConferenceTimes([[next, 'body']]);
          const now = new Date();
          if (reopening) requireReopenDeadline(next.answer_deadline, now);
          else if (current.status === 'draft' && status === 'published') {
            requireFutureDeadline(next.answer_deadline, now, input.allow_past_deadline, 'body.answer_deadline');
          }
          const [row] = await tx
            .update(conference)
            .set({ ...next, status, version: current.version + 1, updated_at: now, updated_by: actor })
            .where(eq(conference.id, id))
            .returning();
          const updated = toConference(row);
          await audit(tx, {
            cciCode,
            actor,
            // 回答受付を再開 is its own entry in the audit log (DESIGN.md §11.2)
            action: reopening ? 'reopen' : 'update',
            entity: 'conference',
            entityId: id,
            before: toConference(current),
            after: updated,
          });
          if (status !== current.status && current.parent_id === null) {
            await cascadeStatus(tx, cciCode, id, status, actor, {
              reopenedUntil: reopening ? next.answer_deadline : null,
              allowPastDeadline: input.allow_past_deadline,
            });
          }
          if (status !== current.status) await recheckRoomViewers(tx, [id]);
          if (!sameQuorum(current.quorum, next.quorum)) await announceQuorum(tx, id);
          await conferenceSaved(tx, app.mailQueue, current, id, actor);
          const warnings = await subConferenceWarnings(tx, current.parent_id ?? id);
          return { ...updated, sub_conferences: await subConferencesOf(tx, id), warnings };
        });
      },

      resetSortMembers(cciCode, id, actor) {
        return db.transaction(async (tx) => {
          const [current] = await tx
            .select({ event_date: conference.event_date })
            .from(conference)
            .where(and(eq(conference.cci_code, cciCode), eq(conference.id, id)))
            .for('update');
          if (!current) throw notFound();
          const ordered = await protocolOrder(tx, id, jstDayOf(current.event_date));
          const changed = ordered.filter((r) => r.sort !== r.new_sort);
          if (changed.length > 0) {
            await tx.execute(sql`
              update conference_member cm
                 set sort = v.sort, version = cm.version + 1, updated_at = now(), updated_by = ${actor}
                from unnest(${sql.param(changed.map((r) => r.id))}::int[], ${sql.param(changed.map((r) => r.new_sort))}::int[]) as v(id, sort)
               where cm.id = v.id and cm.conference_id = ${id}`);
            await audit(tx, {
              cciCode,
              actor,
              action: 'reset_sort_members',
              entity: 'conference',
              entityId: id,
              before: changed.map((r) => ({ id: r.id, sort: r.sort })),
              after: changed.map((r) => ({ id: r.id, sort: r.new_sort })),
            });
          }
          return {
            updated: changed.length,
            data: ordered.map((r) => ({ id: r.id, member_id: r.member_id, company_id: r.company_id, sort: r.new_sort })),
          };
        });
      },
    };
    app.decorate('conferences', repository);
  },
  { name: 'conferences-repository', dependencies: ['database'] },
);

/** `reminder_days` as stored: highest first (the order reminders go out); undefined stays undefined. */
const reminderDays = (days: number[] | undefined) => days && [...days].sort((a, b) => b - a);

/**
 * A parent's status change applied to its sub-conferences where allowed. Reopening (`reopenedUntil`:
 * the parent's new deadline) reopens the sub-conferences closed with it, and one whose own deadline
 * has passed takes the parent's, so that companies can answer it again too.
 */
async function cascadeStatus(
  tx: Executor,
  cciCode: string,
  parentId: number,
  status: ConferenceRow['status'],
  actor: string,
  { reopenedUntil, allowPastDeadline }: { reopenedUntil: Date | null; allowPastDeadline: boolean | undefined },
) {
  const children = await tx.select().from(conference).where(eq(conference.parent_id, parentId)).for('update');
  const now = new Date();
  // reopening takes along only those closed with the parent, never a draft one
  const following = children.filter(
    (c) => canChangeStatus(c.status, status) && (reopenedUntil === null || c.status === 'closed'),
  );
  for (const child of following) {
    // a draft sub-conference published with its parent: its own deadline must not be past either
    if (child.status === 'draft' && status === 'published') {
      requireFutureDeadline(child.answer_deadline, now, allowPastDeadline, 'body.answer_deadline');
    }
    const extend = reopenedUntil !== null && child.answer_deadline !== null && child.answer_deadline.getTime() <= now.getTime();
    const [row] = await tx
      .update(conference)
      .set({
        status,
        ...(extend ? { answer_deadline: reopenedUntil } : {}),
        version: child.version + 1,
        updated_at: now,
        updated_by: actor,
      })
      .where(eq(conference.id, child.id))
      .returning();
    await audit(tx, {
      cciCode,
      actor,
      action: reopenedUntil !== null ? 'reopen' : 'update',
      entity: 'conference',
      entityId: child.id,
      before: toConference(child),
      after: toConference(row),
    });
  }
}

type OrderedMember = { id: number; member_id: number; company_id: number; sort: number; new_sort: number };

/**
 * Protocol order (DESIGN.md §4, issue 3): the member's best position held on the event day, then
 * kana in 五十音順 (ja-x-icu), then member id; members without such a position come last.
 * "Best" is the smallest (position type, rank): ranks are numbered within a position type (a
 * 部会長 is rank 1 of its 部会 as the 会頭 is of the 役員), so types are compared first, in the
 * spec §3 order of POSITION_TYPES (役員 first). Positions count when start_at ≤ event day ≤ end_at
 * (open ends allowed).
 */
async function protocolOrder(tx: Executor, conferenceId: number, eventDay: string): Promise<OrderedMember[]> {
  const result = await tx.execute<OrderedMember>(sql`
    select cm.id, cm.member_id, cm.company_id, cm.sort,
           (row_number() over (
             order by best.type_order asc nulls last, best.rank asc nulls last,
                      m.name_kana collate "ja-x-icu" asc nulls last, m.id asc, cm.id asc
           ))::int as new_sort
      from conference_member cm
      join member m on m.id = cm.member_id
      left join lateral (
        select array_position(${sql.param([...POSITION_TYPES])}::text[], p.position_type) as type_order, p.rank
          from position p
         where p.member_id = m.id
           and (p.start_at is null or p.start_at <= ${eventDay}::date)
           and (p.end_at is null or p.end_at >= ${eventDay}::date)
         order by type_order, p.rank
         limit 1
      ) best on true
     where cm.conference_id = ${conferenceId}
     order by new_sort`);
  return result.rows;
}
