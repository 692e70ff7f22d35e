import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { problemResponses } from '../../../../schemas/common.ts';
import { MotionParams } from '../../../../schemas/motion.ts';
import {
  PollCreateSchema,
  PollDeclareSchema,
  PollParams,
  PollProgressSchema,
  PollResultSchema,
  PollUpdateSchema,
} from '../../../../schemas/poll.ts';
import type { Staff } from '../../../../repositories/motions.ts';

const tags = ['cci: motions'];
const P = '/v1/cci/admin/master/conferences/:id/motions/:motion_id/polls';
const writeErrors = problemResponses(400, 401, 403, 404, 409, 422);

const staffOf = (request: FastifyRequest): Staff => {
  const user = currentUser(request);
  return { cciCode: user.cciCode, username: user.username };
};

/**
 * 採決 of a 議案 (DESIGN.md §12.1), both chamber roles; tenant: the caller's chamber (another
 * chamber's conference, motion or poll is a 404). Every answer carries the poll and its 議案.
 */
const polls: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    P,
    {
      config: { access: { resource: 'conference_motions', action: 'create' } },
      schema: {
        tags,
        operationId: 'openPoll',
        summary: '採決の開始',
        params: MotionParams,
        body: PollCreateSchema,
        response: { 201: PollResultSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return app.polls.open(staffOf(request), request.params.id, request.params.motion_id, request.body);
    },
  );

  app.get(
    `${P}/:poll_id`,
    {
      config: { access: { resource: 'conference_motions', action: 'show' } },
      schema: {
        tags,
        operationId: 'getPoll',
        summary: '採決の進行状況を取得',
        params: PollParams,
        response: { 200: PollProgressSchema, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, motion_id, poll_id } = request.params;
      return app.polls.progress(staffOf(request), id, motion_id, poll_id);
    },
  );

  app.put(
    `${P}/:poll_id`,
    {
      config: { access: { resource: 'conference_motions', action: 'edit' } },
      schema: {
        tags,
        operationId: 'updatePoll',
        summary: '採決の集計入力・締切',
        params: PollParams,
        body: PollUpdateSchema,
        response: { 200: PollResultSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { id, motion_id, poll_id } = request.params;
      return app.polls.update(staffOf(request), id, motion_id, poll_id, request.body);
    },
  );

  app.post(
    `${P}/:poll_id/declare`,
    {
      config: { access: { resource: 'conference_motions', action: 'edit' } },
      schema: {
        tags,
        operationId: 'declarePoll',
        summary: '採決結果の宣言',
        params: PollParams,
        body: PollDeclareSchema,
        response: { 200: PollResultSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { id, motion_id, poll_id } = request.params;
      return app.polls.declare(staffOf(request), id, motion_id, poll_id, request.body);
    },
  );
};
export default polls;
