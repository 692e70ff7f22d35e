import type { FastifyPluginAsync } from 'fastify';
import { ReceptionRepository } from '../repositories/reception.ts';
import cciReception from './cci/admin/master/reception.ts';
import companyTicket from './company/conference-member-ticket.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reception: ReceptionRepository;
  }
}

/**
 * Route plugins of this area (reception, DESIGN.md §11.3), registered by app.ts after the room: the
 * tickets are signed with the room links' key the room loaded once for the app (`roomLinkSecret`).
 */
const routes: FastifyPluginAsync = async (app) => {
  app.decorate('reception', new ReceptionRepository(app.pool, app.db, app.roomLinkSecret));
  await app.register(cciReception);
  await app.register(companyTicket);
};
export default routes;
