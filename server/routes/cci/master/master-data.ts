import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../../plugins/app/auth.ts';
import { MasterDataListQuery } from '../../../repositories/master-data.ts';
import { MasterDataListSchema, MasterTypeParams } from '../../../schemas/master-data.ts';
import { problemResponses } from '../../../schemas/common.ts';
const errors = problemResponses(400, 401, 403);

/**
 * spec §7: GET /v1/cci/{cci_code}/master/{master_type_code} (e.g. cci_position_type, spec §3).
 * CCI_CONFERENCE_TEMPLATE is served by the templates' own static route, which wins over this one.
 */
const cciMasterData: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/cci/:cci_code/master/:master_type_code',
    {
      config: { access: { resource: 'master_data', action: 'list' } },
      schema: {
        tags: ['cci: master data'],
        params: MasterTypeParams,
        querystring: MasterDataListQuery,
        response: { 200: MasterDataListSchema, ...errors },
      },
    },
    async (request) => app.masterData.list(currentUser(request).cciCode, request.params.master_type_code, request.query),
  );
};
export default cciMasterData;
