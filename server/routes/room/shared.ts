/**
 * The room routes every audience shares (staff, company admins, link holders; DESIGN.md §11.1):
 * the room, its event stream, the chat and the comments. Each audience's file resolves its viewer
 * its own way and adds what only it may do.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type TObject } from 'typebox';
import { rateLimited } from '../../services/cognito-users.ts';
import { roomText } from '../../lib/room/text.ts';
import { resumeFrom, streamRoom } from '../../lib/room/sse.ts';
import type { RoomViewer } from '../../lib/room/viewers.ts';
import type { RouteAccess } from '../../plugins/app/auth.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { problemResponses } from '../../schemas/common.ts';
import {
  CHAT_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  ChatCreateSchema,
  ChatMessageListSchema,
  ChatMessageSchema,
  CommentCreateSchema,
  CommentListSchema,
  CommentSchema,
  EventsQuery,
  RoomEventStreamResponse,
  RoomSchema,
  StreamTicketSchema,
} from '../../schemas/room.ts';

export interface Audience {
  /** e.g. /v1/company/conferences/:id/room */
  path: string;
  params: TObject;
  tags: string[];
  /** reads and writes; 'public' for link holders (the token is the credential) */
  read: RouteAccess;
  write: RouteAccess;
  viewerOf(request: FastifyRequest): Promise<RoomViewer>;
  /** signed-in audiences: POST …/ticket, and `?ticket=` on the stream */
  tickets: boolean;
  /** POST …/comments (staff read comments, they do not send them) */
  sendsComments: boolean;
  /** runs first on POST …/chat and …/comments (link holders: the per-address ceiling) */
  beforeWrite?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export function registerRoomRoutes(parent: FastifyInstance, audience: Audience): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { path: R, params, tags, read, write, viewerOf, beforeWrite } = audience;
  const { rules, shared, streams } = app.roomLimits;
  const signedIn = audience.tickets ? [401, 403] : [];
  const errors = problemResponses(400, 404, ...signedIn);
  const limitedErrors = problemResponses(400, 404, 429, ...signedIn);
  const writeErrors = problemResponses(400, 404, 422, 429, ...signedIn);
  const writeHooks = beforeWrite ? { onRequest: beforeWrite } : {};
  /** per link or user in this room: a company admin's limit in one room leaves another alone */
  const senderIn = (viewer: RoomViewer) => `${viewer.conferenceId}:${viewer.senderKey}`;

  app.get(R, { config: { access: read }, schema: { tags, params, response: { 200: RoomSchema, ...errors } } }, async (request) =>
    app.room.state(await viewerOf(request)),
  );

  app.get(
    `${R}/events`,
    {
      config: { access: read, streamTicket: audience.tickets },
      schema: { tags, params, querystring: EventsQuery, response: { 200: RoomEventStreamResponse, ...limitedErrors } },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      // 429 too_many_streams past the open streams of this link or user (issue 29)
      reply.raw.once('close', streams.acquire(reply, viewer.senderKey));
      await streamRoom(request, reply, app.roomHub, viewer, () => viewerOf(request), resumeFrom(request, request.query));
    },
  );

  if (audience.tickets) {
    app.post(
      `${R}/ticket`,
      { config: { access: read }, schema: { tags, params, response: { 201: StreamTicketSchema, ...limitedErrors } } },
      async (request, reply) => {
        const viewer = await viewerOf(request);
        await shared.enforce(reply, 'room_ticket', currentUser(request).username, rules.ticketsPerUser);
        reply.code(201);
        return app.roomAccess.issueTicket(viewer, currentUser(request).username);
      },
    );
  }

  app.get(
    `${R}/chat`,
    {
      config: { access: read },
      schema: { tags, params, response: { 200: ChatMessageListSchema, ...errors } },
    },
    async (request) => ({ data: await app.roomMessages.chat(await viewerOf(request)) }),
  );

  // 429 `rate_limited` with Retry-After when the sender wrote less than a second ago, or more than
  // chatPerSender in its window (staff, who moderate, only the former)
  app.post(
    `${R}/chat`,
    {
      ...writeHooks,
      config: { access: write },
      schema: { tags, params, body: ChatCreateSchema, response: { 201: ChatMessageSchema, ...writeErrors } },
    },
    async (request, reply) => {
      const body = roomText(request.body.body, CHAT_MAX_LENGTH);
      const viewer = await viewerOf(request);
      if (viewer.kind !== 'admin') await shared.enforce(reply, 'room_chat', senderIn(viewer), rules.chatPerSender);
      const result = await app.roomMessages.postChat(viewer, body);
      if ('retryAfterMs' in result) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
        throw rateLimited();
      }
      reply.code(201);
      return result.message;
    },
  );

  app.get(
    `${R}/comments`,
    {
      config: { access: read },
      schema: { tags, params, response: { 200: CommentListSchema, ...errors } },
    },
    async (request) => ({ data: await app.roomMessages.comments(await viewerOf(request)) }),
  );

  if (audience.sendsComments) {
    app.post(
      `${R}/comments`,
      {
        ...writeHooks,
        config: { access: write },
        schema: { tags, params, body: CommentCreateSchema, response: { 201: CommentSchema, ...writeErrors } },
      },
      async (request, reply) => {
        const body = roomText(request.body.body, COMMENT_MAX_LENGTH);
        const viewer = await viewerOf(request);
        await shared.enforce(reply, 'room_comment', senderIn(viewer), rules.commentsPerSender);
        const comment = await app.roomMessages.postComment(viewer, body);
        reply.code(201);
        return comment;
      },
    );
  }
}
