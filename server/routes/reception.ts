import type { FastifyPluginAsync } from 'fastify';
import cciReception from './cci/admin/master/reception.ts';
import companyTicket from './company/conference-member-ticket.ts';

/**
 * Route plugins of this area (reception, DESIGN.md §11.3), registered by app.ts after the room: the
 * tickets are signed with the room links' key the room loaded once for the app (`roomLinkSecret`).
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(cciReception);
  await app.register(companyTicket);
};
export default routes;
