import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { notFound } from '../../../../lib/problem.ts';
import { MemberListQuery } from '../../../../repositories/members.ts';
import {
  MemberCreateSchema,
  MemberListSchema,
  MemberSchema,
  MemberShowQuery,
  MemberUpdateSchema,
  MemberUserSchema,
} from '../../../../schemas/member.ts';
import { ProblemSchema, problemResponses } from '../../../../schemas/common.ts';
import { IdParams } from '../../../../schemas/params.ts';

const errors = problemResponses(400, 401, 403, 404, 409);
const tags = ['cci: members'];

/**
 * spec §7: GET and POST /v1/cci/admin/master/members; GET and PUT /{id}; POST /{id}/user.
 * Tenant: the caller's chamber; a member's company must belong to it (400 `company_not_found`).
 */
const members: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/cci/admin/master/members',
    {
      config: { access: { resource: 'members', action: 'list' } },
      schema: { tags, querystring: MemberListQuery, response: { 200: MemberListSchema, ...errors } },
    },
    async (request) => app.members.list(currentUser(request).cciCode, request.query),
  );

  app.post(
    '/v1/cci/admin/master/members',
    {
      config: { access: { resource: 'members', action: 'create' } },
      schema: { tags, body: MemberCreateSchema, response: { 201: MemberSchema, ...errors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      reply.code(201);
      return app.members.create(user.cciCode, user.username, request.body);
    },
  );

  app.get(
    '/v1/cci/admin/master/members/:id',
    {
      config: { access: { resource: 'members', action: 'show' } },
      schema: { tags, params: IdParams, querystring: MemberShowQuery, response: { 200: MemberSchema, ...errors } },
    },
    async (request) => {
      const found = await app.members.findById(currentUser(request).cciCode, request.params.id, request.query.expand);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    '/v1/cci/admin/master/members/:id',
    {
      config: { access: { resource: 'members', action: 'edit' } },
      schema: { tags, params: IdParams, body: MemberUpdateSchema, response: { 200: MemberSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      return app.members.update(user.cciCode, request.params.id, user.username, request.body);
    },
  );

  // Creating a login is writing a user: CCI_ADMIN only (DESIGN.md §6: users are written by CCI_ADMIN).
  app.post(
    '/v1/cci/admin/master/members/:id/user',
    {
      config: { access: { resource: 'users', action: 'create' } },
      schema: {
        tags,
        params: IdParams,
        response: { 201: MemberUserSchema, ...errors, 422: ProblemSchema, 500: ProblemSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const created = await app.members.createUser(user.cciCode, request.params.id, user.username);
      reply.code(201);
      return created;
    },
  );
};
export default members;
