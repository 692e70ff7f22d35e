import type { FastifyPluginAsync } from 'fastify';
import cciMinutes from './cci/admin/master/minutes.ts';
import companyMinutes from './company/minutes.ts';

/** Route plugins of the 議事録 (DESIGN.md §12.2, issue 35), registered by app.ts after the votes. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(cciMinutes);
  await app.register(companyMinutes);
};
export default routes;
