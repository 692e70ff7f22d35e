import type { FastifyPluginAsync } from 'fastify';
import members from './cci/admin/master/members.ts';
import positions from './cci/admin/master/positions.ts';

/** Members and positions (spec §7), registered by app.ts. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(members);
  await app.register(positions);
};
export default routes;
