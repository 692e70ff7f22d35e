import type { FastifyPluginAsync } from 'fastify';
import cciConferences from './cci/admin/master/conferences.ts';
import cciConferenceCompanies from './cci/admin/master/conference-companies.ts';
import cciQuorum from './cci/admin/master/quorum.ts';
import companyConferences from './company/conferences.ts';
import companyConferenceCompanies from './company/conference-companies.ts';

/**
 * Route plugins of this area, registered by app.ts (one file per area keeps app.ts stable).
 * Conferences, conference companies and a conference's 定足数.
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(cciConferences);
  await app.register(cciConferenceCompanies);
  await app.register(cciQuorum);
  await app.register(companyConferences);
  await app.register(companyConferenceCompanies);
};
export default routes;
