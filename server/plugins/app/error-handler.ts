import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { Problem, type ProblemField } from '../../lib/problem.ts';
import { PATTERN_MESSAGES } from '../../schemas/typed-text.ts';
import { poolExhausted } from '../../lib/db-errors.ts';
import { loggablePath } from '../../lib/escape/log-url.ts';

const PROBLEM_TYPE = 'application/problem+json';

export function sendProblem(reply: FastifyReply, problem: Problem) {
  const status = problem.status;
  return reply
    .code(status)
    .type(PROBLEM_TYPE)
    .send({
      type: `about:blank#${problem.code}`,
      title: STATUS_CODES[status] ?? 'Error',
      status,
      detail: problem.message,
      code: problem.code,
      errors: problem.errors,
      ...problem.extra,
    });
}

/** Fastify's own error codes for client mistakes, mapped to our stable codes. */
const CLIENT_ERRORS: Record<string, { code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed_json', detail: 'リクエスト本文の JSON が不正です。' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'malformed_json', detail: 'リクエスト本文が空です。' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', detail: 'リクエスト本文が大きすぎます。' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', detail: 'サポートされていない Content-Type です。' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', detail: 'Content-Length が不正です。' },
};

function validationFields(error: FastifyError): ProblemField[] {
  return (error.validation ?? []).map((v) => {
    const params = v.params as Record<string, unknown> | undefined;
    const base = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const extra = (params?.missingProperty ?? params?.additionalProperty) as string | undefined;
    const field = [error.validationContext, base, extra].filter(Boolean).join('.');
    // a pattern with a Japanese message (フリガナ, 郵便番号) says what to type
    const patternMessage = v.keyword === 'pattern' ? PATTERN_MESSAGES.get(String(params?.pattern)) : undefined;
    return { field, code: v.keyword, message: patternMessage ?? v.message ?? 'invalid' };
  });
}

/** The one error handler: every failure leaves as problem+json, and 5xx never leak internals. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof Problem) return sendProblem(reply, error);
      if (error.validation) {
        return sendProblem(reply, new Problem(400, 'validation_failed', '入力内容に誤りがあります。', validationFields(error)));
      }
      const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
      if (known) return sendProblem(reply, new Problem(error.statusCode ?? 400, known.code, known.detail));
      if (error.statusCode === 429) {
        return sendProblem(
          reply,
          new Problem(429, 'rate_limited', 'リクエストが多すぎます。しばらくしてから再度お試しください。'),
        );
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendProblem(reply, new Problem(error.statusCode, 'bad_request', 'リクエストが不正です。'));
      }
      if (poolExhausted(error)) {
        // nothing ran: the client may send it again (spec §9 retries 5xx)
        request.log.warn('no database connection free within DATABASE_POOL_TIMEOUT_MS');
        reply.header('retry-after', '1');
        return sendProblem(
          reply,
          new Problem(503, 'database_unavailable', 'データベースが混み合っています。しばらくしてから再度お試しください。'),
        );
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendProblem(reply, new Problem(500, 'internal_error', 'サーバーでエラーが発生しました。'));
    });

    app.setNotFoundHandler((request, reply) =>
      sendProblem(reply, new Problem(404, 'not_found', `${request.method} ${loggablePath(request.url)} は存在しません。`)),
    );
  },
  { name: 'error-handler' },
);
