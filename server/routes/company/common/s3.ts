import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { currentUser } from '../../../plugins/app/auth.ts';
import { notFound } from '../../../plugins/app/problem.ts';
import { problemResponses } from '../../../schemas/common.ts';
import { ChamberParams } from '../../../schemas/params.ts';
import { GetObjectUrlQuerySchema, GetObjectUrlSchema } from '../../../schemas/storage.ts';
import type { StorageDriver } from '../../../storage/driver.ts';
import { isChamberKey } from '../../../storage/keys.ts';
import { downloadUrl, requireStorage } from '../../../storage/presign.ts';
import { companyOf } from '../conference-caller.ts';
import { visibleToCompany } from '../../../repositories/company-visibility.ts';

const errors = problemResponses(400, 401, 403, 404, 503);

/**
 * spec §7: GET /v1/company/{cci_code}/common/s3/get_object_url?path=. Only an attachment of a
 * conference, or of one of its 議案 (DESIGN.md §12.1, the 書面議決 form), the company may see — not a draft (nor under one) and invited directly or through a
 * sub-conference, the rule of GET /v1/company/conferences/{id} (company-visibility.ts) — anything else is 404
 * (DESIGN.md §6: do not reveal existence).
 */
const companyS3: FastifyPluginAsyncTypebox<{ storage?: StorageDriver }> = async (app, opts) => {
  async function isVisibleAttachment(cciCode: string, companyId: number, key: string): Promise<boolean> {
    const file = JSON.stringify([{ key }]);
    const { rows } = await app.db.execute(sql`
      select 1 from conference c
       where c.cci_code = ${cciCode}
         and (c.attachments @> ${file}::jsonb
              or exists (select 1 from motion m where m.conference_id = c.id and m.attachments @> ${file}::jsonb))
         and ${visibleToCompany('c', companyId)}
       limit 1`);
    return rows.length > 0;
  }

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
      if (!isChamberKey(user.cciCode, key) || !(await isVisibleAttachment(user.cciCode, companyOf(user), key))) {
        throw notFound('ファイルが見つかりません。');
      }
      return downloadUrl(requireStorage(opts.storage), key);
    },
  );
};
export default companyS3;
