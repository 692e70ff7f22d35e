import fp from 'fastify-plugin';
import { and, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { company, users } from '../db/schema.ts';
import { ROLES, RoleSchema, type Role, type SessionUser } from '../schemas/session.ts';
import type { User, UserUpdate } from '../schemas/user.ts';
import { listQuerySchema, planList, runList, type ListResult, type ListSpec } from '../lib/list-query.ts';
import { containsKeyword } from '../lib/masters-contains.ts';
import { audit } from '../lib/audit.ts';
import { versionConflict } from '../lib/db-errors.ts';
import { Problem, notFound } from '../lib/problem.ts';
import { isChamberRole } from '../../access/roles.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { PARAM } from '../db/prepared.ts';

type UserRow = typeof users.$inferSelect;

const roleList = `(${ROLES.join('|')})`;

/** The console's user list: filters user_type (one or several), enabled, company_id; keyword on e-mail / display name. */
export const USER_LIST: ListSpec = {
  id: users.username,
  sortable: {
    username: users.username,
    email: users.email,
    display_name: users.display_name,
    user_type: users.user_type,
    enabled: users.enabled,
    created_at: users.created_at,
    updated_at: users.updated_at,
  },
  defaultSort: ['email'],
  filters: {
    enabled: { column: users.enabled, type: 'boolean', ops: ['eq'] },
    company_id: { column: users.company_id, type: 'integer', ops: ['eq'] },
  },
  extra: {
    user_type: RoleSchema,
    user_type__in: Type.String({ pattern: `^${roleList}(,${roleList})*$`, maxLength: 200 }),
  },
  // no search_text column on users: a substring match over e-mail and display name
  keyword: (keyword) => containsKeyword([users.email, users.display_name], keyword),
  fields: [
    'username',
    'cci_code',
    'user_type',
    'company_id',
    'email',
    'display_name',
    'enabled',
    'version',
    'created_at',
    'updated_at',
  ],
};
export const UserListQuery = listQuerySchema(USER_LIST);

export function toUser(row: UserRow): User {
  return {
    username: row.username,
    cci_code: row.cci_code,
    user_type: row.user_type,
    company_id: row.company_id,
    email: row.email,
    display_name: row.display_name,
    enabled: row.enabled,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const invalidCompany = (detail: string) =>
  new Problem(422, 'invalid_company', detail, [{ field: 'body.company_id', code: 'invalid_company', message: detail }]);

/** DESIGN.md §6: a login never crosses sides (a company's person is not turned into chamber staff). */
const roleSideChange = () =>
  new Problem(
    422,
    'role_side_change',
    '事業所のユーザーと会議所のユーザーの間で権限を変更することはできません。会議所のユーザーは「作成」から新しく登録してください。',
    [{ field: 'body.user_type', code: 'role_side_change', message: 'cannot change between company and chamber roles' }],
  );

/**
 * A CCI_ADMIN cannot disable or demote itself: the chamber would risk losing its last
 * administrator, and the caller its own access mid-session.
 */
const cannotChangeSelf = () =>
  new Problem(422, 'cannot_change_self', '自分自身のアカウントを無効化したり、権限を変更したりすることはできません。');

/**
 * The auth guard reads the users row on every request (DESIGN.md §6); enabled rows are kept for
 * SESSION_USER_CACHE_MS (DESIGN.md §9: one query less per request). A change made through update()
 * applies at once in this process; in other API processes (and after a direct SQL change) a
 * disabled account, a new role or company takes effect within SESSION_USER_CACHE_MS. Disabled and
 * unknown users are never cached: re-enabling or creating an account applies at once.
 */
const SESSION_USER_CACHE_MS = 5_000;
const SESSION_USER_CACHE_MAX = 10_000;

export interface UsersRepository {
  /** The auth guard's look-up (any chamber): role, tenant and enabled flag of a token's user (cached briefly, see above). */
  findByUsername(username: string): Promise<SessionUser | null>;
  list(cciCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<User>>>;
  findInChamber(cciCode: string, username: string): Promise<User | null>;
  /**
   * Versioned update by `actor`. `login` keeps the Cognito user in step inside the transaction
   * (enabled; role attributes): if Cognito fails, nothing is saved.
   */
  update(cciCode: string, username: string, actor: string, input: UserUpdate, login: LoginSync): Promise<User>;
}

export interface LoginSync {
  setEnabled(enabled: boolean): Promise<void>;
  setRole(userType: Role, companyId: number | null): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
  }
}

export default fp(
  async (app) => {
    const ofChamber = (cciCode: string, username: string) => and(eq(users.cci_code, cciCode), eq(users.username, username));

    const sessionUsers = new TtlCache<SessionUser>(SESSION_USER_CACHE_MS, SESSION_USER_CACHE_MAX);
    const byUsername = app.db
      .select()
      .from(users)
      .where(eq(users.username, PARAM.username))
      .limit(1)
      .prepare('users_by_username');

    const repository: UsersRepository = {
      async findByUsername(username) {
        const cached = sessionUsers.get(username);
        if (cached) return cached;
        const [row] = await byUsername.execute({ username });
        if (!row) return null;
        const user: SessionUser = {
          username: row.username,
          cciCode: row.cci_code,
          userType: row.user_type,
          companyId: row.company_id,
          email: row.email,
          displayName: row.display_name,
          enabled: row.enabled,
        };
        if (user.enabled) sessionUsers.set(username, user);
        return user;
      },

      list(cciCode, query) {
        const types = typeof query.user_type__in === 'string' ? (query.user_type__in.split(',') as Role[]) : undefined;
        const base = [
          eq(users.cci_code, cciCode),
          typeof query.user_type === 'string' ? eq(users.user_type, query.user_type as Role) : undefined,
          types ? inArray(users.user_type, types) : undefined,
        ];
        return runList(app.db, users, planList(USER_LIST, query, base), toUser);
      },

      async findInChamber(cciCode, username) {
        const [row] = await app.db.select().from(users).where(ofChamber(cciCode, username)).limit(1);
        return row ? toUser(row) : null;
      },

      async update(cciCode, username, actor, input, login) {
        const saved = await app.db.transaction(async (tx) => {
          const [current] = await tx.select().from(users).where(ofChamber(cciCode, username)).for('update');
          if (!current) throw notFound();
          if (current.version !== input.version) throw versionConflict(current.version);
          const userType = input.user_type ?? current.user_type;
          const enabled = input.enabled ?? current.enabled;
          if (username === actor && (userType !== current.user_type || !enabled)) throw cannotChangeSelf();
          if (isChamberRole(userType) !== isChamberRole(current.user_type)) throw roleSideChange();

          let companyId: number | null;
          if (isChamberRole(userType)) {
            if (input.company_id != null) throw invalidCompany('会議所のユーザーには事業所を指定できません。');
            companyId = null;
          } else {
            companyId = input.company_id !== undefined ? input.company_id : current.company_id;
            const [own] = companyId
              ? await tx
                  .select({ id: company.id })
                  .from(company)
                  .where(and(eq(company.cci_code, cciCode), eq(company.id, companyId)))
              : [];
            if (!own) throw invalidCompany('事業所管理者には、この商工会議所の事業所を指定してください。');
          }

          const [row] = await tx
            .update(users)
            .set({
              user_type: userType,
              company_id: companyId,
              enabled,
              display_name: input.display_name !== undefined ? input.display_name : current.display_name,
              version: current.version + 1,
              updated_at: new Date(),
              updated_by: actor,
            })
            .where(eq(users.username, username))
            .returning();
          const updated = toUser(row);
          await audit(tx, {
            cciCode,
            actor,
            action: 'update',
            entity: 'user',
            entityId: username,
            before: toUser(current),
            after: updated,
          });
          if (enabled !== current.enabled) await login.setEnabled(enabled);
          if (userType !== current.user_type || companyId !== current.company_id) await login.setRole(userType, companyId);
          return updated;
        });
        // after the commit: a look-up in between would cache the old row again
        sessionUsers.delete(username);
        return saved;
      },
    };
    app.decorate('users', repository);
  },
  { name: 'users-repository', dependencies: ['database'] },
);
