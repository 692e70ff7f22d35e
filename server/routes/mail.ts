import type { FastifyPluginAsync } from 'fastify';
import cciNotifications from './cci/admin/master/notifications.ts';

/** Route plugins of this area (mail, DESIGN.md §11.2), registered by app.ts. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(cciNotifications);
};
export default routes;
