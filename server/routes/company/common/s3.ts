import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../../plugins/app/auth.ts';
import { notFound } from '../../../lib/problem.ts';
import { problemResponses } from '../../../schemas/common.ts';
import { ChamberParams } from '../../../schemas/params.ts';
import { GetObjectUrlQuerySchema, GetObjectUrlSchema } from '../../../schemas/storage.ts';
import type { StorageDriver } from '../../../storage/driver.ts';
import { isChamberKey } from '../../../storage/keys.ts';
import { downloadUrl, requireStorage } from '../../../storage/presign.ts';
import { companyOf } from '../conference-caller.ts';

const errors = problemResponses(400, 401, 403, 404, 503);

/**
 * spec §7: GET /v1/company/{cci_code}/common/s3/get_object_url?path=. Only an attachment of a
 * conference, or of one of its 議案 (DESIGN.md §12.1, the 書面議決 form), the company may see — not a draft (nor under one) and invited directly or through a
 * sub-conference, the rule of GET /v1/company/conferences/{id} (company-visibility.ts) — anything else is 404
 * (DESIGN.md §6: do not reveal existence).
 */
const companyS3: FastifyPluginAsyncTypebox<{ storage?: StorageDriver }> = async (app, opts) => {
  app.get(
    '/v1/company/:cci_code/common/s3/get_object_url',
    {
      config: { access: { resource: 'company/uploads', action: 'show' } },
      schema: {
        tags: ['company: files'],
        params: ChamberParams,
        querystring: GetObjectUrlQuerySchema,
        response: { 200: GetObjectUrlSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const key = request.query.path;
      if (
        !isChamberKey(user.cciCode, key) ||
        !(await app.conferencesForCompany.hasAttachment(user.cciCode, companyOf(user), key))
      ) {
        throw notFound('ファイルが見つかりません。');
      }
      return downloadUrl(requireStorage(opts.storage), key);
    },
  );
};
export default companyS3;
