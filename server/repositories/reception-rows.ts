/**
 * The reception list (DESIGN.md §11.3): every invitee of a conference with its company and member,
 * in protocol order (sort, id), searchable by name, kana (ひらがな finds カタカナ), company name and
 * 事業所コード, and filtered by who is expected and who has arrived.
 */
import type pg from 'pg';
import { SEARCH_VARIANTS_FROM, SEARCH_VARIANTS_TO } from '../../access/itaiji.ts';
import type { AnswerContent, ConferenceMemberCategory } from '../db/schema.ts';
import { searchTerms } from '../db/normalize.ts';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../schemas/common.ts';
import { pick } from '../lib/list-query.ts';
import type { ReceptionCounts, ReceptionRow } from '../schemas/reception.ts';
import { EXPECTED_SQL, receptionCounts } from './reception-state.ts';

interface Selected {
  id: number;
  conference_id: number;
  company_id: number;
  company_code: string;
  company_name: string;
  member_id: number;
  member_name: string;
  member_kana: string | null;
  member_title: string | null;
  category: ConferenceMemberCategory;
  answer_content: AnswerContent | null;
  proxy_name: string | null;
  proxy_title: string | null;
  sort: number;
  expected: boolean;
  walk_in: boolean;
  checked_in_at: Date | null;
  checked_in_by: string | null;
  attended_by: string | null;
  version: number;
}

/** `cm` is the conference member; company and member joined by their table names. */
const SELECT_ROWS = `
  select cm.id, cm.conference_id, cm.company_id, company.company_code, coalesce(company.name1, '') as company_name,
         cm.member_id, member.name as member_name, member.name_kana as member_kana, member.title as member_title,
         cm.category, cm.answer_content, cm.proxy_name, cm.proxy_title, cm.sort,
         coalesce(${EXPECTED_SQL}, false) as expected, cm.walk_in, cm.checked_in_at, cm.checked_in_by,
         cm.attended_by, cm.version
    from conference_member cm
    join company on company.id = cm.company_id
    join member on member.id = cm.member_id`;

const toRow = (r: Selected): ReceptionRow => ({ ...r, checked_in_at: r.checked_in_at ? r.checked_in_at.toISOString() : null });

/** One invitee of the conference as the desk shows it, or null when the id is not one. */
export async function receptionRow(client: pg.ClientBase, conferenceId: number, id: number): Promise<ReceptionRow | null> {
  const { rows } = await client.query<Selected>(`${SELECT_ROWS} where cm.id = $1 and cm.conference_id = $2`, [id, conferenceId]);
  return rows[0] ? toRow(rows[0]) : null;
}

export type ReceptionFilter = 'all' | 'expected' | 'arrived' | 'not_arrived';

const FILTERS: Record<ReceptionFilter, string | null> = {
  all: null,
  expected: EXPECTED_SQL,
  arrived: 'cm.checked_in_at is not null',
  not_arrived: `${EXPECTED_SQL} and cm.checked_in_at is null`,
};

export interface ReceptionListQuery {
  q?: string;
  keyword?: string;
  filter?: ReceptionFilter;
  page?: number;
  perPage?: number;
  page_size?: number;
  sort?: string;
  fields?: string;
}

export interface ReceptionList {
  data: Array<Partial<ReceptionRow>>;
  meta: { total: number; page: number; page_size: number; perPage: number };
  counts: ReceptionCounts;
}

const escapeLike = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** search_text (or a folded name) with its spaces dropped, as the walk-in dialog compares names. */
const spaceless = (sql: string) => `replace(${sql}, ' ', '')`;

/**
 * Each term of `q` (normalised as search_text is: NFKC, 異体字, lower case, katakana → hiragana) must be in
 * the member's search_text (name, kana, 事業所コード, company name) or the company's (code, name,
 * kana). Spaces count for nothing on either side (NFKC made full-width ones half-width), so 山田太郎
 * and やまだたろう find 山田 太郎 (ヤマダ タロウ) as the walk-in dialog's name check does (issue 29 §6).
 * Within one conference a plain LIKE is cheaper than the chamber-wide bigram index.
 */
function searchConditions(q: string | undefined, params: unknown[]): string[] {
  const terms = searchTerms(q ?? '');
  if (terms.length === 0) return [];
  // the substitute of a 代理出席 is who stands at the desk: their name is searched too, folded in
  // SQL as search_text is (NFKC, 異体字, lower case, katakana → hiragana)
  params.push(SEARCH_VARIANTS_FROM, SEARCH_VARIANTS_TO, KATAKANA, HIRAGANA);
  const n = params.length;
  const proxy = `translate(lower(translate(normalize(coalesce(cm.proxy_name, ''), NFKC), $${n - 3}, $${n - 2})), $${n - 1}, $${n})`;
  const fields = ['member.search_text', 'company.search_text', proxy].map(spaceless);
  return terms.map((term) => {
    params.push(escapeLike(term));
    const p = `$${params.length}`;
    return `(${fields.map((f) => `${f} like ${p}`).join(' or ')})`;
  });
}

const codes = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i)).join('');
/** ァ–ヶ → ぁ–ゖ, ヽヾ → ゝゞ (server/db/normalize.ts KATAKANA_RE) */
const KATAKANA = codes(0x30a1, 0x30f6) + '\u30FD\u30FE';
const HIRAGANA = codes(0x3041, 0x3096) + '\u309D\u309E';

export async function receptionList(
  client: pg.ClientBase,
  conferenceId: number,
  query: ReceptionListQuery,
): Promise<ReceptionList> {
  const page = query.page ?? DEFAULT_PAGE;
  // page_size has its default (10) from the schema: perPage, when given, wins
  const perPage = query.perPage ?? query.page_size ?? DEFAULT_PAGE_SIZE;
  const params: unknown[] = [conferenceId];
  const filter = FILTERS[query.filter ?? 'all'];
  const keyword = query.keyword ?? query.q;
  const where = ['cm.conference_id = $1', ...(filter ? [filter] : []), ...searchConditions(keyword, params)].join(' and ');
  // `sort` has one name (the protocol order): `-sort` reverses it
  const order = query.sort === '-sort' ? 'cm.sort desc, cm.id desc' : 'cm.sort, cm.id';
  const fields = query.fields?.split(',');
  const { rows } = await client.query<Selected>(
    `${SELECT_ROWS} where ${where} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, perPage, (page - 1) * perPage],
  );
  const { rows: total } = await client.query<{ total: number }>(
    `select count(*)::int as total from conference_member cm
       join company on company.id = cm.company_id join member on member.id = cm.member_id where ${where}`,
    params,
  );
  return {
    data: rows.map((row) => (fields ? pick(toRow(row), fields) : toRow(row))),
    meta: { total: total[0].total, page, page_size: perPage, perPage },
    counts: await receptionCounts(client, conferenceId),
  };
}
