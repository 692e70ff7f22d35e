import { originOf } from '../../../room/origin.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { Problem, notFound } from '../../../../lib/problem.ts';
import { reminderSchedule } from '../../../../lib/mail/reminders.ts';
import { problemResponses } from '../../../../schemas/common.ts';
import { NotificationListQuery } from '../../../../repositories/notifications.ts';
import { IdParams } from '../../../../schemas/params.ts';
import {
  ConferenceNotificationListResponseSchema,
  ManualNotificationResultSchema,
  ManualNotificationSchema,
  NotificationListSchema,
  NotificationSchema,
} from '../../../../schemas/notification.ts';

const errors = problemResponses(400, 401, 403, 404, 422);
const tags = ['cci: notifications'];
const BASE = '/v1/cci/admin/master/notifications';
const OF_CONFERENCE = '/v1/cci/admin/master/conferences/:id/notifications';

/**
 * DESIGN.md §11.2: 送信履歴 overall and per conference (with the reminder schedule), the
 * staff-written message (preview or send) and the resend of a failed row. Both chamber roles;
 * tenant: the caller's chamber (another chamber's ids → 404).
 */
const notifications: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    BASE,
    {
      config: { access: { resource: 'notifications', action: 'list' } },
      schema: {
        tags,
        querystring: NotificationListQuery,
        response: { 200: NotificationListSchema, ...errors },
      },
    },
    async (request) => app.notifications.list(currentUser(request).cciCode, request.query),
  );

  app.get(
    OF_CONFERENCE,
    {
      config: { access: { resource: 'notifications', action: 'list' } },
      schema: {
        tags,
        params: IdParams,
        querystring: NotificationListQuery,
        response: { 200: ConferenceNotificationListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { cciCode } = currentUser(request);
      const target = await app.notifications.conferenceOf(cciCode, request.params.id);
      if (!target) throw notFound();
      const list = await app.notifications.list(cciCode, request.query, target.id);
      return { ...list, reminders: reminderSchedule(target, new Date()) };
    },
  );

  app.post(
    OF_CONFERENCE,
    {
      config: { access: { resource: 'notifications', action: 'create' } },
      schema: {
        tags,
        params: IdParams,
        body: ManualNotificationSchema,
        response: { 200: ManualNotificationResultSchema, 201: ManualNotificationResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { company_ids, unanswered } = request.body;
      if ((company_ids === undefined) === (unanswered === undefined)) {
        throw new Problem(
          400,
          'recipients_required',
          '送信先として company_ids か unanswered のどちらか一方を指定してください。',
          [
            {
              field: 'body.company_ids',
              code: 'recipients_required',
              message: 'company_ids か unanswered のどちらか一方を指定してください',
            },
          ],
        );
      }
      const user = currentUser(request);
      const result = await app.notifications.sendManual(
        user.cciCode,
        user.username,
        request.params.id,
        request.body,
        originOf(app, request),
      );
      reply.code(request.body.preview ? 200 : 201);
      return result;
    },
  );

  app.post(
    `${BASE}/:id/resend`,
    {
      config: { access: { resource: 'notifications', action: 'edit' } },
      schema: { tags, params: IdParams, response: { 200: NotificationSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      return app.notifications.resend(user.cciCode, user.username, request.params.id);
    },
  );
};
export default notifications;
