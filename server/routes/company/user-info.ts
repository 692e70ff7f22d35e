import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COMPANY_ROLES, currentUser } from '../../plugins/app/auth.ts';
import { CompanyUserInfoSchema } from '../../schemas/session.ts';
import { ProblemSchema } from '../../schemas/common.ts';
import { unauthorized } from '../../lib/problem.ts';

/** spec §7: GET /v1/company/user_info (company session loader, §4). */
const companyUserInfo: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/company/user_info',
    {
      config: { access: { roles: COMPANY_ROLES } },
      schema: { tags: ['company'], response: { 200: CompanyUserInfoSchema, 401: ProblemSchema, 403: ProblemSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      // A company admin without a company row is a broken account: refuse rather than guess.
      if (user.companyId === null) throw unauthorized('このアカウントは事業所に紐付いていません。');
      return {
        cci_code: user.cciCode,
        username: user.username,
        user_type: user.userType,
        display_name: user.displayName,
        email: user.email,
        company_id: user.companyId,
      };
    },
  );
};
export default companyUserInfo;
