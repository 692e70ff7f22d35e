import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { COMPANY_ROLES, currentUser } from '../../plugins/app/auth.ts';
import { CompanySchema } from '../../schemas/company.ts';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PagingQuery, ProblemSchema, listOf } from '../../schemas/common.ts';

/**
 * spec §7: GET /v1/company/companies — the session loader calls it with query id (§4).
 * A company admin only ever sees its own company: another id yields an empty page.
 */
const companyCompanies: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/company/companies',
    {
      config: { access: { roles: COMPANY_ROLES } },
      schema: {
        tags: ['company'],
        querystring: Type.Object(
          { id: Type.Optional(Type.Integer({ minimum: 1 })), ...PagingQuery },
          { additionalProperties: false },
        ),
        response: { 200: listOf(CompanySchema), 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, page = DEFAULT_PAGE, page_size = DEFAULT_PAGE_SIZE } = request.query;
      const own = user.companyId !== null && (id === undefined || id === user.companyId);
      const company = own ? await app.companies.findById(user.cciCode, user.companyId!) : null;
      const data = company && page === 1 ? [company] : [];
      return { data, meta: { page, page_size, total: company ? 1 : 0 } };
    },
  );
};
export default companyCompanies;
