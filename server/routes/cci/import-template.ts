import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { buildTemplate } from '../../lib/import-template.ts';
import { CONTENT_TYPES, contentDisposition } from '../../storage/keys.ts';
import { ImportTemplateQuery } from '../../schemas/import-template.ts';
import { problemResponses } from '../../schemas/common.ts';
import { ChamberParams } from '../../schemas/params.ts';

/**
 * GET /v1/cci/{cci_code}/import/template?type=companies|members|positions (issue 17; beyond the
 * spec's paths, docs/decisions/0015-import-template-path.md): the XLSX a chamber fills in to import
 * a list — the export's headers and one example row — under a Japanese file name (RFC 5987).
 * CCI_ADMIN only, like the import itself (DESIGN.md §11.4).
 */
const cciImportTemplate: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/cci/:cci_code/import/template',
    {
      config: { access: { resource: 'imports', action: 'show' } },
      schema: {
        tags: ['cci: imports'],
        params: ChamberParams,
        querystring: ImportTemplateQuery,
        produces: [CONTENT_TYPES['.xlsx']],
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const template = await buildTemplate(request.query.type);
      reply.header('content-type', CONTENT_TYPES['.xlsx']);
      reply.header('content-disposition', contentDisposition(template.fileName));
      reply.header('cache-control', 'no-store');
      return reply.send(template.bytes);
    },
  );
};
export default cciImportTemplate;
