import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { currentUser } from '../../plugins/app/auth.ts';
import { Problem, notFound } from '../../lib/problem.ts';
import { ExportJobListQuery } from '../../repositories/export-jobs.ts';
import { ExportCreateSchema, ExportJobListSchema, ExportJobParamsSchema, ExportJobSchema } from '../../schemas/export.ts';
import { problemResponses } from '../../schemas/common.ts';
import { ChamberParams } from '../../schemas/params.ts';
import type { ExportQueue } from '../../jobs/export-queue.ts';

const errors = problemResponses(400, 401, 403, 404, 503);
const createErrors = problemResponses(400, 401, 403, 404, 429, 503);
const tags = ['cci: exports'];

/**
 * spec §7: POST and GET /v1/cci/{cci_code}/export, GET /v1/cci/{cci_code}/export/{id}. Both chamber
 * roles export and see every job of their chamber (DESIGN.md §6); company admins get 403. A new
 * job is queued (201) and produced by the export worker; clients poll it for status and progress.
 */
const cciExport: FastifyPluginAsyncTypebox<{ queue?: ExportQueue; quota: preHandlerAsyncHookHandler }> = async (app, opts) => {
  app.post(
    '/v1/cci/:cci_code/export',
    {
      config: { access: { resource: 'exports', action: 'create' } },
      preHandler: opts.quota,
      schema: { tags, params: ChamberParams, body: ExportCreateSchema, response: { 201: ExportJobSchema, ...createErrors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!opts.queue) throw new Problem(503, 'export_unavailable', 'エクスポート機能が設定されていません。');
      const job = await app.exportJobs.create(user.cciCode, user.username, request.body, opts.queue);
      reply.code(201);
      return job;
    },
  );

  app.get(
    '/v1/cci/:cci_code/export',
    {
      config: { access: { resource: 'exports', action: 'list' } },
      schema: {
        tags,
        params: ChamberParams,
        querystring: ExportJobListQuery,
        response: { 200: ExportJobListSchema, ...errors },
      },
    },
    async (request) => app.exportJobs.list(currentUser(request).cciCode, request.query),
  );

  app.get(
    '/v1/cci/:cci_code/export/:id',
    {
      config: { access: { resource: 'exports', action: 'show' } },
      schema: { tags, params: ExportJobParamsSchema, response: { 200: ExportJobSchema, ...errors } },
    },
    async (request) => {
      const job = await app.exportJobs.find(currentUser(request).cciCode, request.params.id);
      if (!job) throw notFound();
      return job;
    },
  );
};
export default cciExport;
