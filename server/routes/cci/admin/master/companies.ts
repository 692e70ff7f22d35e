import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { notFound } from '../../../../lib/problem.ts';
import { CompanyListQuery } from '../../../../repositories/companies.ts';
import { CompanyCreateSchema, CompanyListSchema, CompanySchema, CompanyUpdateSchema } from '../../../../schemas/company.ts';
import { problemResponses } from '../../../../schemas/common.ts';
import { IdParams } from '../../../../schemas/params.ts';

const errors = problemResponses(400, 401, 403, 404, 409);
const tags = ['cci: companies'];

/** spec §7: GET and POST /v1/cci/admin/master/companies; GET and PUT /{id}. Tenant: the caller's chamber. */
const companies: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/cci/admin/master/companies',
    {
      config: { access: { resource: 'companies', action: 'list' } },
      schema: { tags, querystring: CompanyListQuery, response: { 200: CompanyListSchema, ...errors } },
    },
    async (request) => app.companies.list(currentUser(request).cciCode, request.query),
  );

  app.post(
    '/v1/cci/admin/master/companies',
    {
      config: { access: { resource: 'companies', action: 'create' } },
      schema: { tags, body: CompanyCreateSchema, response: { 201: CompanySchema, ...errors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      reply.code(201);
      return app.companies.create(user.cciCode, user.username, request.body);
    },
  );

  app.get(
    '/v1/cci/admin/master/companies/:id',
    {
      config: { access: { resource: 'companies', action: 'show' } },
      schema: { tags, params: IdParams, response: { 200: CompanySchema, ...errors } },
    },
    async (request) => {
      const found = await app.companies.findById(currentUser(request).cciCode, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    '/v1/cci/admin/master/companies/:id',
    {
      config: { access: { resource: 'companies', action: 'edit' } },
      schema: { tags, params: IdParams, body: CompanyUpdateSchema, response: { 200: CompanySchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      return app.companies.update(user.cciCode, request.params.id, user.username, request.body, 'chamber');
    },
  );
};
export default companies;
