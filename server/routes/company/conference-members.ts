import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { notFound } from '../../lib/problem.ts';
import { CompanyListQuery } from '../../repositories/conference-members.ts';
import { ConferenceMemberListSchema } from '../../schemas/conference-member.ts';
import { AnswerBodySchema, AnswerResultSchema } from '../../schemas/answer.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { SessionUser } from '../../schemas/session.ts';

const errors = problemResponses(400, 401, 403, 404);
const answerErrors = problemResponses(400, 401, 403, 404, 409, 422);
const tags = ['company: conference members'];

function ownCompanyId(user: SessionUser): number {
  if (user.companyId === null) throw notFound();
  return user.companyId;
}

/**
 * spec §7: GET /v1/company/conference_members and POST /v1/company/conference_members/answer.
 * A company admin sees and answers only its own company's invitees (others: 404, DESIGN.md §6).
 */
const companyConferenceMembers: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/company/conference_members',
    {
      config: { access: { resource: 'company/conference_members', action: 'list' } },
      schema: { tags, querystring: CompanyListQuery, response: { 200: ConferenceMemberListSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      return app.conferenceMembers.listForCompany(user.cciCode, ownCompanyId(user), request.query);
    },
  );

  app.post(
    '/v1/company/conference_members/answer',
    {
      config: { access: { resource: 'company/conference_members', action: 'edit' } },
      schema: { tags, body: AnswerBodySchema, response: { 200: AnswerResultSchema, ...answerErrors } },
    },
    async (request) => {
      const user = currentUser(request);
      return app.answers.submit({ cciCode: user.cciCode, companyId: ownCompanyId(user), username: user.username }, request.body);
    },
  );
};
export default companyConferenceMembers;
