import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { companyViewer } from '../../lib/room/viewers.ts';
import { problemResponses } from '../../schemas/common.ts';
import {
  ChatCreateSchema,
  ChatMessageSchema,
  CommentCreateSchema,
  CommentSchema,
  EventsQuery,
  RoomIdParams,
  RoomSchema,
  StreamTicketSchema,
} from '../../schemas/room.ts';
import { ChatListSchema, CommentListSchema, roomHandlers } from './shared.ts';

const tags = ['company: room'];
const read = { resource: 'company/conference_rooms', action: 'show' } as const;
const write = { resource: 'company/conference_rooms', action: 'create' } as const;
const R = '/v1/company/conferences/:id/room';
const errors = problemResponses(400, 401, 403, 404);

/**
 * DESIGN.md §11.1, an invited company's admin: enter the room, chat, send comments and read its
 * own. A conference the company is not invited to, a draft or a cancelled one is a 404.
 */
const companyRoom: FastifyPluginAsyncTypebox = async (app) => {
  const handlers = roomHandlers(app);
  const viewerOf = (request: { params: { id: number } } & Parameters<typeof currentUser>[0]) =>
    companyViewer(app.db, currentUser(request), request.params.id);

  app.get(
    R,
    { config: { access: read }, schema: { tags, params: RoomIdParams, response: { 200: RoomSchema, ...errors } } },
    async (request) => handlers.room(await viewerOf(request)),
  );

  app.post(
    `${R}/ticket`,
    { config: { access: read }, schema: { tags, params: RoomIdParams, response: { 201: StreamTicketSchema, ...errors } } },
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
    { config: { access: read }, schema: { tags, params: RoomIdParams, response: { 200: ChatListSchema, ...errors } } },
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

  app.get(
    `${R}/comments`,
    { config: { access: read }, schema: { tags, params: RoomIdParams, response: { 200: CommentListSchema, ...errors } } },
    async (request) => handlers.comments(await viewerOf(request)),
  );

  app.post(
    `${R}/comments`,
    {
      config: { access: write },
      schema: {
        tags,
        params: RoomIdParams,
        body: CommentCreateSchema,
        response: { 201: CommentSchema, ...problemResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => handlers.postComment(reply, await viewerOf(request), request.body.body),
  );
};
export default companyRoom;
