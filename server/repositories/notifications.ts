/**
 * The outbox as staff see it (送信履歴), staff-written messages and resends (DESIGN.md §11.2).
 * Tenant: the caller's chamber; another chamber's conference or row is a 404.
 */
import fp from 'fastify-plugin';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { company, conference, notification } from '../db/schema.ts';
import { Type, type Static } from 'typebox';
import {
  NotificationKindSchema,
  NotificationSchema,
  NotificationStatusSchema,
  type ManualNotification,
  type ManualNotificationResult,
  type Notification,
} from '../schemas/notification.ts';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, RowId } from '../schemas/common.ts';
import { pick } from '../lib/list-query.ts';
import { commonListQuery, namesOf } from '../lib/name-list.ts';
import { containsKeyword } from '../lib/masters-contains.ts';
import { auditAll } from '../lib/attendance-audit.ts';
import { audit, type Executor } from '../lib/audit.ts';
import { outboxRows, writeOutbox, type ConferenceRow, type NotificationRow } from '../lib/mail/outbox.ts';
import { companiesWithUnanswered } from '../lib/mail/recipients.ts';
import { renderNotification } from '../lib/mail/render.ts';
import { Problem, notFound } from '../lib/problem.ts';

const n = notification;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const SORTS: Record<string, SQL> = {
  '-created_at': desc(n.created_at),
  created_at: asc(n.created_at),
  scheduled_for: sql`${n.scheduled_for} asc nulls last`,
  '-scheduled_for': sql`${n.scheduled_for} desc nulls last`,
};

/**
 * Both lists' query (the per-conference list ignores conference_id: the path names it): the common
 * list parameters (spec §3; `keyword`: a substring of the subject or the recipients; sort default
 * newest first) and the filters. Built by hand, not from a ListSpec: sorting by scheduled_for keeps
 * the unscheduled last either way.
 */
export const NotificationListQuery = Type.Object(
  {
    ...commonListQuery({ sortable: ['created_at', 'scheduled_for'], fields: Object.keys(NotificationSchema.properties) }),
    conference_id: Type.Optional(RowId),
    company_id: Type.Optional(RowId),
    kind: Type.Optional(NotificationKindSchema),
    status: Type.Optional(NotificationStatusSchema),
  },
  { additionalProperties: false },
);
type NotificationListQueryType = Static<typeof NotificationListQuery>;

async function expanded(db: Executor, where: SQL | undefined, query: NotificationListQueryType) {
  const page = query.page ?? DEFAULT_PAGE;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  const rows = await db
    .select({ row: n, company_code: company.company_code, name1: company.name1, conference_name: conference.name })
    .from(n)
    .innerJoin(company, eq(company.id, n.company_id))
    .innerJoin(conference, eq(conference.id, n.conference_id))
    .where(where)
    .orderBy(...namesOf(query.sort ?? '-created_at').map((key) => SORTS[key]), desc(n.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(n).where(where);
  return {
    data: rows.map(({ row, company_code, name1, conference_name }): Notification => ({
      ...toNotification(row),
      company: { company_code, name1: name1 ?? '' },
      conference: { name: conference_name },
    })),
    meta: { page, page_size: pageSize, total },
  };
}

function toNotification(row: NotificationRow): Omit<Notification, 'company' | 'conference'> {
  return {
    id: row.id,
    conference_id: row.conference_id,
    company_id: row.company_id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    days_before: row.days_before,
    scheduled_for: iso(row.scheduled_for),
    attempts: row.attempts,
    sent_at: iso(row.sent_at),
    error: row.error,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
  };
}

const filters = (cciCode: string, q: NotificationListQueryType, conferenceId?: number) =>
  and(
    eq(n.cci_code, cciCode),
    conferenceId !== undefined || q.conference_id !== undefined
      ? eq(n.conference_id, conferenceId ?? q.conference_id!)
      : undefined,
    q.company_id !== undefined ? eq(n.company_id, q.company_id) : undefined,
    q.kind !== undefined ? eq(n.kind, q.kind) : undefined,
    q.status !== undefined ? eq(n.status, q.status) : undefined,
    q.keyword !== undefined ? containsKeyword([n.subject, n.to], q.keyword) : undefined,
  );

export interface NotificationsRepository {
  list(
    cciCode: string,
    query: NotificationListQueryType,
    conferenceId?: number,
  ): Promise<{ data: Array<Partial<Notification>>; meta: { page: number; page_size: number; total: number } }>;
  /** The conference in the caller's chamber, or null. */
  conferenceOf(cciCode: string, id: number): Promise<ConferenceRow | null>;
  /** `origin`: where the portal link of the preview points (the sent mail's comes from the mail worker) */
  sendManual(
    cciCode: string,
    actor: string,
    conferenceId: number,
    input: ManualNotification,
    origin: string,
  ): Promise<ManualNotificationResult>;
  /** A `failed` row back to `queued` with a new job; anything else is a 422 not_resendable. */
  resend(cciCode: string, actor: string, id: number): Promise<Notification>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsRepository;
  }
}

/** An outbox row as it would be stored, for the preview (renderNotification takes unsaved rows). */
function unsaved(values: typeof notification.$inferInsert): NotificationRow {
  const now = new Date();
  return {
    id: 0,
    to: null,
    payload: {},
    days_before: null,
    scheduled_for: null,
    attempts: 0,
    sent_at: null,
    error: null,
    message_id: null,
    created_at: now,
    created_by: 'system',
    updated_at: now,
    ...values,
  };
}

/** The recipients of a manual message: the chosen companies (each invited: else 422), or those with 未回答. */
async function recipientsOf(tx: Executor, target: ConferenceRow, input: ManualNotification): Promise<number[]> {
  const withSubs = target.parent_id === null;
  if (input.unanswered) return companiesWithUnanswered(tx, target.id, withSubs);
  const invited = new Set(
    (
      await tx.execute<{ company_id: number }>(sql`
        select distinct cm.company_id from conference_member cm join conference c on c.id = cm.conference_id
         where (c.id = ${target.id} or (${withSubs} and c.parent_id = ${target.id}))
           and cm.company_id = any(${sql.param(input.company_ids!)}::int[])`)
    ).rows.map((r) => Number(r.company_id)),
  );
  const strangers = input.company_ids!.map((id, i) => ({ id, i })).filter(({ id }) => !invited.has(id));
  if (strangers.length > 0) {
    throw new Problem(
      422,
      'company_not_invited',
      'この会議に招待されていない事業所が含まれています。',
      strangers.map(({ i }) => ({
        field: `body.company_ids.${i}`,
        code: 'company_not_invited',
        message: 'この会議に招待されていません',
      })),
    );
  }
  return input.company_ids!;
}

export default fp(
  async (app) => {
    const db = app.db;
    const repository: NotificationsRepository = {
      async list(cciCode, query, conferenceId) {
        const list = await expanded(db, filters(cciCode, query, conferenceId), query);
        if (query.fields === undefined) return list;
        const fields = namesOf(query.fields);
        return { ...list, data: list.data.map((item) => pick(item, fields)) };
      },

      async conferenceOf(cciCode, id) {
        const [row] = await db
          .select()
          .from(conference)
          .where(and(eq(conference.cci_code, cciCode), eq(conference.id, id)));
        return row ?? null;
      },

      sendManual(cciCode, actor, conferenceId, input, origin) {
        return db.transaction(async (tx) => {
          const [target] = await tx
            .select()
            .from(conference)
            .where(and(eq(conference.cci_code, cciCode), eq(conference.id, conferenceId)))
            .for('share');
          if (!target) throw notFound();
          // companies do not see a draft (company-visibility.ts): there is nothing to write about yet
          if (target.status === 'draft')
            throw new Problem(422, 'conference_draft', '下書きの会議についてはメールを送信できません。');
          const companyIds = await recipientsOf(tx, target, input);
          const message = { kind: 'manual' as const, companyIds, subject: input.subject, payload: { body: input.body } };
          const drafts = await outboxRows(tx, target, message, actor);
          const companies = companyIds.length
            ? await tx
                .select({ id: company.id, company_code: company.company_code, name1: company.name1 })
                .from(company)
                .where(inArray(company.id, companyIds))
            : [];
          const byId = new Map(companies.map((c) => [c.id, c]));
          const recipients = drafts.map((d) => ({
            company_id: d.company_id,
            company_code: byId.get(d.company_id)?.company_code ?? '',
            name1: byId.get(d.company_id)?.name1 ?? '',
            to: d.to ?? null,
          }));
          if (drafts.length === 0) throw new Problem(422, 'no_recipients', '未回答の事業所はありません。');
          const rendered = await renderNotification(tx, unsaved(drafts[0]), { origin });
          const preview = { subject: rendered.subject, text: rendered.text };
          if (input.preview) return { created: [], recipients, preview };
          const rows = await writeOutbox(tx, app.mailQueue, target, message, actor);
          await auditAll(
            tx,
            rows.map((row) => ({
              cciCode,
              actor,
              action: 'create',
              entity: 'notification',
              entityId: row.id,
              after: toNotification(row),
            })),
          );
          const created = await expanded(
            tx,
            inArray(
              n.id,
              rows.map((r) => r.id),
            ),
            { page: 1, page_size: rows.length, sort: 'created_at' },
          );
          return { created: created.data, recipients, preview };
        });
      },

      resend(cciCode, actor, id) {
        return db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(n)
            .where(and(eq(n.cci_code, cciCode), eq(n.id, id)))
            .for('update');
          if (!row) throw notFound();
          if (row.status !== 'failed') {
            throw new Problem(422, 'not_resendable', '送信に失敗したメールだけを再送できます。', [], {
              current_status: row.status,
            });
          }
          const [queued] = await tx
            .update(n)
            .set({ status: 'queued', error: null, updated_at: new Date() })
            .where(eq(n.id, id))
            .returning();
          await app.mailQueue.enqueue(tx, [id]);
          await audit(tx, {
            cciCode,
            actor,
            action: 'resend',
            entity: 'notification',
            entityId: id,
            before: toNotification(row),
            after: toNotification(queued),
          });
          return (await expanded(tx, eq(n.id, id), { page: 1, page_size: 1 })).data[0];
        });
      },
    };
    app.decorate('notifications', repository);
  },
  { name: 'notifications-repository', dependencies: ['database'] },
);
