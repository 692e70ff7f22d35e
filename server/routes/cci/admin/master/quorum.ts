import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { problemResponses } from '../../../../schemas/common.ts';
import { IdParams } from '../../../../schemas/params.ts';
import { QuorumSchema } from '../../../../schemas/reception.ts';

const errors = problemResponses(400, 401, 403, 404);

/**
 * DESIGN.md §11.3: GET /v1/cci/admin/master/conferences/{id}/quorum, the 定足数 as of now (the
 * board's first figures; later ones arrive as the room's `quorum` event). Both chamber roles; a
 * conference without settings answers `settings: null` and null figures.
 */
const quorum: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/cci/admin/master/conferences/:id/quorum',
    {
      config: { access: { resource: 'conference_receptions', action: 'show' } },
      schema: { tags: ['cci: reception'], params: IdParams, response: { 200: QuorumSchema, ...errors } },
    },
    async (request) => app.reception.quorum(currentUser(request).cciCode, request.params.id),
  );
};
export default quorum;
