import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { notFound } from '../../lib/problem.ts';
import { MASTER_TYPE_CONFERENCE_TEMPLATE } from '../../db/schema.ts';
import { MasterDataListQuery } from '../../repositories/master-data.ts';
import { MasterDataListSchema, MasterTypeParams } from '../../schemas/master-data.ts';
import { problemResponses } from '../../schemas/common.ts';
const errors = problemResponses(400, 401, 403, 404);

/**
 * Master types that are the chamber's working tools, not company data: conference templates are
 * not a company resource in the permission matrix (access/permissions.ts), so 404 (DESIGN.md §6).
 */
const CHAMBER_ONLY_TYPES: readonly string[] = [MASTER_TYPE_CONFERENCE_TEMPLATE];

/** spec §7: GET /v1/company/{cci_code}/master/{master_type_code}, the company twin of the chamber list. */
const companyMasterData: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/company/:cci_code/master/:master_type_code',
    {
      config: { access: { resource: 'company/master_data', action: 'list' } },
      schema: {
        tags: ['company: master data'],
        params: MasterTypeParams,
        querystring: MasterDataListQuery,
        response: { 200: MasterDataListSchema, ...errors },
      },
    },
    async (request) => {
      const { master_type_code } = request.params;
      if (CHAMBER_ONLY_TYPES.includes(master_type_code)) throw notFound();
      return app.masterData.list(currentUser(request).cciCode, master_type_code, request.query);
    },
  );
};
export default companyMasterData;
