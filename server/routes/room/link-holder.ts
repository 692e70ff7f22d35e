import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { linkViewer } from '../../lib/room/viewers.ts';
import { TokenParams } from '../../schemas/room.ts';
import { registerRoomRoutes } from './shared.ts';

/**
 * DESIGN.md §11.1, a guest (来賓, 講師) or an invitee through a link, without an account: the
 * signed token is the credential. A bad, expired or revoked token is a 404 that says nothing about
 * the conference. The token sits in the path, so the access log keeps its ids only (config/logger.ts).
 */
const linkHolderRoom: FastifyPluginAsync = async (app) => {
  registerRoomRoutes(app, {
    path: '/v1/room/:token',
    params: TokenParams,
    tags: ['room links'],
    read: 'public',
    write: 'public',
    viewerOf: (request: FastifyRequest) => linkViewer(app.pool, app.roomLinkSecret, (request.params as { token: string }).token),
    tickets: false,
    sendsComments: true,
  });
};
export default linkHolderRoom;
