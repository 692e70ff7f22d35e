/**
 * The local-disk driver's presigned URLs, served by the API (DESIGN.md §3): PUT stores an upload,
 * GET downloads. No bearer token — like S3's presigned URLs, the HMAC signature in the query is
 * the permission, and it expires. Only signed keys are reachable: no listing, no paths outside the
 * storage root. A PUT never replaces a stored object (409 object_exists), and its first bytes must
 * be those of the signed type (415 file_content_mismatch). Not part of the public API (hidden from the OpenAPI document).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Problem, notFound } from '../../lib/problem.ts';
import {
  ContentMismatchError,
  ObjectExistsError,
  SizeMismatchError,
  type LocalDiskDriver,
  type UrlCheck,
} from '../../storage/local.ts';
import { contentDisposition, contentTypeOf, fileNameOf } from '../../storage/keys.ts';
import { LocalObjectGetQuerySchema, LocalObjectParamsSchema, LocalObjectPutQuerySchema } from '../../schemas/storage.ts';

/** S3 answers 403 to a bad or expired signature; so do we, with a code saying which. */
function refuse(check: Exclude<UrlCheck, 'ok'>): Problem {
  return check === 'expired'
    ? new Problem(403, 'url_expired', 'URL の有効期限が切れています。もう一度操作をやり直してください。')
    : new Problem(403, 'signature_invalid', 'URL が正しくありません。');
}

const sizeMismatch = () => new Problem(400, 'size_mismatch', 'ファイルのサイズが申請された内容と一致しません。');
/** A signed PUT URL is valid for minutes: replaying it must not replace a file already stored (and attached). */
const objectExists = () =>
  new Problem(
    409,
    'object_exists',
    'このファイルはすでにアップロードされています。もう一度アップロードする場合は、ファイルを選び直してください。',
  );
/** The bytes are not a file of the signed type (a renamed file, or a different type declared). */
const contentMismatch = () =>
  new Problem(415, 'file_content_mismatch', 'ファイルの内容がファイルの種類と一致しません。正しいファイルを選んでください。');

const localObjects: FastifyPluginAsyncTypebox<{ driver: LocalDiskDriver }> = async (app, { driver }) => {
  // Upload bodies are streamed to disk by the handler, whatever their type: no parser reads them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.put(
    '/v1/storage/objects/*',
    {
      config: { access: 'public' },
      schema: { hide: true, params: LocalObjectParamsSchema, querystring: LocalObjectPutQuerySchema },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const { exp, sig, ct, size } = request.query;
      const check = driver.check({ method: 'PUT', key, exp, contentType: ct, size }, sig);
      if (check !== 'ok') throw refuse(check);
      // the signed type must be the type sent (S3 refuses a mismatch the same way)
      if (request.headers['content-type'] !== ct) throw refuse('invalid');
      const declared = request.headers['content-length'];
      if (declared !== undefined && Number(declared) !== size) throw sizeMismatch();
      // refused before a byte is read; the write itself refuses it again, atomically (a race)
      if (await driver.exists(key)) throw objectExists();
      try {
        await driver.write(key, request.raw, { size, contentType: ct });
      } catch (err) {
        // refused mid-body: the rest of it is not waited for on this connection
        if (err instanceof SizeMismatchError || err instanceof ContentMismatchError) reply.header('connection', 'close');
        if (err instanceof SizeMismatchError) throw sizeMismatch();
        if (err instanceof ContentMismatchError) throw contentMismatch();
        if (err instanceof ObjectExistsError) throw objectExists();
        throw err;
      }
      return reply.code(200).send();
    },
  );

  app.get(
    '/v1/storage/objects/*',
    {
      config: { access: 'public' },
      schema: { hide: true, params: LocalObjectParamsSchema, querystring: LocalObjectGetQuerySchema },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const check = driver.check({ method: 'GET', key, exp: request.query.exp }, request.query.sig);
      if (check !== 'ok') throw refuse(check);
      const file = await driver.open(key);
      if (!file) throw notFound('ファイルが見つかりません。');
      return reply
        .header('content-type', contentTypeOf(key))
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(fileNameOf(key)))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
export default localObjects;
