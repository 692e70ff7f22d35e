import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertAttachmentKeys, createAttachmentLists } from '../../../../lib/attachment-keys.ts';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { notFound } from '../../../../lib/problem.ts';
import { ConferenceListQuery } from '../../../../repositories/conferences.ts';
import {
  ConferenceCreateSchema,
  ConferenceDetailSchema,
  ConferenceListSchema,
  ConferenceUpdateSchema,
  ConferenceWriteResultSchema,
  EmptyBodySchema,
  MailPreviewBodySchema,
  MailPreviewSchema,
  ResetSortResultSchema,
} from '../../../../schemas/conference.ts';
import { problemResponses } from '../../../../schemas/common.ts';
import { IdParams } from '../../../../schemas/params.ts';

const errors = problemResponses(400, 401, 403, 404, 409, 422);
const tags = ['cci: conferences'];

/**
 * spec §7: GET and POST /v1/cci/admin/master/conferences; GET and PUT /{id};
 * PUT /{id}/reset_sort_members; POST /{id}/mail_preview (issue 33, beyond the spec's paths:
 * docs/decisions/0030-chamber-mail-sender.md). Tenant: the caller's chamber; both chamber roles (DESIGN.md §6).
 * One conference is always answered with its `sub_conferences`; POST and PUT add `warnings`.
 */
const conferences: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/cci/admin/master/conferences',
    {
      config: { access: { resource: 'conferences', action: 'list' } },
      schema: { tags, querystring: ConferenceListQuery, response: { 200: ConferenceListSchema, ...errors } },
    },
    async (request) => app.conferences.list(currentUser(request).cciCode, request.query),
  );

  app.post(
    '/v1/cci/admin/master/conferences',
    {
      config: { access: { resource: 'conferences', action: 'create' } },
      schema: { tags, body: ConferenceCreateSchema, response: { 201: ConferenceWriteResultSchema, ...errors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      assertAttachmentKeys(user.cciCode, createAttachmentLists(request.body));
      reply.code(201);
      return app.conferences.create(user.cciCode, user.username, request.body);
    },
  );

  app.get(
    '/v1/cci/admin/master/conferences/:id',
    {
      config: { access: { resource: 'conferences', action: 'show' } },
      schema: { tags, params: IdParams, response: { 200: ConferenceDetailSchema, ...errors } },
    },
    async (request) => {
      const found = await app.conferences.findDetail(currentUser(request).cciCode, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    '/v1/cci/admin/master/conferences/:id',
    {
      config: { access: { resource: 'conferences', action: 'edit' } },
      schema: {
        tags,
        params: IdParams,
        body: ConferenceUpdateSchema,
        response: { 200: ConferenceWriteResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertAttachmentKeys(user.cciCode, [[request.body.attachments, 'body']]);
      return app.conferences.update(user.cciCode, request.params.id, user.username, request.body);
    },
  );

  // what a save would mail, to how many companies: said by the confirmation dialogs before it is sent
  app.post(
    '/v1/cci/admin/master/conferences/:id/mail_preview',
    {
      config: { access: { resource: 'conferences', action: 'edit' } },
      schema: { tags, params: IdParams, body: MailPreviewBodySchema, response: { 200: MailPreviewSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      const { event_date, end_at, answer_deadline, ...rest } = request.body;
      const day = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));
      const changes = Object.fromEntries(
        Object.entries({
          ...rest,
          event_date: day(event_date),
          end_at: day(end_at),
          answer_deadline: day(answer_deadline),
        }).filter(([, v]) => v !== undefined),
      );
      return app.conferences.mailPreview(user.cciCode, request.params.id, changes);
    },
  );

  app.put(
    '/v1/cci/admin/master/conferences/:id/reset_sort_members',
    {
      config: { access: { resource: 'conferences', action: 'edit' } },
      schema: { tags, params: IdParams, body: EmptyBodySchema, response: { 200: ResetSortResultSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      return app.conferences.resetSortMembers(user.cciCode, request.params.id, user.username);
    },
  );
};
export default conferences;
