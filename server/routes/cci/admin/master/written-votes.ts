import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { problemResponses } from '../../../../schemas/common.ts';
import { IdParams } from '../../../../schemas/params.ts';
import { StaffWrittenVotesPutSchema, WrittenVotesSchema } from '../../../../schemas/written-vote.ts';

/**
 * 書面議決 staff record from paper, FAX … (DESIGN.md §12.1, the channel as §11.2), for an invitee of
 * the caller's chamber (another chamber's: 404), until the 議案 is put to the vote.
 */
const staffWrittenVotes: FastifyPluginAsyncTypebox = async (app) => {
  const staffOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { cciCode: user.cciCode, username: user.username, companyId: null };
  };

  // the record-answer dialog shows what is recorded before staff add the paper ones (issue 34)
  app.get(
    '/v1/cci/admin/master/conference_members/:id/written_votes',
    {
      config: { access: { resource: 'conference_members', action: 'show' } },
      schema: {
        tags: ['cci: motions'],
        operationId: 'listWrittenVotes',
        summary: '書面議決の確認',
        params: IdParams,
        response: { 200: WrittenVotesSchema, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.writtenVotes.list(staffOf(request), request.params.id),
  );

  app.put(
    '/v1/cci/admin/master/conference_members/:id/written_votes',
    {
      config: { access: { resource: 'conference_members', action: 'edit' } },
      schema: {
        tags: ['cci: motions'],
        operationId: 'putWrittenVotes',
        summary: '書面議決の記録',
        params: IdParams,
        body: StaffWrittenVotesPutSchema,
        response: { 200: WrittenVotesSchema, ...problemResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => app.writtenVotes.put(staffOf(request), request.params.id, request.body),
  );
};
export default staffWrittenVotes;
