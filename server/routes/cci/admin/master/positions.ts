import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { notFound } from '../../../../lib/problem.ts';
import { PositionListQuery } from '../../../../repositories/positions.ts';
import {
  PositionChangesResultSchema,
  PositionChangesSchema,
  PositionCreateSchema,
  PositionListSchema,
  PositionSchema,
  PositionUpdateSchema,
} from '../../../../schemas/position.ts';
import { ProblemSchema, problemResponses } from '../../../../schemas/common.ts';
import { IdParams } from '../../../../schemas/params.ts';

const errors = problemResponses(400, 401, 403, 404, 409);
const tags = ['cci: positions'];
const BASE = '/v1/cci/admin/master/positions';

/**
 * spec §7: GET and POST /v1/cci/admin/master/positions; GET, PUT and DELETE /{id};
 * PUT /update_positions. The static path wins over `/:id` in the router (find-my-way matches
 * static segments first), and `{id}` is an integer anyway.
 */
const positions: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    BASE,
    {
      config: { access: { resource: 'positions', action: 'list' } },
      schema: { tags, querystring: PositionListQuery, response: { 200: PositionListSchema, ...errors } },
    },
    async (request) => app.positions.list(currentUser(request).cciCode, request.query),
  );

  app.post(
    BASE,
    {
      config: { access: { resource: 'positions', action: 'create' } },
      schema: { tags, body: PositionCreateSchema, response: { 201: PositionSchema, ...errors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      reply.code(201);
      return app.positions.create(user.cciCode, user.username, request.body);
    },
  );

  app.put(
    `${BASE}/update_positions`,
    {
      config: { access: { resource: 'positions', action: 'edit' } },
      schema: {
        tags,
        body: PositionChangesSchema,
        response: { 200: PositionChangesResultSchema, ...errors, 422: ProblemSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { items: await app.positions.applyChanges(user.cciCode, user.username, request.body.items) };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { access: { resource: 'positions', action: 'show' } },
      schema: { tags, params: IdParams, response: { 200: PositionSchema, ...errors } },
    },
    async (request) => {
      const found = await app.positions.findById(currentUser(request).cciCode, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { access: { resource: 'positions', action: 'edit' } },
      schema: { tags, params: IdParams, body: PositionUpdateSchema, response: { 200: PositionSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      return app.positions.update(user.cciCode, request.params.id, user.username, request.body);
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { access: { resource: 'positions', action: 'delete' } },
      schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await app.positions.remove(user.cciCode, request.params.id, user.username);
      return reply.code(204).send(null);
    },
  );
};
export default positions;
