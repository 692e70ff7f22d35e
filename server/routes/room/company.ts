import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/app/auth.ts';
import { RoomIdParams } from '../../schemas/room.ts';
import { registerRoomRoutes } from './shared.ts';

/**
 * DESIGN.md §11.1, an invited company's admin: enter the room, chat, send comments and read its
 * own. A conference the company is not invited to, a draft or a cancelled one is a 404.
 */
const companyRoom: FastifyPluginAsync = async (app) => {
  registerRoomRoutes(app, {
    path: '/v1/company/conferences/:id/room',
    params: RoomIdParams,
    tags: ['company: room'],
    read: { resource: 'company/conference_rooms', action: 'show' },
    write: { resource: 'company/conference_rooms', action: 'create' },
    viewerOf: (request: FastifyRequest) => app.roomViewers.company(currentUser(request), (request.params as { id: number }).id),
    tickets: true,
    sendsComments: true,
  });
};
export default companyRoom;
