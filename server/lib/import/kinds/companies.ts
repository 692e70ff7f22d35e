/**
 * 事業所 (DESIGN.md §11.4): the companies export's columns; rows match by 事業所コード, folded as
 * the forms fold it (the body normaliser's foldCode), and are checked by CompanyCreateSchema.
 */
import type { company, CompanyAttributes } from '../../../db/schema.ts';
import { COMPANY_EXPORT_HEADERS } from '../../../jobs/sources/index.ts';
import { CompanyCreateSchema } from '../../../schemas/company.ts';
import { chamberChangedAttributes, companySearchText, toCompany } from '../../../repositories/companies.ts';
import { memberSearchText } from '../../member-search-text.ts';
import { auditMany } from '../../audit.ts';
import { foldCode } from '../../../../access/codes.ts';
import { cellText, type ImportRow } from '../read/index.ts';
import { dateCell } from './people.ts';
import { keepGetaCells } from '../geta.ts';
import { bodyValidator, checkRow } from '../validate.ts';
import { importMessages as m } from '../messages.ts';
import { FOLDED_CODE_IN_2, changedColumns, same, type CheckedRow, type ImportKind, type KindContext } from './types.ts';

export const COMPANY_CODE = '事業所コード';
/** 入会日 (issue 33): 和暦, Excel serials and every form the members' dates take */
export const JOINED_ON = '入会日';
/** the companies export's headers (登録日 and 更新日時 are read-only) */
export const COMPANY_HEADERS = COMPANY_EXPORT_HEADERS;

const FIELDS = [
  ['name1', '事業所名'],
  ['name_kana', 'フリガナ'],
  ['representative', '代表者'],
  ['postal_code', '郵便番号'],
  ['address', '住所'],
  ['phone', '電話番号'],
  ['email', 'メールアドレス'],
] as const;
type Field = (typeof FIELDS)[number][0];

const LABELS: Record<string, string> = {
  company_code: COMPANY_CODE,
  joined_on: JOINED_ON,
  ...Object.fromEntries(FIELDS.map(([field, header]) => [`attributes.${field}`, header])),
};

const validate = bodyValidator(CompanyCreateSchema);

type StoredCompany = Pick<
  typeof company.$inferSelect,
  'id' | 'cci_code' | 'company_code' | 'joined_on' | 'version' | 'attributes' | 'created_at' | 'updated_at'
>;
/** a stored company as toCompany reads it (the date as text: pg would make it a local-midnight Date) */
const storedColumns = (t: string) =>
  `${t}.id, ${t}.cci_code, ${t}.company_code, ${t}.joined_on::text as joined_on, ${t}.version, ${t}.attributes, ${t}.created_at, ${t}.updated_at`;

interface Pending extends CheckedRow {
  code?: string;
  /** undefined: no 入会日 column (the stored day stays); null: an empty cell clears it */
  joinedOn?: string | null;
  attributes?: Partial<Record<Field, string | null>>;
  current?: StoredCompany;
}

function check(ctx: KindContext, row: ImportRow): Pending {
  const cell = (header: string) => {
    const i = ctx.column(header);
    return i < 0 ? undefined : (cellText(row.cells[i]) ?? '');
  };
  const attributes: Record<string, string> = {};
  for (const [field, header] of FIELDS) {
    const value = cell(header);
    if (value !== undefined) attributes[field] = value;
  }
  const errors: Pending['errors'] = [];
  const joined = dateCell(ctx, row, JOINED_ON, errors);
  const body = { company_code: cell(COMPANY_CODE) ?? '', attributes, ...(joined === undefined ? {} : { joined_on: joined }) };
  const checked = checkRow(validate, body, row.row, LABELS);
  const values = {
    [COMPANY_CODE]: body.company_code,
    ...Object.fromEntries(FIELDS.map(([f, h]) => [h, attributes[f]])),
    ...(joined === undefined ? {} : { [JOINED_ON]: joined }),
  };
  if (!checked.ok) errors.push(...checked.errors.filter((e) => !errors.some((k) => k.column === e.column)));
  if (!checked.ok || errors.length > 0) return { source: row, result: 'failed', errors, values };
  const value = checked.value as {
    company_code: string;
    joined_on?: string | null;
    attributes: Partial<Record<Field, string | null>>;
  };
  if (ctx.seen.has(value.company_code)) {
    const error = { row: row.row, column: COMPANY_CODE, code: 'duplicate_in_file', message: m.duplicateInFile(COMPANY_CODE) };
    return { source: row, result: 'failed', errors: [error], values };
  }
  ctx.seen.add(value.company_code);
  const joinedOn = joined === undefined ? undefined : (value.joined_on ?? null);
  return { source: row, result: 'created', errors: [], values, code: value.company_code, joinedOn, attributes: value.attributes };
}

async function write(ctx: KindContext, rows: Pending[]): Promise<void> {
  const created = rows.filter((r) => r.result === 'created');
  const updated = rows.filter((r) => r.result === 'updated');
  const audits = [];
  if (created.length > 0) {
    // One statement for the rows and their audit rows, the rows sent as one JSON document (not a
    // 1 000-row VALUES of 6 000 parameters). Each audit row's `after` is toCompany of the stored
    // row, put together from what is known without reading it back: a new row's version is 1, its
    // stamps are the transaction's now() (ctx.now, shown as toISOString shows it) and its
    // attributes are those sent (事業所名 required, admin_changed_info_flag '0'). import.test.ts and
    // import-run.test.ts compare it with what the API shows.
    const rows = created.map((r) => {
      const attributes = { ...r.attributes, admin_changed_info_flag: '0' } as CompanyAttributes;
      const joined_on = r.joinedOn ?? null;
      return { code: r.code!, joined_on, attributes, search_text: companySearchText(r.code!, attributes) };
    });
    await ctx.client.query(
      `with stored as (
         insert into company (cci_code, company_code, joined_on, attributes, search_text, created_by, updated_by)
         select $1, v.code, v.joined_on, v.attributes, v.search_text, $2, $2
           from jsonb_to_recordset($3::jsonb) as v(code text, joined_on date, attributes jsonb, search_text text)
         returning id, company_code, joined_on, attributes)
       insert into audit_log (cci_code, actor, action, entity, entity_id, after, import_job_id)
       select $1, $2, 'create', 'company', id::text,
              jsonb_build_object('id', id, 'cci_code', $1::text, 'company_code', company_code, 'joined_on', joined_on,
                'version', 1, 'attributes', attributes, 'created_at', $5::text, 'updated_at', $5::text), $4
         from stored`,
      [ctx.cciCode, ctx.actor, JSON.stringify(rows), ctx.jobId, ctx.now.toISOString()],
    );
  }
  if (updated.length > 0) {
    const next = updated.map((r) => chamberChangedAttributes(r.current!.attributes, r.attributes as Partial<CompanyAttributes>));
    const { rows: stored } = await ctx.client.query<StoredCompany>(
      `update company c set attributes = v.attributes, joined_on = v.joined_on, search_text = v.search_text,
              version = c.version + 1, updated_at = now(), updated_by = $1
         from unnest($2::int[], $3::jsonb[], $4::text[], $5::date[]) as v(id, attributes, search_text, joined_on)
        where c.id = v.id returning ${storedColumns('c')}`,
      [
        ctx.actor,
        updated.map((r) => r.current!.id),
        next.map((a) => JSON.stringify(a)),
        updated.map((r, i) => companySearchText(r.current!.company_code, next[i])),
        updated.map((r) => (r.joinedOn === undefined ? r.current!.joined_on : r.joinedOn)),
      ],
    );
    const before = new Map(updated.map((r) => [r.current!.id, r.current!]));
    for (const row of stored) {
      audits.push({
        action: 'update',
        entity: 'company',
        entityId: row.id,
        before: toCompany(before.get(row.id)!),
        after: toCompany(row),
      });
    }
    // members keep a copy of their company's name for the keyword search (as the form's update does)
    const renamed = updated.filter((r, i) => next[i].name1 !== r.current!.attributes.name1).map((r) => r.current!.id);
    if (renamed.length > 0) await refreshMemberSearchText(ctx, renamed);
  }
  await auditMany(
    ctx.client,
    audits.map((a) => ({ ...a, cciCode: ctx.cciCode, actor: ctx.actor, importJobId: ctx.jobId })),
  );
}

async function refreshMemberSearchText(ctx: KindContext, companyIds: number[]): Promise<void> {
  const { rows } = await ctx.client.query<{
    id: number;
    name: string;
    name_kana: string | null;
    company_code: string;
    name1: string | null;
  }>(
    `select m.id, m.name, m.name_kana, c.company_code, c.attributes ->> 'name1' as name1
       from member m join company c on c.id = m.company_id where m.company_id = any($1::int[])`,
    [companyIds],
  );
  await ctx.client.query(
    `update member m set search_text = v.search_text from unnest($1::int[], $2::text[]) as v(id, search_text) where m.id = v.id`,
    [rows.map((r) => r.id), rows.map((r) => memberSearchText(r.name, r.name_kana, r.company_code, r.name1))],
  );
}

/**
 * A row exactly as stored is unchanged, even where stored data predates today's form rules (a
 * フリガナ typed before the katakana rule): nothing is written, and an export → import round trip
 * must not fail on old rows (issue 17). Only rows the forms' check failed are looked at again.
 */
async function keepStoredRows(ctx: KindContext, rows: ImportRow[], checked: Pending[]): Promise<void> {
  // an impossible 入会日 is never "as stored": the cell says nothing the row could be compared with
  const failed = checked.flatMap((r, i) =>
    r.result === 'failed' && !r.errors.some((e) => e.code === 'invalid_date') ? [i] : [],
  );
  if (failed.length === 0) return;
  const cell = (row: ImportRow, header: string) => {
    const i = ctx.column(header);
    return i < 0 ? undefined : (cellText(row.cells[i]) ?? '');
  };
  const codeOf = (i: number) => foldCode(cell(rows[i], COMPANY_CODE) ?? '');
  const { rows: found } = await ctx.read.query<StoredCompany>(
    `select ${storedColumns('company')} from company where cci_code = $1 and ${FOLDED_CODE_IN_2}`,
    [ctx.cciCode, failed.map(codeOf)],
  );
  const byCode = new Map(found.map((c) => [foldCode(c.company_code), c]));
  for (const i of failed) {
    const code = codeOf(i);
    const current = byCode.get(code);
    if (!current || ctx.seen.has(code)) continue;
    const joined = dateCell(ctx, rows[i], JOINED_ON, []);
    const asStored =
      (joined === undefined || same(current.joined_on, joined)) &&
      FIELDS.every(([field, header]) => {
        const value = cell(rows[i], header);
        return value === undefined || same(current.attributes[field], value);
      });
    if (!asStored) continue;
    ctx.seen.add(code);
    Object.assign(checked[i], { result: 'unchanged', errors: [], code, current });
  }
}

export const companiesKind: ImportKind<Pending> = {
  headers: COMPANY_HEADERS,
  required: [COMPANY_CODE, '事業所名'],
  write,
  async check(ctx, rows) {
    const checked = rows.map((row) => check(ctx, row));
    // A chamber's first load (no companies when the import began) has nothing to look up: rows of
    // earlier batches are in ctx.seen. A company a form stores meanwhile makes the insert fail on
    // the unique code, and the job's retry looks it up.
    ctx.firstLoad ??= (
      await ctx.read.query('select not exists (select from company where cci_code = $1) as empty', [ctx.cciCode])
    ).rows[0].empty as boolean;
    if (!ctx.firstLoad) await lookUp(ctx, rows, checked);
    return checked;
  },
};

const HEADER_OF: Record<string, string> = Object.fromEntries(FIELDS);

/** A cell that is the Shift_JIS export's 〓 rendering of the stored text keeps the stored text (geta.ts). */
function keepGeta(r: Pending, current: StoredCompany): void {
  const warnings = keepGetaCells(current.attributes, r.attributes!, { row: r.source.row, labels: HEADER_OF, values: r.values });
  if (warnings.length > 0) r.warnings = warnings;
}

/** Each checked row's stored company (by the folded code): updated or unchanged. */
async function lookUp(ctx: KindContext, rows: ImportRow[], checked: Pending[]): Promise<void> {
  const codes = checked.filter((r) => r.code !== undefined).map((r) => r.code!);
  const { rows: found } = await ctx.read.query<StoredCompany>(
    `select ${storedColumns('company')} from company where cci_code = $1 and ${FOLDED_CODE_IN_2}`,
    [ctx.cciCode, codes],
  );
  const byCode = new Map(found.map((c) => [foldCode(c.company_code), c]));
  await keepStoredRows(ctx, rows, checked);
  for (const r of checked) {
    const current = r.code !== undefined ? byCode.get(r.code) : undefined;
    if (!current) continue;
    r.current = current;
    keepGeta(r, current);
    const read = Object.keys(r.attributes!) as Field[];
    const changes = [
      ...(r.joinedOn !== undefined ? changedColumns(['joined_on'], current, { joined_on: r.joinedOn }, LABELS) : []),
      ...changedColumns(read, current.attributes, r.attributes!, HEADER_OF),
    ];
    r.result = changes.length > 0 ? 'updated' : 'unchanged';
    if (changes.length > 0) r.changes = changes;
  }
}
