import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { linkViewer } from '../../lib/room/viewers.ts';
import { problemResponses } from '../../schemas/common.ts';
import {
  ChatCreateSchema,
  ChatMessageSchema,
  CommentCreateSchema,
  CommentSchema,
  EventsQuery,
  RoomSchema,
  TokenParams,
} from '../../schemas/room.ts';
import { ChatListSchema, CommentListSchema, roomHandlers } from './shared.ts';

const tags = ['room links'];
const R = '/v1/room/:token';
const errors = problemResponses(400, 404);

/**
 * DESIGN.md §11.1, a guest (来賓, 講師) or an invitee through a link, without an account: the
 * signed token is the credential. A bad, expired or revoked token is a 404 that says nothing about
 * the conference. The token sits in the path, so the access log shows only its ids (lib/room/link-token.ts).
 */
const linkHolderRoom: FastifyPluginAsyncTypebox = async (app) => {
  const handlers = roomHandlers(app);
  const viewerOf = (request: { params: { token: string } }) => linkViewer(app.pool, app.roomLinkSecret, request.params.token);

  app.get(
    R,
    { config: { access: 'public' }, schema: { tags, params: TokenParams, response: { 200: RoomSchema, ...errors } } },
    async (request) => handlers.room(await viewerOf(request)),
  );

  app.get(
    `${R}/events`,
    { config: { access: 'public' }, schema: { tags, params: TokenParams, querystring: EventsQuery } },
    async (request, reply) => handlers.events(request, reply, await viewerOf(request), request.query),
  );

  app.get(
    `${R}/chat`,
    { config: { access: 'public' }, schema: { tags, params: TokenParams, response: { 200: ChatListSchema, ...errors } } },
    async (request) => handlers.chat(await viewerOf(request)),
  );

  app.post(
    `${R}/chat`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: TokenParams,
        body: ChatCreateSchema,
        response: { 201: ChatMessageSchema, ...problemResponses(400, 404, 422, 429) },
      },
    },
    async (request, reply) => handlers.postChat(reply, await viewerOf(request), request.body.body),
  );

  app.get(
    `${R}/comments`,
    { config: { access: 'public' }, schema: { tags, params: TokenParams, response: { 200: CommentListSchema, ...errors } } },
    async (request) => handlers.comments(await viewerOf(request)),
  );

  app.post(
    `${R}/comments`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: TokenParams,
        body: CommentCreateSchema,
        response: { 201: CommentSchema, ...problemResponses(400, 404, 422) },
      },
    },
    async (request, reply) => handlers.postComment(reply, await viewerOf(request), request.body.body),
  );
};
export default linkHolderRoom;
