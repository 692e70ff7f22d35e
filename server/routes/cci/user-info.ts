import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CHAMBER_ROLES, currentUser } from '../../plugins/app/auth.ts';
import { CciUserInfoQuerySchema, CciUserInfoSchema } from '../../schemas/session.ts';
import { ProblemSchema } from '../../schemas/common.ts';

/** spec §7: GET /v1/cci/user_info → cci_code, username, user_type (chamber session loader, §4). */
const cciUserInfo: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/cci/user_info',
    {
      config: { access: { roles: CHAMBER_ROLES } },
      schema: {
        tags: ['cci'],
        // spec §3: cci_code is a common query parameter; naming another chamber is refused (§6).
        querystring: CciUserInfoQuerySchema,
        response: { 200: CciUserInfoSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return {
        cci_code: user.cciCode,
        username: user.username,
        user_type: user.userType,
        display_name: user.displayName,
        email: user.email,
      };
    },
  );
};
export default cciUserInfo;
