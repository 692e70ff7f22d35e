import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { staffViewer } from '../../lib/room/viewers.ts';
import { problemResponses } from '../../schemas/common.ts';
import {
  ChatCreateSchema,
  ChatMessageSchema,
  CommentParams,
  CommentSchema,
  CommentUpdateSchema,
  EventsQuery,
  LinkCreateSchema,
  LinkParams,
  MessageParams,
  RoomIdParams,
  RoomLinkSchema,
  RoomSchema,
  RoomUpdateSchema,
  StopwatchActionSchema,
  StopwatchSchema,
  StreamTicketSchema,
} from '../../schemas/room.ts';
import { ChatListSchema, CommentListSchema, roomHandlers } from './shared.ts';
import { originOf } from './origin.ts';

const tags = ['cci: room'];
const read = { resource: 'conference_rooms', action: 'show' } as const;
const write = { resource: 'conference_rooms', action: 'edit' } as const;
const R = '/v1/cci/admin/master/conferences/:id/room';

/**
 * DESIGN.md §11.1, staff of the conference's chamber: run the room (status, agenda, stopwatch),
 * moderate chat and comments, issue and revoke links. Another chamber's conference is a 404.
 */
const staffRoom: FastifyPluginAsyncTypebox = async (app) => {
  const handlers = roomHandlers(app);
  const viewerOf = (request: { params: { id: number } } & Parameters<typeof currentUser>[0]) =>
    staffViewer(app.pool, currentUser(request), request.params.id);

  app.get(
    R,
    {
      config: { access: read },
      schema: { tags, params: RoomIdParams, response: { 200: RoomSchema, ...problemResponses(400, 401, 403, 404) } },
    },
    async (request) => handlers.room(await viewerOf(request)),
  );

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

  app.post(
    `${R}/ticket`,
    {
      config: { access: read },
      schema: { tags, params: RoomIdParams, response: { 201: StreamTicketSchema, ...problemResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      reply.code(201);
      return app.roomAccess.issueTicket(viewer, currentUser(request).username);
    },
  );

  app.get(
    `${R}/events`,
    { config: { access: read, streamTicket: true }, schema: { tags, params: RoomIdParams, querystring: EventsQuery } },
    async (request, reply) => handlers.events(request, reply, await viewerOf(request), request.query),
  );

  app.get(
    `${R}/chat`,
    {
      config: { access: read },
      schema: { tags, params: RoomIdParams, response: { 200: ChatListSchema, ...problemResponses(400, 401, 403, 404) } },
    },
    async (request) => handlers.chat(await viewerOf(request)),
  );

  app.post(
    `${R}/chat`,
    {
      config: { access: write },
      schema: {
        tags,
        params: RoomIdParams,
        body: ChatCreateSchema,
        response: { 201: ChatMessageSchema, ...problemResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => handlers.postChat(reply, await viewerOf(request), request.body.body),
  );

  app.delete(
    `${R}/chat/:message_id`,
    {
      config: { access: write },
      schema: { tags, params: MessageParams, response: { 204: Type.Null(), ...problemResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await app.roomMessages.deleteChat(await viewerOf(request), request.params.message_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${R}/comments`,
    {
      config: { access: read },
      schema: { tags, params: RoomIdParams, response: { 200: CommentListSchema, ...problemResponses(400, 401, 403, 404) } },
    },
    async (request) => handlers.comments(await viewerOf(request)),
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

  app.put(
    `${R}/stopwatch`,
    {
      config: { access: write },
      schema: {
        tags,
        params: RoomIdParams,
        body: StopwatchActionSchema,
        response: { 200: StopwatchSchema, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.room.stopwatch(await viewerOf(request), request.body.action, request.body.label),
  );

  app.get(
    `${R}/links`,
    {
      config: { access: read },
      schema: {
        tags,
        params: RoomIdParams,
        response: { 200: Type.Object({ data: Type.Array(RoomLinkSchema) }), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await app.roomAccess.links(await viewerOf(request), originOf(app, request)) }),
  );

  app.post(
    `${R}/links`,
    {
      config: { access: write },
      schema: {
        tags,
        params: RoomIdParams,
        body: LinkCreateSchema,
        response: { 201: RoomLinkSchema, ...problemResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const link = await app.roomAccess.createLink(await viewerOf(request), request.body, originOf(app, request));
      reply.code(201);
      return link;
    },
  );

  app.delete(
    `${R}/links/:link_id`,
    {
      config: { access: write },
      schema: { tags, params: LinkParams, response: { 204: Type.Null(), ...problemResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await app.roomAccess.revokeLink(await viewerOf(request), request.params.link_id);
      return reply.code(204).send(null);
    },
  );
};
export default staffRoom;
