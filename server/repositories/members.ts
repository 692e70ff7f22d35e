import fp from 'fastify-plugin';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { company, member, users } from '../db/schema.ts';
import { memberSearchText } from '../lib/member-search-text.ts';
import type { Member, MemberCompany, MemberCreate, MemberUpdate, MemberUser } from '../schemas/member.ts';
import { namesOf } from '../lib/name-list.ts';
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
import { Problem, notFound } from '../lib/problem.ts';
import { normalizeEmail, type CreatedCognitoUser } from '../services/cognito-users.ts';
import { orphanedLoginProblem } from '../lib/users/accounts.ts';

type MemberRow = typeof member.$inferSelect;
type CompanyRef = { id: number; company_code: string; name1: string | null };

/** DESIGN.md §4: filters company_id, company_code, keyword (name, kana, codes), periods, active_on. */
export const MEMBER_LIST: ListSpec = {
  id: member.id,
  sortable: {
    id: member.id,
    company_code: member.company_code,
    name_kana: member.name_kana,
    start_at: member.start_at,
    end_at: member.end_at,
    updated_at: member.updated_at,
  },
  defaultSort: ['company_code', 'name_kana'],
  filters: {
    company_id: { column: member.company_id, type: 'integer', ops: ['eq'] },
    company_code: { column: member.company_code, type: 'folded_code', ops: ['eq', 'startswith', 'in'] },
  },
  keyword: member.search_text,
  fields: [
    'id',
    'cci_code',
    'company_id',
    'company_code',
    'name',
    'name_kana',
    'title',
    'email',
    'start_at',
    'end_at',
    'version',
    'created_at',
    'updated_at',
  ],
  expand: ['company'],
  extra: { ...PeriodQuery },
};
export const MemberListQuery = listQuerySchema(MEMBER_LIST);

export function toMember(row: Omit<MemberRow, 'search_text' | 'created_by' | 'updated_by'>): Member {
  return {
    id: row.id,
    cci_code: row.cci_code,
    company_id: row.company_id,
    company_code: row.company_code,
    name: row.name,
    name_kana: row.name_kana,
    title: row.title,
    email: row.email,
    start_at: row.start_at,
    end_at: row.end_at,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const companyOf = (ref: CompanyRef): MemberCompany => ({ id: ref.id, company_code: ref.company_code, name1: ref.name1 ?? '' });

const searchTextOf = (name: string, nameKana: string | null, ref: CompanyRef) =>
  memberSearchText(name, nameKana, ref.company_code, ref.name1);

/**
 * A company_id outside the caller's chamber is a 400 on the field, not a 404: the SPA sends every
 * 404 to /404 (spec §2), while here only a reference inside the body is wrong.
 */
const unknownCompany = () =>
  new Problem(400, 'company_not_found', '指定された事業所が見つかりません。', [
    { field: 'body.company_id', code: 'not_found', message: 'no such company in this chamber' },
  ]);

const memberHasNoEmail = () =>
  new Problem(422, 'member_has_no_email', 'この会員にはメールアドレスが登録されていないため、ユーザーを作成できません。');

const userExists = () => new Problem(409, 'user_exists', 'このメールアドレスのユーザーは既に登録されています。');

/** Members with their company (expand=company; the join is a primary-key look-up per row). */
/** `extra`: more selected fields (a list's total) */
const selectWithCompany = <E extends Record<string, SQL>>(ex: Executor, extra = {} as E) =>
  ex
    .select({ member, company: { id: company.id, company_code: company.company_code, name1: company.name1 }, ...extra })
    .from(member)
    .innerJoin(company, eq(company.id, member.company_id));

async function companyInChamber(tx: Executor, cciCode: string, id: number): Promise<CompanyRef> {
  const [ref] = await tx
    .select({ id: company.id, company_code: company.company_code, name1: company.name1 })
    .from(company)
    .where(and(eq(company.cci_code, cciCode), eq(company.id, id)));
  if (!ref) throw unknownCompany();
  return ref;
}

export interface MembersRepository {
  list(cciCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<Member>>>;
  findById(cciCode: string, id: number, expand?: 'company'): Promise<Member | null>;
  create(cciCode: string, actor: string, input: MemberCreate): Promise<Member>;
  update(cciCode: string, id: number, actor: string, input: MemberUpdate): Promise<Member>;
  /**
   * Creates the member's company's COMPANY_ADMIN: the Cognito user, then the users row, in one
   * transaction that holds the member row (concurrent calls for one member queue; the second sees
   * the first's row → 409). Should the row not be written after Cognito created the user, the
   * Cognito user is disabled (the service offers no delete) and logged with its username for an
   * operator, and the call answers 500 `user_creation_failed` — never a silent half state.
   */
  createUser(cciCode: string, id: number, actor: string): Promise<MemberUser>;
}

declare module 'fastify' {
  interface FastifyInstance {
    members: MembersRepository;
  }
}

export default fp(
  async (app) => {
    const db = app.db;

    const repository: MembersRepository = {
      async list(cciCode, query) {
        const base: Array<SQL | undefined> = [eq(member.cci_code, cciCode)];
        base.push(...periodConditions(member.start_at, member.end_at, query));
        const plan = planList(MEMBER_LIST, query, base);
        const counting = db.select({ n: count() }).from(member).where(plan.where);
        const { rows, total } = await pageWithTotal(db, plan, totalOf(counting), (listTotal) =>
          selectWithCompany(db, { [LIST_TOTAL]: listTotal })
            .where(plan.where)
            .orderBy(...plan.orderBy)
            .limit(plan.pageSize)
            .offset((plan.page - 1) * plan.pageSize),
        );
        const withCompany = namesOf(query.expand).includes('company');
        const data = rows.map((row) => {
          const item: Partial<Member> = plan.fields ? pick(toMember(row.member), plan.fields) : toMember(row.member);
          return withCompany ? { ...item, company: companyOf(row.company) } : item;
        });
        return { data, meta: { page: plan.page, page_size: plan.pageSize, total } };
      },

      async findById(cciCode, id, expand) {
        const [row] = await selectWithCompany(db).where(and(eq(member.cci_code, cciCode), eq(member.id, id)));
        if (!row) return null;
        const found = toMember(row.member);
        return expand === 'company' ? { ...found, company: companyOf(row.company) } : found;
      },

      async create(cciCode, actor, input) {
        assertPeriod(input.start_at ?? null, input.end_at ?? null, 'body.end_at');
        return db.transaction(async (tx) => {
          const ref = await companyInChamber(tx, cciCode, input.company_id);
          const nameKana = input.name_kana ?? null;
          const [row] = await tx
            .insert(member)
            .values({
              cci_code: cciCode,
              company_id: ref.id,
              company_code: ref.company_code,
              name: input.name,
              name_kana: nameKana,
              title: input.title ?? null,
              email: input.email ?? null,
              start_at: input.start_at ?? null,
              end_at: input.end_at ?? null,
              search_text: searchTextOf(input.name, nameKana, ref),
              created_by: actor,
              updated_by: actor,
            })
            .returning();
          const created = toMember(row);
          await audit(tx, { cciCode, actor, action: 'create', entity: 'member', entityId: row.id, after: created });
          return created;
        });
      },

      async update(cciCode, id, actor, input) {
        return db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(member)
            .where(and(eq(member.cci_code, cciCode), eq(member.id, id)))
            .for('update');
          if (!current) throw notFound();
          if (current.version !== input.version) throw versionConflict(current.version);
          const ref = await companyInChamber(tx, cciCode, input.company_id ?? current.company_id);
          const next = {
            name: input.name ?? current.name,
            name_kana: input.name_kana === undefined ? current.name_kana : input.name_kana,
            title: input.title === undefined ? current.title : input.title,
            email: input.email === undefined ? current.email : input.email,
            start_at: input.start_at === undefined ? current.start_at : input.start_at,
            end_at: input.end_at === undefined ? current.end_at : input.end_at,
          };
          assertPeriod(next.start_at, next.end_at, 'body.end_at');
          const [row] = await tx
            .update(member)
            .set({
              ...next,
              company_id: ref.id,
              company_code: ref.company_code,
              search_text: searchTextOf(next.name, next.name_kana, ref),
              version: current.version + 1,
              updated_at: new Date(),
              updated_by: actor,
            })
            .where(eq(member.id, id))
            .returning();
          const updated = toMember(row);
          await audit(tx, {
            cciCode,
            actor,
            action: 'update',
            entity: 'member',
            entityId: id,
            before: toMember(current),
            after: updated,
          });
          return updated;
        });
      },

      async createUser(cciCode, id, actor) {
        let created: CreatedCognitoUser | undefined;
        try {
          return await db.transaction(async (tx) => {
            const [found] = await tx
              .select()
              .from(member)
              .where(and(eq(member.cci_code, cciCode), eq(member.id, id)))
              .for('update');
            if (!found) throw notFound();
            if (!found.email) throw memberHasNoEmail();
            // One pool for all chambers: one e-mail is one login anywhere (DESIGN.md §6).
            const email = normalizeEmail(found.email);
            const [existing] = await tx.select({ username: users.username }).from(users).where(eq(users.email, email)).limit(1);
            if (existing) throw userExists();
            // Cognito answers 409 user_exists itself for an account without a users row.
            created = await app.cognitoUsers.createCompanyAdmin({
              email,
              companyId: found.company_id,
              cciCode,
              displayName: found.name,
            });
            const row = {
              username: created.username,
              cci_code: cciCode,
              user_type: 'COMPANY_ADMIN' as const,
              company_id: found.company_id,
              email,
              display_name: found.name,
              created_by: actor,
              updated_by: actor,
            };
            await tx.insert(users).values(row);
            await audit(tx, { cciCode, actor, action: 'create', entity: 'users', entityId: row.username, after: row });
            const result: MemberUser = { username: row.username, email, user_type: 'COMPANY_ADMIN', company_id: row.company_id };
            return created.temporaryPassword ? { ...result, temporary_password: created.temporaryPassword } : result;
          });
        } catch (err) {
          if (!created) throw err;
          throw await orphanedLoginProblem(app.log, app.cognitoUsers, created.username, { err, memberId: id });
        }
      },
    };
    app.decorate('members', repository);
  },
  { name: 'members-repository', dependencies: ['database', 'cognito-users'] },
);
