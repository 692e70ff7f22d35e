import type { FastifyPluginAsync } from 'fastify';
import cciMasterData from './cci/master/master-data.ts';
import cciConferenceTemplates from './cci/master/conference-templates.ts';
import companyMasterData from './company/master-data.ts';
import cciUsers from './cci/admin/master/users.ts';

/** Route plugins of this area, registered by app.ts (one file per area keeps app.ts stable). */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(cciMasterData);
  await app.register(cciConferenceTemplates);
  await app.register(companyMasterData);
  await app.register(cciUsers);
};
export default routes;
