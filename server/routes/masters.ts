import fp from 'fastify-plugin';
import mastersRepositories from '../repositories/masters.ts';
import cciMasterData from './cci/master/master-data.ts';
import cciConferenceTemplates from './cci/master/conference-templates.ts';
import companyMasterData from './company/master-data.ts';
import cciUsers from './cci/admin/master/users.ts';

/**
 * Route plugins of this area, registered by app.ts (one file per area keeps app.ts stable).
 * Wrapped with fastify-plugin so `app.masterData` / `app.conferenceTemplates` reach the areas
 * registered after it (conferences created from a template).
 */
export default fp(
  async (app) => {
    await app.register(mastersRepositories);
    await app.register(cciMasterData);
    await app.register(cciConferenceTemplates);
    await app.register(companyMasterData);
    await app.register(cciUsers);
  },
  { name: 'masters-routes' },
);
