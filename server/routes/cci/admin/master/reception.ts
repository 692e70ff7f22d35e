import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { problemResponses } from '../../../../schemas/common.ts';
import { IdParams } from '../../../../schemas/params.ts';
import {
  CheckInParams,
  CheckInResultSchema,
  CheckInUndoResultSchema,
  CheckInSchema,
  ReceptionListQuery,
  ReceptionListResponseSchema,
  WalkInSchema,
} from '../../../../schemas/reception.ts';
import type { Desk } from '../../../../repositories/reception.ts';

const tags = ['cci: reception'];
const read = { resource: 'conference_receptions', action: 'show' } as const;
const create = { resource: 'conference_receptions', action: 'create' } as const;
const remove = { resource: 'conference_receptions', action: 'delete' } as const;
const C = '/v1/cci/admin/master/conferences/:id';
const writeErrors = problemResponses(400, 401, 403, 404, 409, 422);

const deskOf = (request: FastifyRequest): Desk => {
  const user = currentUser(request);
  return { cciCode: user.cciCode, username: user.username };
};

/**
 * The reception desk (受付, DESIGN.md §11.3), both chamber roles; tenant: the caller's chamber
 * (another chamber's conference is a 404). A new check-in or walk-in answers 201, a person already
 * checked in 200 with `already: true` (two desks scanning one ticket make one check-in).
 */
const reception: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${C}/check_ins`,
    {
      config: { access: read },
      schema: {
        tags,
        params: IdParams,
        querystring: ReceptionListQuery,
        response: { 200: ReceptionListResponseSchema, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.reception.list(deskOf(request), request.params.id, request.query),
  );

  app.post(
    `${C}/check_ins`,
    {
      config: { access: create },
      schema: {
        tags,
        params: IdParams,
        body: CheckInSchema,
        response: { 200: CheckInResultSchema, 201: CheckInResultSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const result = await app.reception.checkIn(deskOf(request), request.params.id, request.body);
      reply.code(result.already ? 200 : 201);
      return result;
    },
  );

  app.delete(
    `${C}/check_ins/:conference_member_id`,
    {
      config: { access: remove },
      schema: {
        tags,
        params: CheckInParams,
        response: { 200: CheckInUndoResultSchema, ...writeErrors },
      },
    },
    async (request) => app.reception.undo(deskOf(request), request.params.id, request.params.conference_member_id),
  );

  app.post(
    `${C}/walk_ins`,
    {
      config: { access: create },
      schema: { tags, params: IdParams, body: WalkInSchema, response: { 201: CheckInResultSchema, ...writeErrors } },
    },
    async (request, reply) => {
      const result = await app.reception.walkIn(deskOf(request), request.params.id, request.body);
      reply.code(201);
      return result;
    },
  );
};
export default reception;
