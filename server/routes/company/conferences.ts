import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { companyOf } from './conference-caller.ts';
import { notFound } from '../../lib/problem.ts';
import { CompanyConferenceListQuery } from '../../repositories/conferences-for-company.ts';
import {
  CompanyConferenceListSchema,
  CompanyConferenceQuerySchema,
  CompanyConferenceSchema,
  expandsOf,
} from '../../schemas/conference.ts';
import { problemResponses } from '../../schemas/common.ts';
import { IdParams } from '../../schemas/params.ts';

const errors = problemResponses(400, 401, 403, 404);
const tags = ['company: conferences'];

/**
 * spec §7: GET /v1/company/conferences and GET /v1/company/conferences/{id} (query expand).
 * Only conferences the caller's company is invited to, never drafts; anything else is a 404
 * (DESIGN.md §6: do not reveal existence).
 */
const companyConferences: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/company/conferences',
    {
      config: { access: { resource: 'company/conferences', action: 'list' } },
      schema: {
        tags,
        querystring: CompanyConferenceListQuery,
        response: { 200: CompanyConferenceListSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return app.conferencesForCompany.list(user.cciCode, companyOf(user), request.query);
    },
  );

  app.get(
    '/v1/company/conferences/:id',
    {
      config: { access: { resource: 'company/conferences', action: 'show' } },
      schema: {
        tags,
        params: IdParams,
        querystring: CompanyConferenceQuerySchema,
        response: { 200: CompanyConferenceSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const found = await app.conferencesForCompany.find(
        user.cciCode,
        companyOf(user),
        request.params.id,
        expandsOf(request.query.expand),
      );
      if (!found) throw notFound();
      return found;
    },
  );
};
export default companyConferences;
