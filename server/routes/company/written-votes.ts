import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/app/auth.ts';
import { notFound } from '../../lib/problem.ts';
import { problemResponses } from '../../schemas/common.ts';
import { IdParams } from '../../schemas/params.ts';
import { CompanyWrittenVotesPutSchema, WrittenVotesSchema } from '../../schemas/written-vote.ts';
import type { Recorder } from '../../repositories/written-votes.ts';

const tags = ['company: conference members'];
const PATH = '/v1/company/conference_members/:id/written_votes';

/** Only its own company's invitees of conferences it may see (others: 404, DESIGN.md §6). */
const recorderOf = (request: FastifyRequest): Recorder => {
  const user = currentUser(request);
  if (user.companyId === null) throw notFound();
  return { cciCode: user.cciCode, username: user.username, companyId: user.companyId };
};

/** 書面議決 in the portal (DESIGN.md §12.1): per 議案 of the conference, until the answer deadline. */
const companyWrittenVotes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      config: { access: { resource: 'company/conference_members', action: 'show' } },
      schema: {
        tags,
        operationId: 'listCompanyWrittenVotes',
        summary: '書面議決の確認',
        params: IdParams,
        response: { 200: WrittenVotesSchema, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.writtenVotes.list(recorderOf(request), request.params.id),
  );

  app.put(
    PATH,
    {
      config: { access: { resource: 'company/conference_members', action: 'edit' } },
      schema: {
        tags,
        operationId: 'putCompanyWrittenVotes',
        summary: '書面議決の回答',
        params: IdParams,
        body: CompanyWrittenVotesPutSchema,
        response: { 200: WrittenVotesSchema, ...problemResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => app.writtenVotes.put(recorderOf(request), request.params.id, request.body),
  );
};
export default companyWrittenVotes;
