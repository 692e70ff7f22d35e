import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { Problem, notFound } from '../../../../lib/problem.ts';
import { UserListQuery, type LoginSync } from '../../../../repositories/users.ts';
import {
  CreatedUserSchema,
  ReissuedPasswordSchema,
  StaffCreateSchema,
  UserListSchema,
  UserSchema,
  UserUpdateSchema,
  UsernameParams,
} from '../../../../schemas/user.ts';
import { createStaffUser, reissueTemporaryPassword } from '../../../../lib/users/accounts.ts';
import { problemResponses } from '../../../../schemas/common.ts';
const errors = problemResponses(400, 401, 403, 404, 409, 422);
const tags = ['cci: users'];

/**
 * spec §7: GET and PUT /v1/cci/admin/master/users/{username}, plus the console's list (issue #3),
 * staff account creation (DESIGN.md §6) and a reissued temporary password (issue 15 item 3).
 * Tenant: the caller's chamber; another chamber's user is a 404. Written by CCI_ADMIN only.
 * Answers carrying a temporary password are never cached (Cache-Control: no-store).
 */
const users: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * Cognito follows the users row: a disabled user can no longer sign in (the auth guard already
   * refuses it by the row). A login missing from Cognito is already unable to sign in, so
   * disabling it is fine; enabling it cannot work → 422.
   */
  const loginOf = (username: string): LoginSync => ({
    async setEnabled(enabled) {
      try {
        await app.cognitoUsers.setEnabled(username, enabled);
      } catch (err) {
        if (!(err instanceof Problem && err.status === 404)) throw err;
        if (enabled) throw new Problem(422, 'cognito_user_missing', '認証基盤にこのユーザーが存在しないため、有効にできません。');
        app.log.warn({ username }, 'disabled a user that does not exist in Cognito');
      }
    },
    // A login Cognito does not know cannot sign in, so its claims cannot go stale either.
    async setRole(userType, companyId) {
      try {
        await app.cognitoUsers.setRoleAttributes(username, userType, companyId);
      } catch (err) {
        if (!(err instanceof Problem && err.status === 404)) throw err;
        app.log.warn({ username }, 'changed the role of a user that does not exist in Cognito');
      }
    },
  });

  app.get(
    '/v1/cci/admin/master/users',
    {
      config: { access: { resource: 'users', action: 'list' } },
      schema: { tags, querystring: UserListQuery, response: { 200: UserListSchema, ...errors } },
    },
    async (request) => app.users.list(currentUser(request).cciCode, request.query),
  );

  const accounts = () => ({ db: app.db, cognitoUsers: app.cognitoUsers, log: app.log });

  app.post(
    '/v1/cci/admin/master/users',
    {
      config: { access: { resource: 'users', action: 'create' } },
      schema: { tags, body: StaffCreateSchema, response: { 201: CreatedUserSchema, ...errors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const created = await createStaffUser(accounts(), user.cciCode, user.username, request.body);
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.post(
    '/v1/cci/admin/master/users/:username/temporary_password',
    {
      config: { access: { resource: 'users', action: 'edit' } },
      schema: { tags, params: UsernameParams, response: { 200: ReissuedPasswordSchema, ...errors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const reissued = await reissueTemporaryPassword(accounts(), user.cciCode, user.username, request.params.username);
      return reply.header('cache-control', 'no-store').send(reissued);
    },
  );

  app.get(
    '/v1/cci/admin/master/users/:username',
    {
      config: { access: { resource: 'users', action: 'show' } },
      schema: { tags, params: UsernameParams, response: { 200: UserSchema, ...errors } },
    },
    async (request) => {
      const found = await app.users.findInChamber(currentUser(request).cciCode, request.params.username);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    '/v1/cci/admin/master/users/:username',
    {
      config: { access: { resource: 'users', action: 'edit' } },
      schema: { tags, params: UsernameParams, body: UserUpdateSchema, response: { 200: UserSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      const { username } = request.params;
      return app.users.update(user.cciCode, username, user.username, request.body, loginOf(username));
    },
  );
};
export default users;
