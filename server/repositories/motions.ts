/**
 * 議案 of a conference (DESIGN.md §12.1, issue 34): list, read, create, edit, delete. Tenant: the
 * conference of the caller's chamber (another chamber's, or a motion of another conference, is a
 * 404). Each write is one transaction with its audit row and the room's staff `motion` event.
 *
 * What a write may change follows the vote: a declared 議案 is frozen (409 motion_declared); once a
 * vote was opened the rule is fixed (422 motion_rule_locked) and the 議案 cannot be deleted (409
 * motion_voted) — it is the record of that vote. Wording (title, body …) may still be corrected.
 */
import fp from 'fastify-plugin';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  ORDINARY_RESOLUTION,
  conference,
  motion,
  poll,
  room,
  type Motion as MotionRow,
  type MotionStatus,
} from '../db/schema.ts';
import { audit } from '../lib/audit.ts';
import { assertUploaded } from '../lib/attachment-keys.ts';
import { uniqueViolation, versionConflict } from '../lib/db-errors.ts';
import { impossibleParts } from '../lib/votes/rule.ts';
import {
  agendaItemUnknown,
  duplicateMotionNumber,
  motionDeclared,
  motionNotFound,
  motionRuleInvalid,
  motionRuleLocked,
  motionVoted,
} from '../lib/votes/problems.ts';
import { notFound } from '../lib/problem.ts';
import { listQuerySchema, planList, runList, type ListSpec } from '../lib/list-query.ts';
import { containsKeyword } from '../lib/masters-contains.ts';
import { MotionStatusSchema, type Motion, type MotionCreate, type MotionUpdate } from '../schemas/motion.ts';
import type { MotionDetail } from '../schemas/poll.ts';
import { toMotion, toPoll } from './vote-rows.ts';
import { clientOf, type Transaction } from './conference-quorum.ts';
import { addEvent, lockRoom } from './room-db.ts';

/** Who acts: the chamber (tenant) and the staff username recorded as created_by / updated_by. */
export interface Staff {
  cciCode: string;
  username: string;
}

/** The conference of the caller's chamber, locked against a concurrent delete (404 otherwise). */
async function ownConference(tx: Transaction | Db, staff: Staff, conferenceId: number): Promise<void> {
  const [found] = await tx
    .select({ id: conference.id })
    .from(conference)
    .where(and(eq(conference.id, conferenceId), eq(conference.cci_code, staff.cciCode)))
    .for('share');
  if (!found) throw notFound('指定された会議が見つかりません。');
}

/** The room's agenda must hold the item a 議案 points at. */
async function assertAgendaItem(tx: Transaction, conferenceId: number, index: number | null | undefined) {
  if (index === null || index === undefined) return;
  const [found] = await tx.select({ agenda: room.agenda }).from(room).where(eq(room.conference_id, conferenceId));
  const items = found?.agenda.length ?? 0;
  if (index >= items) throw agendaItemUnknown(items);
}

function assertRule(rule: MotionCreate['rule']) {
  if (!rule) return;
  const broken = impossibleParts(rule);
  if (broken.length > 0) throw motionRuleInvalid(broken);
}

/** The room's staff see the change at once (the 採決 panel); `deleted`: only the id is left. */
async function announce(tx: Transaction, conferenceId: number, payload: { motion: Motion } | { deleted: number }) {
  const client = clientOf(tx);
  await lockRoom(client, conferenceId);
  await addEvent(client, conferenceId, 'motion', payload, 'staff');
}

/** A unique violation on (conference, number) is the staff's duplicate, not a server error. */
async function numbered<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (uniqueViolation(err) === 'motion_conference_id_number_key') throw duplicateMotionNumber();
    throw err;
  }
}

/**
 * `GET …/motions` in the conference's order (creation), with the common list parameters (spec §3):
 * `keyword` matches the number or the title (a conference has a handful of 議案).
 */
const MOTION_LIST: ListSpec = {
  id: motion.id,
  sortable: { id: motion.id, number: motion.number, title: motion.title, status: motion.status, updated_at: motion.updated_at },
  defaultSort: ['id'],
  keyword: (keyword) => containsKeyword([motion.number, motion.title], keyword),
  fields: [
    'id',
    'conference_id',
    'agenda_index',
    'number',
    'title',
    'body',
    'attachments',
    'rule',
    'status',
    'result',
    'chair_decision',
    'version',
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
  ],
  // a filter of its own: the status enum is validated (list()'s base condition)
  extra: { status: MotionStatusSchema },
};
export const MotionListQuery = listQuerySchema(MOTION_LIST);

/**
 * Inserts a checked 議案 as a draft with its audit row and room event. Also the way a conference
 * created from a template gets the template's 議案 (repositories/conferences.ts), in its transaction.
 */
export async function insertMotion(tx: Transaction, staff: Staff, conferenceId: number, input: MotionCreate): Promise<Motion> {
  const [row] = await tx
    .insert(motion)
    .values({
      cci_code: staff.cciCode,
      conference_id: conferenceId,
      agenda_index: input.agenda_index ?? null,
      number: input.number,
      title: input.title,
      body: input.body ?? null,
      attachments: input.attachments ?? [],
      rule: input.rule ?? ORDINARY_RESOLUTION,
      created_by: staff.username,
      updated_by: staff.username,
    })
    .returning();
  const created = toMotion(row);
  await audit(tx, {
    cciCode: staff.cciCode,
    actor: staff.username,
    action: 'create',
    entity: 'motion',
    entityId: row.id,
    after: created,
  });
  await announce(tx, conferenceId, { motion: created });
  return created;
}

export class MotionsRepository {
  constructor(private readonly db: Db) {}

  async list(staff: Staff, conferenceId: number, query: Record<string, unknown>) {
    await ownConference(this.db, staff, conferenceId);
    const status = query.status as MotionStatus | undefined;
    const base = [eq(motion.conference_id, conferenceId), status ? eq(motion.status, status) : undefined];
    return runList(this.db, motion, planList(MOTION_LIST, query, base), toMotion);
  }

  /** One 議案 with its polls, oldest first (a 再採決 beside the first). */
  async show(staff: Staff, conferenceId: number, motionId: number): Promise<MotionDetail> {
    const [row] = await this.db
      .select()
      .from(motion)
      .where(and(eq(motion.id, motionId), eq(motion.conference_id, conferenceId), eq(motion.cci_code, staff.cciCode)));
    if (!row) throw motionNotFound();
    const polls = await this.db.select().from(poll).where(eq(poll.motion_id, motionId)).orderBy(asc(poll.id));
    return { ...toMotion(row), polls: polls.map(toPoll) };
  }

  create(staff: Staff, conferenceId: number, input: MotionCreate): Promise<Motion> {
    return numbered(
      this.db.transaction(async (tx) => {
        await ownConference(tx, staff, conferenceId);
        assertRule(input.rule);
        await assertAgendaItem(tx, conferenceId, input.agenda_index);
        await assertUploaded(tx, staff.cciCode, [[input.attachments, 'body']]);
        return insertMotion(tx, staff, conferenceId, input);
      }),
    );
  }

  update(staff: Staff, conferenceId: number, motionId: number, input: MotionUpdate): Promise<Motion> {
    return numbered(
      this.db.transaction(async (tx) => {
        const current = await this.locked(tx, staff, conferenceId, motionId);
        if (current.status === 'declared') throw motionDeclared();
        if (current.version !== input.version) throw versionConflict(current.version);
        if (input.rule !== undefined && current.status !== 'draft' && !sameRule(current.rule, input.rule)) {
          throw motionRuleLocked();
        }
        assertRule(input.rule);
        if (input.agenda_index !== current.agenda_index) await assertAgendaItem(tx, conferenceId, input.agenda_index);
        await assertUploaded(tx, staff.cciCode, [[input.attachments, 'body']], current.attachments);
        const [row] = await tx
          .update(motion)
          .set({
            number: input.number ?? current.number,
            title: input.title ?? current.title,
            agenda_index: input.agenda_index !== undefined ? input.agenda_index : current.agenda_index,
            body: input.body !== undefined ? input.body : current.body,
            attachments: input.attachments ?? current.attachments,
            rule: input.rule ?? current.rule,
            version: current.version + 1,
            updated_at: new Date(),
            updated_by: staff.username,
          })
          .where(eq(motion.id, motionId))
          .returning();
        const updated = toMotion(row);
        await audit(tx, {
          cciCode: staff.cciCode,
          actor: staff.username,
          action: 'update',
          entity: 'motion',
          entityId: motionId,
          before: toMotion(current),
          after: updated,
        });
        await announce(tx, conferenceId, { motion: updated });
        return updated;
      }),
    );
  }

  remove(staff: Staff, conferenceId: number, motionId: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      const current = await this.locked(tx, staff, conferenceId, motionId);
      if (current.status === 'declared') throw motionDeclared();
      const [{ polls }] = await tx.select({ polls: count() }).from(poll).where(eq(poll.motion_id, motionId));
      if (polls > 0) throw motionVoted(current.status);
      await tx.delete(motion).where(eq(motion.id, motionId));
      await audit(tx, {
        cciCode: staff.cciCode,
        actor: staff.username,
        action: 'delete',
        entity: 'motion',
        entityId: motionId,
        before: toMotion(current),
      });
      await announce(tx, conferenceId, { deleted: motionId });
    });
  }

  /** The motion row, locked until the transaction ends (a poll opening takes the same lock). */
  private async locked(tx: Transaction, staff: Staff, conferenceId: number, motionId: number): Promise<MotionRow> {
    const [row] = await tx
      .select()
      .from(motion)
      .where(and(eq(motion.id, motionId), eq(motion.conference_id, conferenceId), eq(motion.cci_code, staff.cciCode)))
      .for('update');
    if (!row) throw motionNotFound();
    return row;
  }
}

const RULE_KEYS = ['basis', 'numerator', 'denominator', 'rule'] as const;

/** Same rule whatever the key order (jsonb reorders keys) and with the quorum's default spelled out. */
function sameRule(a: MotionRow['rule'], b: NonNullable<MotionUpdate['rule']>): boolean {
  const quorum = (q: MotionRow['rule']['quorum']) => (q ? `${q.numerator}/${q.denominator}/${q.rule ?? 'at_least'}` : null);
  return RULE_KEYS.every((k) => a[k] === b[k]) && quorum(a.quorum) === quorum(b.quorum);
}

declare module 'fastify' {
  interface FastifyInstance {
    motions: MotionsRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('motions', new MotionsRepository(app.db));
  },
  { name: 'motions-repository', dependencies: ['database'] },
);
