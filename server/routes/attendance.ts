import type { FastifyPluginAsync } from 'fastify';
import cciConferenceMembers from './cci/admin/master/conference-members.ts';
import companyConferenceMembers from './company/conference-members.ts';

/** Route plugins of this area, registered by app.ts (one file per area keeps app.ts stable). */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(cciConferenceMembers);
  await app.register(companyConferenceMembers);
};
export default routes;
