import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { rateLimitHook } from '../../lib/rate-limit.ts';
import { TokenParams } from '../../schemas/room.ts';
import { registerLinkHolderPolls } from './link-holder-polls.ts';
import { registerRoomRoutes } from './shared.ts';

/**
 * DESIGN.md §11.1, a guest (来賓, 講師) or an invitee through a link, without an account: the
 * signed token is the credential. A bad, expired or revoked token is a 404 that says nothing about
 * the conference. The token sits in the path, so the access log keeps its ids only (config/logger.ts).
 * Writes are limited per link (shared.ts) and, as a high ceiling, per address in this process
 * (issue 29: a venue's attendees share one address).
 */
const linkHolderRoom: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false });
  const viewerOf = (request: FastifyRequest) => app.roomViewers.link((request.params as { token: string }).token);
  const beforeWrite = rateLimitHook(app, app.roomLimits.rules.linkWritesPerIp);
  registerRoomRoutes(app, {
    path: '/v1/room/:token',
    params: TokenParams,
    tags: ['room links'],
    read: 'public',
    write: 'public',
    viewerOf,
    tickets: false,
    sendsComments: true,
    beforeWrite,
  });
  registerLinkHolderPolls(app, { viewerOf, beforeWrite });
};
export default linkHolderRoom;
