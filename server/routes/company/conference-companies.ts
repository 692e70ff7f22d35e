import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { companyOf } from './conference-caller.ts';
import { OwnConferenceCompanyListQuery } from '../../repositories/conference-companies.ts';
import { OwnConferenceCompanyListSchema } from '../../schemas/conference-company.ts';
import { problemResponses } from '../../schemas/common.ts';
const errors = problemResponses(400, 401, 403, 404);

/** spec §7: GET /v1/company/conference_companies — the caller's company's own rows only. */
const companyConferenceCompanies: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/company/conference_companies',
    {
      config: { access: { resource: 'company/conference_companies', action: 'list' } },
      schema: {
        tags: ['company: conference companies'],
        querystring: OwnConferenceCompanyListQuery,
        response: { 200: OwnConferenceCompanyListSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return app.conferenceCompanies.listOwn(user.cciCode, companyOf(user), request.query);
    },
  );
};
export default companyConferenceCompanies;
