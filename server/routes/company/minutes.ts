import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { problemResponses } from '../../schemas/common.ts';
import { CompanyMinutesSchema } from '../../schemas/minutes.ts';
import { IdParams } from '../../schemas/params.ts';
import { companyOf } from './conference-caller.ts';

/**
 * The published 議事録 in the portal (DESIGN.md §12.2): the latest published final version of a
 * conference the company may see; none, or a conference it may not see, is a 404.
 */
const companyMinutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/company/conferences/:id/minutes',
    {
      config: { access: { resource: 'company/conference_minutes', action: 'show' } },
      schema: {
        tags: ['company: conferences'],
        operationId: 'getCompanyMinutes',
        summary: '公開された議事録',
        params: IdParams,
        response: { 200: CompanyMinutesSchema, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return app.minutes.forCompany(user.cciCode, companyOf(user), request.params.id);
    },
  );
};
export default companyMinutes;
