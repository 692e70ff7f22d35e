/**
 * Staff accounts and temporary passwords (DESIGN.md §6 "Staff accounts", issue 15 item 3, issue 18
 * item 2). The users row and the Cognito login change together: a Cognito failure leaves no row,
 * and a row that cannot be written leaves a disabled Cognito login (never a usable stray one).
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { audit } from '../audit.ts';
import { Problem, notFound } from '../problem.ts';
import { toUser } from '../../repositories/users.ts';
import { normalizeEmail, type CognitoUsers, type CreatedCognitoUser } from '../../services/cognito-users.ts';
import type { StaffCreate, User } from '../../schemas/user.ts';

export interface AccountsDeps {
  db: Db;
  cognitoUsers: CognitoUsers;
  log: FastifyBaseLogger;
}

const userExists = () => new Problem(409, 'user_exists', 'このメールアドレスのユーザーは既に登録されています。');

/** The own password is changed from the user menu (パスワード変更), knowing the current one. */
const ownPassword = () =>
  new Problem(422, 'own_password', '自分のパスワードは、ユーザーメニューの「パスワード変更」から変更してください。');

const creationFailed = (disabled: boolean) =>
  new Problem(
    500,
    'user_creation_failed',
    disabled
      ? 'ユーザーの登録に失敗しました。認証基盤に作成したアカウントは無効化しました。システム管理者に連絡してください。'
      : 'ユーザーの登録に失敗しました。認証基盤に作成したアカウントが残っています。システム管理者に連絡してください。',
  );

/**
 * The users row was not written after Cognito created the login (staff or company admin): disable
 * that login so nobody signs in without a row, and return the 500 to throw, saying whether it worked.
 */
export async function orphanedLoginProblem(
  log: FastifyBaseLogger,
  cognitoUsers: Pick<CognitoUsers, 'setEnabled'>,
  username: string,
  context: Record<string, unknown>,
): Promise<Problem> {
  log.error({ ...context, username }, 'users row not written after Cognito created the user');
  try {
    await cognitoUsers.setEnabled(username, false);
  } catch (disableErr) {
    log.error({ err: disableErr, username }, 'could not disable the orphaned Cognito user');
    return creationFailed(false);
  }
  return creationFailed(true);
}

/** A chamber staff login with a temporary password, returned once (Cognito AdminCreateUser). */
export async function createStaffUser(
  deps: AccountsDeps,
  cciCode: string,
  actor: string,
  input: StaffCreate,
): Promise<User & { temporary_password: string }> {
  const email = normalizeEmail(input.email);
  const displayName = input.display_name.trim();
  let created: CreatedCognitoUser | undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      // One pool for all chambers: one e-mail is one login anywhere (DESIGN.md §6).
      const [existing] = await tx.select({ username: users.username }).from(users).where(eq(users.email, email)).limit(1);
      if (existing) throw userExists();
      created = await deps.cognitoUsers.createLogin(
        { email, userType: input.user_type, companyId: null, cciCode, displayName },
        { revealPassword: true },
      );
      const [row] = await tx
        .insert(users)
        .values({
          username: created.username,
          cci_code: cciCode,
          user_type: input.user_type,
          company_id: null,
          email,
          display_name: displayName,
          created_by: actor,
          updated_by: actor,
        })
        .returning();
      const user = toUser(row);
      await audit(tx, { cciCode, actor, action: 'create', entity: 'user', entityId: user.username, after: user });
      return { ...user, temporary_password: created.temporaryPassword! };
    });
  } catch (err) {
    if (!created) throw err;
    throw await orphanedLoginProblem(deps.log, deps.cognitoUsers, created.username, { err });
  }
}

/**
 * A new temporary password for a user of the chamber (issue 15 item 3): AdminSetUserPassword,
 * not permanent, so the next sign-in must set a new one. Audited without the password.
 */
export async function reissueTemporaryPassword(
  deps: AccountsDeps,
  cciCode: string,
  actor: string,
  username: string,
): Promise<{ username: string; temporary_password: string }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.cci_code, cciCode), eq(users.username, username)))
      .for('update');
    if (!row) throw notFound();
    if (username === actor) throw ownPassword();
    await audit(tx, { cciCode, actor, action: 'reissue_password', entity: 'user', entityId: username });
    const temporaryPassword = await deps.cognitoUsers.setTemporaryPassword(username);
    return { username, temporary_password: temporaryPassword };
  });
}
