import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { Problem, notFound } from '../../lib/problem.ts';
import { ImportChangeListQuery, ImportJobListQuery } from '../../repositories/import-jobs.ts';
import {
  ImportChangeListSchema,
  ImportCreateSchema,
  ImportJobListSchema,
  ImportJobParamsSchema,
  ImportJobSchema,
} from '../../schemas/import.ts';
import { problemResponses } from '../../schemas/common.ts';
import { ChamberParams } from '../../schemas/params.ts';
import type { ImportQueue } from '../../jobs/import-queue.ts';

const errors = problemResponses(400, 401, 403, 404, 503);
const createErrors = problemResponses(400, 401, 403, 404, 409, 422, 503);
const tags = ['cci: imports'];

const unavailable = () => new Problem(503, 'import_unavailable', '取込機能が設定されていません。');

/**
 * DESIGN.md §11.4: POST and GET /v1/cci/{cci_code}/import, GET …/import/{id}, GET …/import/{id}/changes
 * (issue 33), POST …/import/{id}/apply.
 * CCI_ADMIN only (resource `imports`). A job is queued (202) and run by the import worker; the
 * console polls it. The error file downloads through GET …/common/s3/get_object_url?path={error_file_key}.
 */
const cciImport: FastifyPluginAsyncTypebox<{ queue?: ImportQueue }> = async (app, opts) => {
  app.post(
    '/v1/cci/:cci_code/import',
    {
      config: { access: { resource: 'imports', action: 'create' } },
      schema: { tags, params: ChamberParams, body: ImportCreateSchema, response: { 202: ImportJobSchema, ...createErrors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!opts.queue) throw unavailable();
      const job = await app.importJobs.create(user.cciCode, user.username, request.body, opts.queue);
      reply.code(202);
      return job;
    },
  );

  app.get(
    '/v1/cci/:cci_code/import',
    {
      config: { access: { resource: 'imports', action: 'list' } },
      schema: {
        tags,
        params: ChamberParams,
        querystring: ImportJobListQuery,
        response: { 200: ImportJobListSchema, ...errors },
      },
    },
    async (request) => app.importJobs.list(currentUser(request).cciCode, request.query),
  );

  app.get(
    '/v1/cci/:cci_code/import/:id',
    {
      config: { access: { resource: 'imports', action: 'show' } },
      schema: { tags, params: ImportJobParamsSchema, response: { 200: ImportJobSchema, ...errors } },
    },
    async (request) => {
      const job = await app.importJobs.find(currentUser(request).cciCode, request.params.id);
      if (!job) throw notFound();
      return job;
    },
  );

  // issue 33: every row the import would change (a dry run) or did, before → after per column; a list
  // with every common list parameter (spec §3, decision 0037)
  app.get(
    '/v1/cci/:cci_code/import/:id/changes',
    {
      config: { access: { resource: 'imports', action: 'show' } },
      schema: {
        tags,
        params: ImportJobParamsSchema,
        querystring: ImportChangeListQuery,
        response: { 200: ImportChangeListSchema, ...errors },
      },
    },
    async (request) => {
      const list = await app.importJobs.changes(currentUser(request).cciCode, request.params.id, request.query);
      if (!list) throw notFound();
      return list;
    },
  );

  app.post(
    '/v1/cci/:cci_code/import/:id/apply',
    {
      config: { access: { resource: 'imports', action: 'create' } },
      schema: { tags, params: ImportJobParamsSchema, response: { 202: ImportJobSchema, ...createErrors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const job = opts.queue
        ? await app.importJobs.apply(user.cciCode, user.username, request.params.id, opts.queue)
        : await app.importJobs.find(user.cciCode, request.params.id);
      if (!job) throw notFound();
      if (!opts.queue) throw unavailable();
      reply.code(202);
      return job;
    },
  );
};
export default cciImport;
