import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { ChamberListQuery } from '../../../../repositories/conference-members.ts';
import {
  BulkDeleteResultSchema,
  BulkDeleteSchema,
  ConferenceMemberListSchema,
  ConferenceMemberSchema,
  ConferenceMemberUpdateSchema,
  InviteResultSchema,
  InviteSchema,
} from '../../../../schemas/conference-member.ts';
import { problemResponses } from '../../../../schemas/common.ts';
import { IdParams } from '../../../../schemas/params.ts';

const errors = problemResponses(400, 401, 403, 404, 409, 422);
const tags = ['cci: conference members'];
const BASE = '/v1/cci/admin/master/conference_members';

/**
 * spec §7: GET and POST /v1/cci/admin/master/conference_members; DELETE .../delete (JSON body of
 * ids); PUT and DELETE .../{id}. Both chamber roles (DESIGN.md §6); tenant: the caller's chamber.
 * `/delete` is a static segment and wins over `/{id}` in the router (ids are integers anyway).
 */
const conferenceMembers: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    BASE,
    {
      config: { access: { resource: 'conference_members', action: 'list' } },
      schema: { tags, querystring: ChamberListQuery, response: { 200: ConferenceMemberListSchema, ...errors } },
    },
    async (request) => app.conferenceMembers.list(currentUser(request).cciCode, request.query),
  );

  app.post(
    BASE,
    {
      config: { access: { resource: 'conference_members', action: 'create' } },
      schema: { tags, body: InviteSchema, response: { 201: InviteResultSchema, ...errors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await app.conferenceMembers.invite(user.cciCode, user.username, request.body);
      reply.code(201);
      return result;
    },
  );

  app.delete(
    `${BASE}/delete`,
    {
      config: { access: { resource: 'conference_members', action: 'delete' } },
      schema: { tags, body: BulkDeleteSchema, response: { 200: BulkDeleteResultSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      return { deleted: await app.conferenceMembers.remove(user.cciCode, user.username, request.body.ids) };
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { access: { resource: 'conference_members', action: 'edit' } },
      schema: {
        tags,
        params: IdParams,
        body: ConferenceMemberUpdateSchema,
        response: { 200: ConferenceMemberSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return app.conferenceMembers.update(user.cciCode, request.params.id, user.username, request.body);
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { access: { resource: 'conference_members', action: 'delete' } },
      schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await app.conferenceMembers.remove(user.cciCode, user.username, [request.params.id]);
      return reply.code(204).send(null);
    },
  );
};
export default conferenceMembers;
