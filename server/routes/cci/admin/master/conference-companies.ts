import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { ConferenceCompanyListQuery } from '../../../../repositories/conference-companies.ts';
import { ConferenceCompanyListSchema } from '../../../../schemas/conference-company.ts';
import { problemResponses } from '../../../../schemas/common.ts';
const errors = problemResponses(400, 401, 403);

/** spec §7: GET /v1/cci/admin/master/conference_companies (the caller's chamber). */
const conferenceCompanies: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/cci/admin/master/conference_companies',
    {
      config: { access: { resource: 'conference_companies', action: 'list' } },
      schema: {
        tags: ['cci: conference companies'],
        querystring: ConferenceCompanyListQuery,
        response: { 200: ConferenceCompanyListSchema, ...errors },
      },
    },
    async (request) => app.conferenceCompanies.list(currentUser(request).cciCode, request.query),
  );
};
export default conferenceCompanies;
