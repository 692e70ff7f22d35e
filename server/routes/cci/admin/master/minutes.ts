import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { problemResponses } from '../../../../schemas/common.ts';
import { IdParams } from '../../../../schemas/params.ts';
import {
  MinutesFinaliseSchema,
  MinutesPublishSchema,
  MinutesSchema,
  MinutesUpdateSchema,
  MinutesVersionsSchema,
  MinutesViewSchema,
} from '../../../../schemas/minutes.ts';
import type { Staff } from '../../../../repositories/minutes.ts';

const tags = ['cci: minutes'];
const access = (action: 'show' | 'edit') => ({ resource: 'conference_minutes', action }) as const;
const C = '/v1/cci/admin/master/conferences/:id/minutes';
const readErrors = problemResponses(400, 401, 403, 404);
const writeErrors = problemResponses(400, 401, 403, 404, 409, 422);

const staffOf = (request: FastifyRequest): Staff => {
  const user = currentUser(request);
  return { cciCode: user.cciCode, username: user.username };
};

/**
 * 議事録 of a conference (DESIGN.md §12.2, issue 35), both chamber roles; tenant: the caller's
 * chamber (another chamber's conference is a 404).
 */
const minutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    C,
    {
      config: { access: access('show') },
      schema: {
        tags,
        operationId: 'getMinutes',
        summary: '議事録（最新の版、未保存なら記録から作成した案）',
        params: IdParams,
        response: { 200: MinutesViewSchema, ...readErrors },
      },
    },
    async (request) => app.minutes.view(staffOf(request), request.params.id),
  );

  app.put(
    C,
    {
      config: { access: access('edit') },
      schema: {
        tags,
        operationId: 'updateMinutes',
        summary: '議事録の編集・再作成・訂正版の作成',
        params: IdParams,
        body: MinutesUpdateSchema,
        response: { 200: MinutesViewSchema, ...writeErrors },
      },
    },
    async (request) => app.minutes.update(staffOf(request), request.params.id, request.body),
  );

  app.post(
    `${C}/finalise`,
    {
      config: { access: access('edit') },
      schema: {
        tags,
        operationId: 'finaliseMinutes',
        summary: '議事録の確定',
        params: IdParams,
        body: MinutesFinaliseSchema,
        response: { 200: MinutesSchema, ...writeErrors },
      },
    },
    async (request) => app.minutes.finalise(staffOf(request), request.params.id, request.body.revision),
  );

  app.post(
    `${C}/publish`,
    {
      config: { access: access('edit') },
      schema: {
        tags,
        operationId: 'publishMinutes',
        summary: '確定した議事録の公開',
        params: IdParams,
        body: MinutesPublishSchema,
        response: { 200: MinutesSchema, ...writeErrors },
      },
    },
    async (request) => app.minutes.publish(staffOf(request), request.params.id, request.body.version),
  );

  app.get(
    `${C}/versions`,
    {
      config: { access: access('show') },
      schema: {
        tags,
        operationId: 'listMinutesVersions',
        summary: '議事録の版の一覧（前の版との差分）',
        params: IdParams,
        response: { 200: MinutesVersionsSchema, ...readErrors },
      },
    },
    async (request) => app.minutes.versions(staffOf(request), request.params.id),
  );
};
export default minutes;
