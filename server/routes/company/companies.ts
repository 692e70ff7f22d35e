import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { notFound } from '../../lib/problem.ts';
import { ChamberChangesSchema, CompanyListSchema, CompanySchema, OwnCompanyUpdateSchema } from '../../schemas/company.ts';
import { problemResponses } from '../../schemas/common.ts';
import { OwnCompanyListQuery } from '../../repositories/companies.ts';
import { IdParams } from '../../schemas/params.ts';
import type { SessionUser } from '../../schemas/session.ts';

const errors = problemResponses(400, 401, 403, 404, 409);
const tags = ['company: companies'];

/** A company admin reaches only its own company; any other id is a 404 (DESIGN.md §6). */
function ownCompanyId(user: SessionUser, id: number): number {
  if (user.companyId === null || user.companyId !== id) throw notFound();
  return id;
}

/**
 * spec §7: GET /v1/company/companies (the session loader calls it with query id, §4) and
 * GET/PUT /v1/company/companies/{id}. The own update clears admin_changed_info_flag.
 */
const companyCompanies: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/company/companies',
    {
      config: { access: { resource: 'company/companies', action: 'show' } },
      schema: {
        tags,
        querystring: OwnCompanyListQuery,
        response: { 200: CompanyListSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return app.companies.listOwn(user.cciCode, user.companyId, request.query);
    },
  );

  app.get(
    '/v1/company/companies/:id',
    {
      config: { access: { resource: 'company/companies', action: 'show' } },
      schema: { tags, params: IdParams, response: { 200: CompanySchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      const company = await app.companies.findById(user.cciCode, ownCompanyId(user, request.params.id));
      if (!company) throw notFound();
      return company;
    },
  );

  // what the chamber changed since the company last confirmed (the confirm-account screen, issue 18 item 6)
  app.get(
    '/v1/company/companies/:id/chamber_changes',
    {
      config: { access: { resource: 'company/companies', action: 'show' } },
      schema: { tags, params: IdParams, response: { 200: ChamberChangesSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      return app.companies.chamberChanges(user.cciCode, ownCompanyId(user, request.params.id));
    },
  );

  app.put(
    '/v1/company/companies/:id',
    {
      config: { access: { resource: 'company/companies', action: 'edit' } },
      schema: { tags, params: IdParams, body: OwnCompanyUpdateSchema, response: { 200: CompanySchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      const id = ownCompanyId(user, request.params.id);
      return app.companies.update(user.cciCode, id, user.username, request.body, 'company');
    },
  );
};
export default companyCompanies;
