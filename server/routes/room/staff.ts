import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { problemResponses } from '../../schemas/common.ts';
import {
  CommentParams,
  CommentSchema,
  CommentUpdateSchema,
  LinkCreateHeaders,
  LinkCreateSchema,
  LinkParams,
  MessageParams,
  RoomIdParams,
  RoomLinkListSchema,
  RoomLinkSchema,
  RoomSchema,
  RoomUpdateSchema,
  StopwatchActionSchema,
  StopwatchSchema,
} from '../../schemas/room.ts';
import { registerRoomRoutes } from './shared.ts';
import { originOf } from './origin.ts';

const tags = ['cci: room'];
const read = { resource: 'conference_rooms', action: 'show' } as const;
const write = { resource: 'conference_rooms', action: 'edit' } as const;
const R = '/v1/cci/admin/master/conferences/:id/room';
const errors = problemResponses(400, 401, 403, 404);

/**
 * DESIGN.md §11.1, staff of the conference's chamber: run the room (status, agenda, stopwatch),
 * moderate chat and comments, issue and revoke links. Another chamber's conference is a 404.
 */
const staffRoom: FastifyPluginAsyncTypebox = async (app) => {
  const viewerOf = (request: FastifyRequest) =>
    app.roomViewers.staff(currentUser(request), (request.params as { id: number }).id);
  registerRoomRoutes(app, { path: R, params: RoomIdParams, tags, read, write, viewerOf, tickets: true, sendsComments: false });

  app.put(
    R,
    {
      config: { access: write },
      schema: {
        tags,
        params: RoomIdParams,
        body: RoomUpdateSchema,
        response: { 200: RoomSchema, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => app.room.update(await viewerOf(request), request.body),
  );

  app.put(
    `${R}/stopwatch`,
    {
      config: { access: write },
      schema: { tags, params: RoomIdParams, body: StopwatchActionSchema, response: { 200: StopwatchSchema, ...errors } },
    },
    async (request) => app.room.stopwatch(await viewerOf(request), request.body.action, request.body.label),
  );

  app.delete(
    `${R}/chat/:message_id`,
    { config: { access: write }, schema: { tags, params: MessageParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await app.roomMessages.deleteChat(await viewerOf(request), request.params.message_id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${R}/comments/:comment_id`,
    {
      config: { access: write },
      schema: {
        tags,
        params: CommentParams,
        body: CommentUpdateSchema,
        response: { 200: CommentSchema, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.roomMessages.updateComment(
        await viewerOf(request),
        request.params.comment_id,
        request.body.status,
        request.body.version,
      ),
  );

  app.get(
    `${R}/links`,
    {
      config: { access: read },
      schema: { tags, params: RoomIdParams, response: { 200: RoomLinkListSchema, ...errors } },
    },
    async (request) => ({ data: await app.roomAccess.links(await viewerOf(request), originOf(app, request)) }),
  );

  // issue 29: limited per user (429 with Retry-After); a repeated Idempotency-Key answers the link
  // it made (Idempotent-Replayed: true), so a 発行する pressed again after a time-out makes no second
  app.post(
    `${R}/links`,
    {
      config: { access: write },
      schema: {
        tags,
        params: RoomIdParams,
        headers: LinkCreateHeaders,
        body: LinkCreateSchema,
        response: { 201: RoomLinkSchema, ...problemResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const { rules, shared } = app.roomLimits;
      await shared.enforce(reply, 'room_link', viewer.actor, rules.linksPerUser);
      const key = request.headers['idempotency-key'] ?? null;
      const { link, replayed } = await app.roomAccess.createLink(viewer, request.body, originOf(app, request), key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      reply.code(201);
      return link;
    },
  );

  app.delete(
    `${R}/links/:link_id`,
    { config: { access: write }, schema: { tags, params: LinkParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await app.roomAccess.revokeLink(await viewerOf(request), request.params.link_id);
      return reply.code(204).send(null);
    },
  );
};
export default staffRoom;
