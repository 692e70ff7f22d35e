/**
 * The room handlers every audience shares (staff, company admins, link holders; DESIGN.md §11.1):
 * each route file resolves its viewer its own way and hands it here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { rateLimited } from '../../services/cognito-users.ts';
import { roomText } from '../../lib/room/text.ts';
import { resumeFrom, streamRoom } from '../../lib/room/sse.ts';
import type { RoomViewer } from '../../lib/room/viewers.ts';
import { CHAT_MAX_LENGTH, COMMENT_MAX_LENGTH, ChatMessageSchema, CommentSchema } from '../../schemas/room.ts';
import type { ChatMessage, Comment, Room } from '../../schemas/room.ts';

export const ChatListSchema = Type.Object({ data: Type.Array(ChatMessageSchema) });
export const CommentListSchema = Type.Object({ data: Type.Array(CommentSchema) });

export const roomHandlers = (app: FastifyInstance) => ({
  room: (viewer: RoomViewer): Promise<Room> => app.room.state(viewer),

  events: (request: FastifyRequest, reply: FastifyReply, viewer: RoomViewer, query: { last_event_id?: number }) =>
    streamRoom(request, reply, app.roomHub, viewer, resumeFrom(request, query)),

  chat: async (viewer: RoomViewer) => ({ data: await app.roomMessages.chat(viewer) }),

  /** 429 `rate_limited` with Retry-After when the sender wrote less than a second ago. */
  postChat: async (reply: FastifyReply, viewer: RoomViewer, body: string): Promise<ChatMessage> => {
    const result = await app.roomMessages.postChat(viewer, roomText(body, CHAT_MAX_LENGTH));
    if ('retryAfterMs' in result) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
      throw rateLimited();
    }
    reply.code(201);
    return result.message;
  },

  comments: async (viewer: RoomViewer) => ({ data: await app.roomMessages.comments(viewer) }),

  postComment: async (reply: FastifyReply, viewer: RoomViewer, body: string): Promise<Comment> => {
    const comment = await app.roomMessages.postComment(viewer, roomText(body, COMMENT_MAX_LENGTH));
    reply.code(201);
    return comment;
  },
});
