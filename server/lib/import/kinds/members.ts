/**
 * 会員 (DESIGN.md §11.4): the members export's columns. 会員ID blank = a new member, else the
 * chamber's member of that id (another chamber's id: not found); the company by 事業所コード
 * (folded as the forms fold it). Checked by MemberCreateSchema and the forms' period rule.
 */
import { foldCode } from '../../../../access/codes.ts';
import { member, type ImportWarningEntry } from '../../../db/schema.ts';
import { MEMBER_EXPORT_HEADERS } from '../../../jobs/sources/index.ts';
import { MemberCreateSchema } from '../../../schemas/member.ts';
import { toMember } from '../../../repositories/members.ts';
import { memberSearchText } from '../../member-search-text.ts';
import { auditMany } from '../../audit.ts';
import type { ImportRow } from '../read/index.ts';
import { bodyValidator, checkRow } from '../validate.ts';
import { importMessages as m } from '../messages.ts';
import { keepGetaCells } from '../geta.ts';
import { END, START, checkPeriod, dateCell, idCell, textCell } from './people.ts';
import { FOLDED_CODE_IN_2, byHeader, changedColumns, same, type CheckedRow, type ImportKind, type KindContext } from './types.ts';

export const MEMBER_ID = '会員ID';
const COMPANY_CODE = '事業所コード';
/** the members export's headers (事業所名 and 役職 are read-only) */
export const MEMBER_HEADERS = MEMBER_EXPORT_HEADERS;

const TEXT_FIELDS = [
  ['name', '氏名'],
  ['name_kana', 'フリガナ'],
  ['title', '肩書'],
  ['email', 'メールアドレス'],
] as const;
const LABELS: Record<string, string> = {
  company_id: COMPANY_CODE,
  ...Object.fromEntries(TEXT_FIELDS),
  start_at: START,
  end_at: END,
};
const FIELDS = ['company_id', 'name', 'name_kana', 'title', 'email', 'start_at', 'end_at'] as const;
type Field = (typeof FIELDS)[number];

const validate = bodyValidator(MemberCreateSchema);

export interface StoredMember {
  id: number;
  cci_code: string;
  company_id: number;
  company_code: string;
  name: string;
  name_kana: string | null;
  title: string | null;
  email: string | null;
  start_at: string | null;
  end_at: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}
interface CompanyRef {
  id: number;
  company_code: string;
  name1: string | null;
}
type Next = Record<Field, unknown> & { company_id: number; name: string };
interface Pending extends CheckedRow {
  next?: Next;
  current?: StoredMember;
  company?: CompanyRef;
}

export const MEMBER_COLUMNS = `m.id, m.cci_code, m.company_id, m.company_code, m.name, m.name_kana, m.title, m.email,
  m.start_at::text as start_at, m.end_at::text as end_at, m.version, m.created_at, m.updated_at`;

/** The chamber's members of `ids` (others' ids find nothing). */
export async function membersById(ctx: KindContext, ids: number[]): Promise<Map<number, StoredMember>> {
  const { rows } = await ctx.read.query<StoredMember>(
    `select ${MEMBER_COLUMNS} from member m where m.cci_code = $1 and m.id = any($2::int[])`,
    [ctx.cciCode, ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

function check(
  ctx: KindContext,
  row: ImportRow,
  companies: Map<string, CompanyRef>,
  members: Map<number, StoredMember>,
): Pending {
  const warnings: ImportWarningEntry[] = [];
  const checked = checkCells(ctx, row, companies, members, warnings);
  return warnings.length > 0 ? { ...checked, warnings } : checked;
}

function checkCells(
  ctx: KindContext,
  row: ImportRow,
  companies: Map<string, CompanyRef>,
  members: Map<number, StoredMember>,
  warnings: ImportWarningEntry[],
): Pending {
  const errors: Pending['errors'] = [];
  const id = idCell(ctx, row, MEMBER_ID, errors);
  const code = foldCode(textCell(ctx, row, COMPANY_CODE) ?? '');
  const body: Record<string, unknown> = {};
  for (const [field, header] of TEXT_FIELDS) {
    const value = textCell(ctx, row, header);
    if (value !== undefined) body[field] = value;
  }
  const start = dateCell(ctx, row, START, errors);
  const end = dateCell(ctx, row, END, errors);
  if (start !== undefined) body.start_at = start;
  if (end !== undefined) body.end_at = end;
  const current = id !== null && !Number.isNaN(id) ? members.get(id) : undefined;
  if (current)
    warnings.push(...keepGetaCells(current as unknown as Record<string, unknown>, body, { row: row.row, labels: LABELS }));
  const read = Object.keys(body);
  const values: Record<string, unknown> = { [MEMBER_ID]: id, [COMPANY_CODE]: code, ...byHeader(LABELS, read, body) };

  if (id !== null && !Number.isNaN(id) && !current) {
    errors.push({ row: row.row, column: MEMBER_ID, code: 'not_found', message: m.memberNotFound() });
  }
  const company = companies.get(code);
  if (code === '') errors.push({ row: row.row, column: COMPANY_CODE, code: 'required', message: m.required(COMPANY_CODE) });
  else if (!company) errors.push({ row: row.row, column: COMPANY_CODE, code: 'not_found', message: m.companyNotFound() });
  // a row exactly as stored is unchanged, even where stored data predates today's form rules:
  // nothing is written, and an export → import round trip must not fail on old rows (issue 17)
  const key = id === null ? null : `member:${id}`;
  if (
    current &&
    errors.length === 0 &&
    company?.id === current.company_id &&
    !ctx.seen.has(key!) &&
    Object.entries(body).every(([f, v]) => same(current[f as Field], v))
  ) {
    ctx.seen.add(key!);
    return { source: row, result: 'unchanged', errors, values, current, company };
  }
  // the stored values stand in for absent columns, so an update is checked as a whole
  const merged = { ...(current ? pickFields(current) : {}), ...body, company_id: company?.id ?? 1 };
  const checked = checkRow(validate, merged, row.row, LABELS);
  Object.assign(values, byHeader(LABELS, read, merged)); // as normalised: ひらがな shown in カタカナ
  if (!checked.ok) errors.push(...checked.errors.filter((e) => !errors.some((k) => k.column === e.column)));
  if (errors.length > 0) return { source: row, result: 'failed', errors, values };
  if (!checked.ok) return { source: row, result: 'failed', errors, values };
  const next = checked.value as Next;
  for (const f of FIELDS) (next as Record<string, unknown>)[f] ??= null;
  checkPeriod(next.start_at as string | null, next.end_at as string | null, row.row, errors);
  if (key && ctx.seen.has(key))
    errors.push({ row: row.row, column: MEMBER_ID, code: 'duplicate_in_file', message: m.duplicateInFile(MEMBER_ID) });
  if (errors.length > 0) return { source: row, result: 'failed', errors, values };
  if (key) ctx.seen.add(key);
  if (!current) return { source: row, result: 'created', errors, values, next, current, company };
  // the company shown by its code, as the sheet has it
  const codeOf = (id: unknown) => (id === current.company_id ? current.company_code : company!.company_code);
  const changes = changedColumns(FIELDS, current, next, LABELS, { company_id: codeOf });
  if (changes.length === 0) return { source: row, result: 'unchanged', errors, values, next, current, company };
  return { source: row, result: 'updated', errors, values, next, current, company, changes };
}

const pickFields = (s: StoredMember) => {
  const picked: Record<string, unknown> = {};
  for (const f of FIELDS) if (s[f] !== null) picked[f] = s[f];
  return picked;
};

async function write(ctx: KindContext, rows: Pending[]): Promise<void> {
  const created = rows.filter((r) => r.result === 'created');
  const updated = rows.filter((r) => r.result === 'updated');
  const audits = [];
  const searchText = (r: Pending) =>
    memberSearchText(r.next!.name, r.next!.name_kana as string | null, r.company!.company_code, r.company!.name1);
  if (created.length > 0) {
    const inserted = await ctx.tx
      .insert(member)
      .values(
        created.map((r) => ({
          cci_code: ctx.cciCode,
          company_id: r.company!.id,
          company_code: r.company!.company_code,
          name: r.next!.name,
          name_kana: r.next!.name_kana as string | null,
          title: r.next!.title as string | null,
          email: r.next!.email as string | null,
          start_at: r.next!.start_at as string | null,
          end_at: r.next!.end_at as string | null,
          search_text: searchText(r),
          created_by: ctx.actor,
          updated_by: ctx.actor,
        })),
      )
      .returning();
    for (const row of inserted) audits.push({ action: 'create', entity: 'member', entityId: row.id, after: toMember(row) });
  }
  if (updated.length > 0) {
    const col = (f: keyof Next | 'company_code') =>
      updated.map((r) => (f === 'company_code' ? r.company!.company_code : r.next![f]));
    const { rows: stored } = await ctx.client.query<StoredMember>(
      `update member m set company_id = v.company_id, company_code = v.company_code, name = v.name, name_kana = v.name_kana,
              title = v.title, email = v.email, start_at = v.start_at, end_at = v.end_at, search_text = v.search_text,
              version = m.version + 1, updated_at = now(), updated_by = $1
         from unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::date[], $10::date[], $11::text[])
              as v(id, company_id, company_code, name, name_kana, title, email, start_at, end_at, search_text)
        where m.id = v.id returning ${MEMBER_COLUMNS}`,
      [
        ctx.actor,
        updated.map((r) => r.current!.id),
        col('company_id'),
        col('company_code'),
        col('name'),
        col('name_kana'),
        col('title'),
        col('email'),
        col('start_at'),
        col('end_at'),
        updated.map(searchText),
      ],
    );
    const before = new Map(updated.map((r) => [r.current!.id, r.current!]));
    for (const row of stored) {
      audits.push({
        action: 'update',
        entity: 'member',
        entityId: row.id,
        before: toMember(before.get(row.id)!),
        after: toMember(row),
      });
    }
  }
  await auditMany(
    ctx.client,
    audits.map((a) => ({ ...a, cciCode: ctx.cciCode, actor: ctx.actor, importJobId: ctx.jobId })),
  );
}

export const membersKind: ImportKind<Pending> = {
  headers: MEMBER_HEADERS,
  required: [COMPANY_CODE, '氏名'],
  write,
  async check(ctx, rows) {
    const codes = rows.map((row) => foldCode(textCell(ctx, row, COMPANY_CODE) ?? ''));
    const ids = rows
      .map((row) => Number((textCell(ctx, row, MEMBER_ID) ?? '').normalize('NFKC')))
      .filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
    // one connection: one query after the other
    const { rows: found } = await ctx.read.query<CompanyRef>(
      `select id, company_code, attributes ->> 'name1' as name1 from company where cci_code = $1 and ${FOLDED_CODE_IN_2}`,
      [ctx.cciCode, codes],
    );
    const members = await membersById(ctx, ids);
    const companies = new Map(found.map((c) => [foldCode(c.company_code), c]));
    return rows.map((row) => check(ctx, row, companies, members));
  },
};
