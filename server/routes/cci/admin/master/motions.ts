import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { problemResponses } from '../../../../schemas/common.ts';
import { IdParams } from '../../../../schemas/params.ts';
import {
  MotionCreateSchema,
  MotionListSchema,
  MotionParams,
  MotionSchema,
  MotionUpdateSchema,
} from '../../../../schemas/motion.ts';
import { MotionDetailSchema } from '../../../../schemas/poll.ts';
import { MotionListQuery, type Staff } from '../../../../repositories/motions.ts';

const tags = ['cci: motions'];
const access = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({ resource: 'conference_motions', action }) as const;
const C = '/v1/cci/admin/master/conferences/:id/motions';
const readErrors = problemResponses(400, 401, 403, 404);
const writeErrors = problemResponses(400, 401, 403, 404, 409, 422);

const staffOf = (request: FastifyRequest): Staff => {
  const user = currentUser(request);
  return { cciCode: user.cciCode, username: user.username };
};

/**
 * 議案 of a conference (DESIGN.md §12.1), both chamber roles; tenant: the caller's chamber (another
 * chamber's conference or motion is a 404).
 */
const motions: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    C,
    {
      config: { access: access('list') },
      schema: {
        tags,
        operationId: 'listMotions',
        summary: '議案の一覧',
        params: IdParams,
        querystring: MotionListQuery,
        response: { 200: MotionListSchema, ...readErrors },
      },
    },
    async (request) => app.motions.list(staffOf(request), request.params.id, request.query),
  );

  app.post(
    C,
    {
      config: { access: access('create') },
      schema: {
        tags,
        operationId: 'createMotion',
        summary: '議案の登録',
        params: IdParams,
        body: MotionCreateSchema,
        response: { 201: MotionSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return app.motions.create(staffOf(request), request.params.id, request.body);
    },
  );

  app.get(
    `${C}/:motion_id`,
    {
      config: { access: access('show') },
      schema: {
        tags,
        operationId: 'getMotion',
        summary: '議案の詳細（採決を含む）',
        params: MotionParams,
        response: { 200: MotionDetailSchema, ...readErrors },
      },
    },
    async (request) => app.motions.show(staffOf(request), request.params.id, request.params.motion_id),
  );

  app.put(
    `${C}/:motion_id`,
    {
      config: { access: access('edit') },
      schema: {
        tags,
        operationId: 'updateMotion',
        summary: '議案の更新',
        params: MotionParams,
        body: MotionUpdateSchema,
        response: { 200: MotionSchema, ...writeErrors },
      },
    },
    async (request) => app.motions.update(staffOf(request), request.params.id, request.params.motion_id, request.body),
  );

  app.delete(
    `${C}/:motion_id`,
    {
      config: { access: access('delete') },
      schema: {
        tags,
        operationId: 'deleteMotion',
        summary: '議案の削除',
        params: MotionParams,
        response: { 204: Type.Null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await app.motions.remove(staffOf(request), request.params.id, request.params.motion_id);
      return reply.code(204).send(null);
    },
  );
};
export default motions;
