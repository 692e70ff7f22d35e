import fp from 'fastify-plugin';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MASTER_TYPE_POSITION_TYPE, company, master_data, member, position } from '../db/schema.ts';
import {
  PositionTypeList,
  PositionTypeSchema,
  type Position,
  type PositionChange,
  type PositionChangeAction,
  type PositionChangeResult,
  type PositionCreate,
  type PositionUpdate,
} from '../schemas/position.ts';
import {
  LIST_TOTAL,
  listQuerySchema,
  pageWithTotal,
  pick,
  planList,
  totalOf,
  type ListResult,
  type ListSpec,
} from '../lib/list-query.ts';
import { PeriodQuery, assertPeriod, periodConditions } from '../lib/people-periods.ts';
import { audit, type Executor } from '../lib/audit.ts';
import { versionConflict } from '../lib/db-errors.ts';
import { Problem, notFound, type ProblemField } from '../lib/problem.ts';

type PositionRow = typeof position.$inferSelect;
type Fields = Omit<PositionUpdate, 'version'>;

/**
 * Position types in the chamber's own order (master data cci_position_type, sort_order; DESIGN.md §4),
 * a type without a master row last, by code. Needs the master_data join of selectJoined.
 */
const positionTypeOrder = sql`(coalesce(${master_data.sort_order}, 2147483647), ${position.position_type})`;

/** Filters position_type (eq, in), department_name, member, company, periods, active_on (issue #3). */
export const POSITION_LIST: ListSpec = {
  id: position.id,
  sortable: {
    id: position.id,
    rank: position.rank,
    position_type: positionTypeOrder,
    department_name: position.department_name,
    start_at: position.start_at,
    end_at: position.end_at,
    member_name_kana: member.name_kana,
    company_code: company.company_code,
    updated_at: position.updated_at,
  },
  // Grouped by type and department, protocol order within each (DESIGN.md §4: rank).
  defaultSort: ['position_type', 'department_name', 'rank'],
  filters: {
    department_name: { column: position.department_name, type: 'string', ops: ['eq', 'startswith'] },
    member_id: { column: position.member_id, type: 'integer', ops: ['eq'] },
    company_id: { column: member.company_id, type: 'integer', ops: ['eq'] },
  },
  // the member's search text: name, kana, company code and name
  keyword: member.search_text,
  fields: [
    'id',
    'cci_code',
    'member_id',
    'position_type',
    'department_name',
    'position_name',
    'rank',
    'start_at',
    'end_at',
    'version',
    'created_at',
    'updated_at',
    'member_name',
    'member_name_kana',
    'company_id',
    'company_code',
    'company_name',
  ],
  // position_type is validated against the six codes here rather than as a free string filter
  extra: { position_type: PositionTypeSchema, position_type__in: PositionTypeList, ...PeriodQuery },
};
export const PositionListQuery = listQuerySchema(POSITION_LIST);

const joinedColumns = {
  position,
  member_name: member.name,
  member_name_kana: member.name_kana,
  company_id: company.id,
  company_code: company.company_code,
  company_name: company.name1,
};

/**
 * Positions with their member's name and company (spec §3: the list shows the company name), and
 * the type's master row for its sort order.
 */
/** `extra`: more selected fields (a list's total) */
const selectJoined = <E extends Record<string, SQL>>(ex: Executor, extra = {} as E) =>
  ex
    .select({ ...joinedColumns, ...extra })
    .from(position)
    .innerJoin(member, eq(member.id, position.member_id))
    .innerJoin(company, eq(company.id, member.company_id))
    .leftJoin(
      master_data,
      and(
        eq(master_data.cci_code, position.cci_code),
        eq(master_data.master_type_code, MASTER_TYPE_POSITION_TYPE),
        eq(master_data.master_code, position.position_type),
      ),
    );

type JoinedRow = Awaited<ReturnType<typeof selectJoined>>[number];

/** The stored position alone (audit before/after). */
function ownFields(row: PositionRow) {
  return {
    id: row.id,
    cci_code: row.cci_code,
    member_id: row.member_id,
    position_type: row.position_type as Position['position_type'],
    department_name: row.department_name,
    position_name: row.position_name,
    rank: row.rank,
    start_at: row.start_at,
    end_at: row.end_at,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toPosition(row: JoinedRow): Position {
  return {
    ...ownFields(row.position),
    member_name: row.member_name,
    member_name_kana: row.member_name_kana,
    company_id: row.company_id,
    company_code: row.company_code,
    company_name: row.company_name,
  };
}

/** A member outside the caller's chamber: 400 on the field (a 404 would send the SPA to /404, spec §2). */
const unknownMember = (at: string): ProblemField => ({
  field: `${at}.member_id`,
  code: 'not_found',
  message: 'no such member in this chamber',
});

/** Ids of those of `ids` that are members of the chamber. */
async function membersInChamber(tx: Executor, cciCode: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.cci_code, cciCode), inArray(member.id, [...new Set(ids)])));
  return new Set(rows.map((r) => r.id));
}

function assertMember(known: Set<number>, memberId: number, at: string): void {
  if (!known.has(memberId)) throw new Problem(400, 'member_not_found', '指定された会員が見つかりません。', [unknownMember(at)]);
}

/** Which fields each action of update_positions needs, and which it refuses as meaningless. */
const NEEDS: Record<PositionChangeAction, Array<keyof PositionChange>> = {
  create: ['member_id', 'position_type'],
  update: ['id', 'version'],
  delete: ['id'],
};
const REFUSES: Record<PositionChangeAction, Array<keyof PositionChange>> = {
  create: ['id', 'version'],
  update: [],
  delete: ['member_id', 'position_type', 'department_name', 'position_name', 'rank', 'start_at', 'end_at'],
};

function checkChanges(items: PositionChange[]): void {
  const errors: ProblemField[] = [];
  items.forEach((item, index) => {
    for (const name of NEEDS[item.action]) {
      if (item[name] === undefined) {
        errors.push({ field: `body.items.${index}.${name}`, code: 'required', message: `required for ${item.action}` });
      }
    }
    for (const name of REFUSES[item.action]) {
      if (item[name] !== undefined) {
        errors.push({ field: `body.items.${index}.${name}`, code: 'not_allowed', message: `not allowed for ${item.action}` });
      }
    }
  });
  if (errors.length > 0) throw new Problem(400, 'validation_failed', '入力内容に誤りがあります。', errors);
}

const itemNotFound = (index: number) =>
  new Problem(
    422,
    'position_not_found',
    `${index + 1}件目の役職が見つかりません。`,
    [{ field: `body.items.${index}.id`, code: 'not_found', message: 'no such position in this chamber' }],
    { item_index: index },
  );

const staleItem = (index: number, currentVersion: number) =>
  new Problem(
    409,
    'version_conflict',
    `${index + 1}件目の役職は他のユーザーが先に更新しました。最新の内容を読み込んでから、もう一度保存してください。`,
    [{ field: `body.items.${index}.version`, code: 'version_conflict', message: 'stale version' }],
    { current_version: currentVersion, item_index: index },
  );

/** The write steps, shared by the single endpoints (`at` = 'body') and update_positions ('body.items.N'). */
async function insertPosition(
  tx: Executor,
  cciCode: string,
  actor: string,
  input: PositionCreate,
  known: Set<number>,
  at: string,
): Promise<PositionRow> {
  assertMember(known, input.member_id, at);
  assertPeriod(input.start_at ?? null, input.end_at ?? null, `${at}.end_at`);
  const [row] = await tx
    .insert(position)
    .values({
      cci_code: cciCode,
      member_id: input.member_id,
      position_type: input.position_type,
      department_name: input.department_name ?? null,
      position_name: input.position_name ?? null,
      rank: input.rank ?? 0,
      start_at: input.start_at ?? null,
      end_at: input.end_at ?? null,
      created_by: actor,
      updated_by: actor,
    })
    .returning();
  await audit(tx, { cciCode, actor, action: 'create', entity: 'position', entityId: row.id, after: ownFields(row) });
  return row;
}

const keep = <T>(input: T | undefined, current: T): T => (input === undefined ? current : input);

async function updatePosition(
  tx: Executor,
  cciCode: string,
  actor: string,
  current: PositionRow,
  input: Fields,
  known: Set<number>,
  at: string,
): Promise<PositionRow> {
  const next = {
    member_id: keep(input.member_id, current.member_id),
    position_type: keep(input.position_type, current.position_type),
    department_name: keep(input.department_name, current.department_name),
    position_name: keep(input.position_name, current.position_name),
    rank: keep(input.rank, current.rank),
    start_at: keep(input.start_at, current.start_at),
    end_at: keep(input.end_at, current.end_at),
  };
  if (next.member_id !== current.member_id) assertMember(known, next.member_id, at);
  assertPeriod(next.start_at, next.end_at, `${at}.end_at`);
  const [row] = await tx
    .update(position)
    .set({ ...next, version: current.version + 1, updated_at: new Date(), updated_by: actor })
    .where(eq(position.id, current.id))
    .returning();
  await audit(tx, {
    cciCode,
    actor,
    action: 'update',
    entity: 'position',
    entityId: current.id,
    before: ownFields(current),
    after: ownFields(row),
  });
  return row;
}

async function deletePosition(tx: Executor, cciCode: string, actor: string, current: PositionRow): Promise<void> {
  await tx.delete(position).where(eq(position.id, current.id));
  await audit(tx, { cciCode, actor, action: 'delete', entity: 'position', entityId: current.id, before: ownFields(current) });
}

/** The chamber's positions of `ids`, locked, in id order (batches lock in one order: no deadlock). */
function lockPositions(tx: Executor, cciCode: string, ids: number[]): Promise<PositionRow[]> {
  return tx
    .select()
    .from(position)
    .where(and(eq(position.cci_code, cciCode), inArray(position.id, ids)))
    .orderBy(asc(position.id))
    .for('update');
}

async function joinedById(tx: Executor, ids: number[]): Promise<Map<number, Position>> {
  if (ids.length === 0) return new Map();
  const rows = await selectJoined(tx).where(inArray(position.id, ids));
  return new Map(rows.map((r) => [r.position.id, toPosition(r)]));
}

export interface PositionsRepository {
  list(cciCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<Position>>>;
  findById(cciCode: string, id: number): Promise<Position | null>;
  create(cciCode: string, actor: string, input: PositionCreate): Promise<Position>;
  update(cciCode: string, id: number, actor: string, input: PositionUpdate): Promise<Position>;
  remove(cciCode: string, id: number, actor: string): Promise<void>;
  /**
   * update_positions: the changes in order, in one transaction; the first failing item rolls back
   * every change and its problem names the item (`body.items.N.field`, `item_index` N).
   */
  applyChanges(cciCode: string, actor: string, items: PositionChange[]): Promise<PositionChangeResult[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    positions: PositionsRepository;
  }
}

export default fp(
  async (app) => {
    const db = app.db;

    const repository: PositionsRepository = {
      async list(cciCode, query) {
        const base: Array<SQL | undefined> = [eq(position.cci_code, cciCode)];
        if (typeof query.position_type === 'string') base.push(eq(position.position_type, query.position_type));
        if (typeof query.position_type__in === 'string') {
          base.push(inArray(position.position_type, query.position_type__in.split(',')));
        }
        base.push(...periodConditions(position.start_at, position.end_at, query));
        const plan = planList(POSITION_LIST, query, base);
        // The count needs the member join only (company_id and keyword filter on the member).
        const counting = db
          .select({ n: count() })
          .from(position)
          .innerJoin(member, eq(member.id, position.member_id))
          .where(plan.where);
        const { rows, total } = await pageWithTotal(db, plan, totalOf(counting), (listTotal) =>
          selectJoined(db, { [LIST_TOTAL]: listTotal })
            .where(plan.where)
            .orderBy(...plan.orderBy)
            .limit(plan.pageSize)
            .offset((plan.page - 1) * plan.pageSize),
        );
        const items = rows.map(toPosition);
        return {
          data: plan.fields ? items.map((item) => pick(item, plan.fields!)) : items,
          meta: { page: plan.page, page_size: plan.pageSize, total },
        };
      },

      async findById(cciCode, id) {
        const [row] = await selectJoined(db).where(and(eq(position.cci_code, cciCode), eq(position.id, id)));
        return row ? toPosition(row) : null;
      },

      create(cciCode, actor, input) {
        return db.transaction(async (tx) => {
          const known = await membersInChamber(tx, cciCode, [input.member_id]);
          const row = await insertPosition(tx, cciCode, actor, input, known, 'body');
          return (await joinedById(tx, [row.id])).get(row.id)!;
        });
      },

      update(cciCode, id, actor, input) {
        return db.transaction(async (tx) => {
          const [current] = await lockPositions(tx, cciCode, [id]);
          if (!current) throw notFound();
          if (current.version !== input.version) throw versionConflict(current.version);
          const known = await membersInChamber(tx, cciCode, input.member_id === undefined ? [] : [input.member_id]);
          await updatePosition(tx, cciCode, actor, current, input, known, 'body');
          return (await joinedById(tx, [id])).get(id)!;
        });
      },

      remove(cciCode, id, actor) {
        return db.transaction(async (tx) => {
          const [current] = await lockPositions(tx, cciCode, [id]);
          if (!current) throw notFound();
          await deletePosition(tx, cciCode, actor, current);
        });
      },

      applyChanges(cciCode, actor, items) {
        checkChanges(items);
        return db.transaction(async (tx) => {
          const targetIds = [...new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])))];
          const current = new Map((await lockPositions(tx, cciCode, targetIds)).map((row) => [row.id, row]));
          const known = await membersInChamber(
            tx,
            cciCode,
            items.flatMap((item) => (item.member_id === undefined ? [] : [item.member_id])),
          );
          const done: Array<{ action: PositionChangeAction; id: number }> = [];
          for (const [index, item] of items.entries()) {
            const at = `body.items.${index}`;
            if (item.action === 'create') {
              const row = await insertPosition(tx, cciCode, actor, item as PositionCreate, known, at);
              done.push({ action: 'create', id: row.id });
              continue;
            }
            // Later items see earlier ones: an id deleted or updated before in the batch has moved on.
            const row = current.get(item.id!);
            if (!row) throw itemNotFound(index);
            if (item.version !== undefined && item.version !== row.version) throw staleItem(index, row.version);
            if (item.action === 'update') {
              current.set(row.id, await updatePosition(tx, cciCode, actor, row, item, known, at));
            } else {
              await deletePosition(tx, cciCode, actor, row);
              current.delete(row.id);
            }
            done.push({ action: item.action, id: row.id });
          }
          const after = await joinedById(
            tx,
            done.filter((d) => d.action !== 'delete').map((d) => d.id),
          );
          // null for a delete, and for a position updated then deleted within the batch
          return done.map((d) => ({ ...d, position: d.action === 'delete' ? null : (after.get(d.id) ?? null) }));
        });
      },
    };
    app.decorate('positions', repository);
  },
  { name: 'positions-repository', dependencies: ['database'] },
);
