import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAGES } from '../../../access/permissions.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import { DashboardSchema } from '../../schemas/dashboard.ts';
import { problemResponses } from '../../schemas/common.ts';
import { ChamberParams } from '../../schemas/params.ts';

/**
 * GET /v1/cci/{cci_code}/dashboard (issue 15 item 5; beyond spec §7, named like the other
 * {cci_code} paths): the conference sections of the staff home /admin in one request. Whoever may
 * open /admin may read it: both chamber roles, in their own chamber (DESIGN.md §6); company
 * admins get 403. The exports section reads GET …/export.
 */
const cciDashboard: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/cci/:cci_code/dashboard',
    {
      config: { access: { resource: PAGES.adminDashboard, action: 'access' } },
      schema: { tags: ['cci'], params: ChamberParams, response: { 200: DashboardSchema, ...problemResponses(400, 401, 403) } },
    },
    async (request) => app.dashboard.load(currentUser(request).cciCode, new Date()),
  );
};
export default cciDashboard;
