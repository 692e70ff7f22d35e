import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { currentUser } from '../../../plugins/app/auth.ts';
import { Problem, forbidden, notFound } from '../../../lib/problem.ts';
import { canAccess } from '../../../../access/permissions.ts';
import { ProblemSchema, problemResponses } from '../../../schemas/common.ts';
import { ChamberParams } from '../../../schemas/params.ts';
import {
  GetObjectUrlQuerySchema,
  GetObjectUrlSchema,
  IMPORT_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  PutObjectUrlBodySchema,
  PutObjectUrlSchema,
  UPLOAD_TYPES,
  type PutObjectUrlBody,
} from '../../../schemas/storage.ts';
import type { StorageDriver } from '../../../storage/driver.ts';
import { isChamberKey, safeFileName } from '../../../storage/keys.ts';
import { PUT_URL_SECONDS, downloadUrl, requireStorage } from '../../../storage/presign.ts';

const errors = problemResponses(400, 401, 403, 404, 503);
const putErrors = problemResponses(400, 401, 403, 404, 422, 429, 503);
const tags = ['cci: files'];
const ALLOWED = 'PDF、Excel（xlsx）、Word（docx）、PowerPoint（pptx）、PNG、JPEG';

const PURPOSE_FOLDERS: Record<PutObjectUrlBody['purpose'], string> = {
  conference_attachment: 'attachments',
  import: 'imports/uploads',
};

/** An import's file (DESIGN.md §11.4): `.csv` (text/csv) or `.xlsx`, ≤ 20 MB; anything else a 422 naming what is allowed. */
function checkedImportUpload(body: PutObjectUrlBody): string {
  const contentType = body.content_type.trim().toLowerCase();
  const extension = path.extname(body.file_name).toLowerCase();
  if (!IMPORT_UPLOAD_TYPES[contentType]?.includes(extension)) {
    throw new Problem(422, 'unsupported_import_file', '取込できるファイルは CSV（.csv）と Excel（.xlsx）です。', [
      { field: 'body.file_name', code: 'unsupported_import_file', message: '.csv (text/csv) or .xlsx' },
    ]);
  }
  if (body.size > MAX_UPLOAD_BYTES) {
    throw new Problem(422, 'file_too_large', '取込ファイルのサイズは 20 MB 以下にしてください。', [
      { field: 'body.size', code: 'file_too_large', message: `at most ${MAX_UPLOAD_BYTES} bytes` },
    ]);
  }
  return contentType;
}

/** The content type, checked against the allowed types, the file name's extension and the size limit (issue 6). */
function checkedUpload(body: PutObjectUrlBody): string {
  const contentType = body.content_type.trim().toLowerCase();
  const extensions = UPLOAD_TYPES[contentType];
  if (!extensions) {
    throw new Problem(400, 'unsupported_file_type', `アップロードできるファイルの種類は ${ALLOWED} です。`, [
      { field: 'body.content_type', code: 'unsupported_file_type', message: `one of ${Object.keys(UPLOAD_TYPES).join(', ')}` },
    ]);
  }
  if (!extensions.includes(path.extname(body.file_name).toLowerCase())) {
    throw new Problem(400, 'file_extension_mismatch', 'ファイル名の拡張子がファイルの種類と一致しません。', [
      { field: 'body.file_name', code: 'file_extension_mismatch', message: `extension ${extensions.join(' or ')}` },
    ]);
  }
  if (body.size > MAX_UPLOAD_BYTES) {
    throw new Problem(400, 'file_too_large', 'ファイルサイズは 20 MB 以下にしてください。', [
      { field: 'body.size', code: 'file_too_large', message: `at most ${MAX_UPLOAD_BYTES} bytes` },
    ]);
  }
  return contentType;
}

/**
 * spec §7: POST /v1/cci/{cci_code}/common/s3/put_object_url and GET …/get_object_url?path=.
 * Keys live under the caller's chamber prefix; a path outside it is 404 like a missing object.
 */
const cciS3: FastifyPluginAsyncTypebox<{ storage?: StorageDriver; quota: preHandlerAsyncHookHandler }> = async (app, opts) => {
  app.post(
    '/v1/cci/:cci_code/common/s3/put_object_url',
    {
      config: { access: { resource: 'uploads', action: 'create' } },
      preHandler: opts.quota,
      schema: { tags, params: ChamberParams, body: PutObjectUrlBodySchema, response: { 200: PutObjectUrlSchema, ...putErrors } },
    },
    async (request) => {
      const { cciCode, username, userType } = currentUser(request);
      const { purpose } = request.body;
      // imports are CCI_ADMIN's (DESIGN.md §11.4), uploads of both chamber roles
      if (purpose === 'import' && !canAccess(userType, { resource: 'imports', action: 'create' })) throw forbidden();
      const contentType = purpose === 'import' ? checkedImportUpload(request.body) : checkedUpload(request.body);
      const storage = requireStorage(opts.storage);
      const key = `${cciCode}/${PURPOSE_FOLDERS[purpose]}/${randomUUID()}/${safeFileName(request.body.file_name)}`;
      // recorded before anyone can upload to it: an object without its row would never be cleaned up
      await app.uploads.record(cciCode, key, purpose, username);
      const signed = await storage.presignPut(key, { contentType, size: request.body.size, expiresInSeconds: PUT_URL_SECONDS });
      return {
        url: signed.url,
        method: 'PUT' as const,
        headers: signed.headers,
        key,
        expires_at: signed.expiresAt.toISOString(),
      };
    },
  );

  app.get(
    '/v1/cci/:cci_code/common/s3/get_object_url',
    {
      config: { access: { resource: 'uploads', action: 'show' } },
      schema: {
        tags,
        params: ChamberParams,
        querystring: GetObjectUrlQuerySchema,
        response: { 200: GetObjectUrlSchema, 410: ProblemSchema, ...errors },
      },
    },
    async (request) => {
      const { cciCode } = currentUser(request);
      const key = request.query.path;
      if (!isChamberKey(cciCode, key)) throw notFound('ファイルが見つかりません。');
      if (key.startsWith(`${cciCode}/exports/`)) {
        const job = await app.exportJobs.findByFileKey(cciCode, key);
        if (job?.expired) {
          throw new Problem(
            410,
            'export_expired',
            'このファイルは保存期間を過ぎたため削除されました。もう一度出力してください。',
          );
        }
        // only the file the job finished with (not one a superseded attempt left behind)
        if (job?.file_key !== key) throw notFound('ファイルが見つかりません。');
      }
      // an import's error file (DESIGN.md §11.4): only the one its job finished with, for those who import
      if (key.startsWith(`${cciCode}/imports/`)) {
        const job = canAccess(currentUser(request).userType, { resource: 'imports', action: 'show' })
          ? await app.importJobs.findByErrorFileKey(cciCode, key)
          : null;
        if (job?.error_file_key !== key) throw notFound('ファイルが見つかりません。');
      }
      return downloadUrl(requireStorage(opts.storage), key);
    },
  );
};
export default cciS3;
