/**
 * 役職 (DESIGN.md §11.4): the positions export's columns. 役職ID blank = a new position, else the
 * chamber's position of that id; the member by 会員ID (another chamber's: not found). 役職区分 is
 * the type's code or its name in the chamber's master data (役員, 部会 …). Checked by
 * PositionCreateSchema and the forms' period rule.
 */
import { MASTER_TYPE_POSITION_TYPE, position, type ImportWarningEntry, type PositionType } from '../../../db/schema.ts';
import { POSITION_EXPORT_HEADERS, POSITION_TYPE_NAMES } from '../../../jobs/sources/index.ts';
import { PositionCreateSchema } from '../../../schemas/position.ts';
import { auditMany } from '../../audit.ts';
import type { ImportRow } from '../read/index.ts';
import { bodyValidator, checkRow } from '../validate.ts';
import { importMessages as m } from '../messages.ts';
import { MEMBER_ID, membersById, type StoredMember } from './members.ts';
import { keepGetaCells } from '../geta.ts';
import { checkPeriod, dateCell, idCell, textCell } from './people.ts';
import { byHeader, changedColumns, type CheckedRow, type ImportKind, type KindContext } from './types.ts';

export const POSITION_ID = '役職ID';
const TYPE = '区分';
const RANK = '序列';
const START = '開始日';
const END = '終了日';
/** the positions export's headers (事業所コード, 事業所名 and 氏名 are read-only: the member's) */
export const POSITION_HEADERS = POSITION_EXPORT_HEADERS;

const LABELS: Record<string, string> = {
  member_id: MEMBER_ID,
  position_type: TYPE,
  department_name: '所属',
  position_name: '役職名',
  rank: RANK,
  start_at: START,
  end_at: END,
};
const FIELDS = ['member_id', 'position_type', 'department_name', 'position_name', 'rank', 'start_at', 'end_at'] as const;
type Field = (typeof FIELDS)[number];

const validate = bodyValidator(PositionCreateSchema);

interface StoredPosition {
  id: number;
  cci_code: string;
  member_id: number;
  position_type: string;
  department_name: string | null;
  position_name: string | null;
  rank: number;
  start_at: string | null;
  end_at: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}
interface Pending extends CheckedRow {
  next?: Record<Field, unknown>;
  current?: StoredPosition;
}

const COLUMNS = `p.id, p.cci_code, p.member_id, p.position_type, p.department_name, p.position_name, p.rank,
  p.start_at::text as start_at, p.end_at::text as end_at, p.version, p.created_at, p.updated_at`;

/** the audit's view of a position (repositories/positions.ts ownFields) */
const auditView = (p: StoredPosition) => ({
  ...p,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
});

interface Lookups {
  types: Map<string, string>;
  members: Map<number, StoredMember>;
  positions: Map<number, StoredPosition>;
}

/** spec §3's name of a 区分 code (what the export writes); other values as they are */
const typeName = (code: unknown) => POSITION_TYPE_NAMES[code as PositionType] ?? code;

function check(ctx: KindContext, row: ImportRow, found: Lookups): Pending {
  const warnings: ImportWarningEntry[] = [];
  const checked = checkCells(ctx, row, found, warnings);
  return warnings.length > 0 ? { ...checked, warnings } : checked;
}

function checkCells(ctx: KindContext, row: ImportRow, found: Lookups, warnings: ImportWarningEntry[]): Pending {
  const errors: Pending['errors'] = [];
  const id = idCell(ctx, row, POSITION_ID, errors);
  const memberId = idCell(ctx, row, MEMBER_ID, errors);
  const body: Record<string, unknown> = {};
  const typeText = textCell(ctx, row, TYPE);
  if (typeText !== undefined) body.position_type = found.types.get(typeText) ?? typeText;
  for (const field of ['department_name', 'position_name'] as const) {
    const value = textCell(ctx, row, LABELS[field]);
    if (value !== undefined) body[field] = value;
  }
  const rank = textCell(ctx, row, RANK);
  if (rank !== undefined && rank !== '')
    body.rank = /^[0-9]{1,9}$/.test(rank.normalize('NFKC')) ? Number(rank.normalize('NFKC')) : rank;
  const start = dateCell(ctx, row, START, errors);
  const end = dateCell(ctx, row, END, errors);
  if (start !== undefined) body.start_at = start;
  if (end !== undefined) body.end_at = end;
  const current = id !== null && !Number.isNaN(id) ? found.positions.get(id) : undefined;
  if (current)
    warnings.push(...keepGetaCells(current as unknown as Record<string, unknown>, body, { row: row.row, labels: LABELS }));
  const read = Object.keys(body).filter((f) => f !== 'position_type');
  const values: Record<string, unknown> = { [POSITION_ID]: id, [MEMBER_ID]: memberId, ...byHeader(LABELS, read, body) };
  // the 区分 by its name (a code as written shows as its name, as an update's change does), never its code
  if (typeText !== undefined) values[TYPE] = typeName(body.position_type) ?? typeText;

  if (id !== null && !Number.isNaN(id) && !current) {
    errors.push({ row: row.row, column: POSITION_ID, code: 'not_found', message: m.positionNotFound() });
  }
  if (memberId === null) errors.push({ row: row.row, column: MEMBER_ID, code: 'required', message: m.required(MEMBER_ID) });
  else if (!Number.isNaN(memberId) && !found.members.has(memberId)) {
    errors.push({ row: row.row, column: MEMBER_ID, code: 'not_found', message: m.memberNotFound() });
  }
  const merged: Record<string, unknown> = {
    ...(current ? stored(current) : {}),
    ...body,
    member_id: memberId && !Number.isNaN(memberId) ? memberId : 1,
  };
  const checked = checkRow(validate, merged, row.row, LABELS);
  Object.assign(values, byHeader(LABELS, read, merged)); // as normalised
  if (!checked.ok) errors.push(...checked.errors.filter((e) => !errors.some((k) => k.column === e.column)));
  if (errors.length > 0 || !checked.ok) return { source: row, result: 'failed', errors, values };
  const next = checked.value as Record<Field, unknown>;
  for (const f of FIELDS) next[f] ??= f === 'rank' ? 0 : null;
  checkPeriod(next.start_at as string | null, next.end_at as string | null, row.row, errors, { start: START, end: END });
  const key = id === null ? null : `position:${id}`;
  if (key && ctx.seen.has(key))
    errors.push({ row: row.row, column: POSITION_ID, code: 'duplicate_in_file', message: m.duplicateInFile(POSITION_ID) });
  if (errors.length > 0) return { source: row, result: 'failed', errors, values };
  if (key) ctx.seen.add(key);
  if (!current) return { source: row, result: 'created', errors, values, next, current };
  // 区分 by its name, as the sheet has it
  const changes = changedColumns(FIELDS, current, next, LABELS, { position_type: typeName });
  if (changes.length === 0) return { source: row, result: 'unchanged', errors, values, next, current };
  return { source: row, result: 'updated', errors, values, next, current, changes };
}

const stored = (p: StoredPosition) => {
  const picked: Record<string, unknown> = {};
  for (const f of FIELDS) if (p[f] !== null) picked[f] = p[f];
  return picked;
};

async function write(ctx: KindContext, rows: Pending[]): Promise<void> {
  const created = rows.filter((r) => r.result === 'created');
  const updated = rows.filter((r) => r.result === 'updated');
  const audits = [];
  if (created.length > 0) {
    const inserted = await ctx.tx
      .insert(position)
      .values(
        created.map((r) => ({
          cci_code: ctx.cciCode,
          ...(r.next as { member_id: number; position_type: string; rank: number }),
          department_name: r.next!.department_name as string | null,
          position_name: r.next!.position_name as string | null,
          start_at: r.next!.start_at as string | null,
          end_at: r.next!.end_at as string | null,
          created_by: ctx.actor,
          updated_by: ctx.actor,
        })),
      )
      .returning();
    for (const row of inserted) {
      audits.push({ action: 'create', entity: 'position', entityId: row.id, after: auditView(row as unknown as StoredPosition) });
    }
  }
  if (updated.length > 0) {
    const col = (f: Field) => updated.map((r) => r.next![f]);
    const { rows: after } = await ctx.client.query<StoredPosition>(
      `update position p set member_id = v.member_id, position_type = v.position_type, department_name = v.department_name,
              position_name = v.position_name, rank = v.rank, start_at = v.start_at, end_at = v.end_at,
              version = p.version + 1, updated_at = now(), updated_by = $1
         from unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::date[], $9::date[])
              as v(id, member_id, position_type, department_name, position_name, rank, start_at, end_at)
        where p.id = v.id returning ${COLUMNS}`,
      [ctx.actor, updated.map((r) => r.current!.id), ...FIELDS.map(col)],
    );
    const before = new Map(updated.map((r) => [r.current!.id, r.current!]));
    for (const row of after) {
      audits.push({
        action: 'update',
        entity: 'position',
        entityId: row.id,
        before: auditView(before.get(row.id)!),
        after: auditView(row),
      });
    }
  }
  await auditMany(
    ctx.client,
    audits.map((a) => ({ ...a, cciCode: ctx.cciCode, actor: ctx.actor, importJobId: ctx.jobId })),
  );
}

const idsIn = (ctx: KindContext, rows: ImportRow[], header: string) =>
  rows
    .map((row) => Number((textCell(ctx, row, header) ?? '').normalize('NFKC')))
    .filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);

export const positionsKind: ImportKind<Pending> = {
  headers: POSITION_HEADERS,
  required: [MEMBER_ID, TYPE],
  write,
  async check(ctx, rows) {
    // one connection: one query after the other
    const { rows: types } = await ctx.read.query<{ master_code: string; name: string }>(
      'select master_code, name from master_data where cci_code = $1 and master_type_code = $2',
      [ctx.cciCode, MASTER_TYPE_POSITION_TYPE],
    );
    const members = await membersById(ctx, idsIn(ctx, rows, MEMBER_ID));
    const { rows: positions } = await ctx.read.query<StoredPosition>(
      `select ${COLUMNS} from position p where p.cci_code = $1 and p.id = any($2::int[])`,
      [ctx.cciCode, idsIn(ctx, rows, POSITION_ID)],
    );
    const found: Lookups = {
      // the chamber's names first, then spec §3's (what the export writes when the master has none)
      types: new Map([
        ...Object.entries(POSITION_TYPE_NAMES).map(([code, name]) => [name, code] as const),
        ...types.map((t) => [t.name, t.master_code] as const),
      ]),
      members,
      positions: new Map(positions.map((p) => [p.id, p])),
    };
    return rows.map((row) => check(ctx, row, found));
  },
};
