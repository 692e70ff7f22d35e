/**
 * spec §7: POST /v1/company/common/users/forget_password and .../reset_password, through Cognito
 * (issue #3). Public: the user is signed out. DESIGN.md §10: rate-limited per IP and per account.
 *
 * - forget_password { email } → 200 with the same body whether or not the account exists
 *   (Cognito e-mails a code when it does).
 * - reset_password { email, code, password } → 200; the password policy of spec §9 (min 8, no
 *   character classes) is checked here (400 `validation_failed` naming body.password); a wrong or
 *   expired code → 400 `invalid_code`.
 *
 * Limits (in-memory, per process; defaults below, injectable through the plugin options):
 * - per IP, checked first in onRequest (so malformed requests count too): 20 / 15 min per route;
 * - per account (normalised e-mail), checked after validation: forget 5 / 15 min (mail bombing),
 *   reset 10 / 15 min (code guessing; Cognito codes are 6 digits and cognito-local never locks).
 * Over the limit → 429 problem `rate_limited` with Retry-After (seconds). The per-account key is
 * the e-mail as typed, not the account, so the 429 reveals nothing about existence either.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ProblemSchema } from '../../../schemas/common.ts';
import { normalizeEmail } from '../../../services/cognito-users.ts';
import { ForgetPasswordSchema, PasswordResetMessageSchema, ResetPasswordSchema } from '../../../schemas/password-reset.ts';
import { rateLimitHook, type RateLimitRule } from '../../../lib/rate-limit.ts';

export interface PasswordResetLimits {
  forgetPerIp: RateLimitRule;
  forgetPerAccount: RateLimitRule;
  resetPerIp: RateLimitRule;
  resetPerAccount: RateLimitRule;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const DEFAULT_PASSWORD_RESET_LIMITS: PasswordResetLimits = {
  forgetPerIp: { max: 20, timeWindowMs: FIFTEEN_MINUTES },
  forgetPerAccount: { max: 5, timeWindowMs: FIFTEEN_MINUTES },
  resetPerIp: { max: 20, timeWindowMs: FIFTEEN_MINUTES },
  resetPerAccount: { max: 10, timeWindowMs: FIFTEEN_MINUTES },
};

export interface CompanyCommonUsersOptions {
  limits?: Partial<PasswordResetLimits>;
}

const FORGET_MESSAGE = 'ご登録のメールアドレスの場合、パスワード再設定用の確認コードを送信しました。';
const RESET_MESSAGE = 'パスワードを再設定しました。新しいパスワードでログインしてください。';

function normalizeBody(request: FastifyRequest): void {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  if (typeof fields.email === 'string') fields.email = normalizeEmail(fields.email);
  if (typeof fields.code === 'string') fields.code = fields.code.normalize('NFKC').trim();
}

const companyCommonUsers: FastifyPluginAsyncTypebox<CompanyCommonUsersOptions> = async (app, opts) => {
  if (!app.hasDecorator('cognitoUsers')) throw new Error('register the cognito-users plugin before the users routes');
  const limits = { ...DEFAULT_PASSWORD_RESET_LIMITS, ...opts.limits };

  // Encapsulated here: no global limit, only the limiters built below.
  await app.register(rateLimit, { global: false });

  const accountKey = (request: FastifyRequest) => (request.body as { email: string }).email;

  app.post(
    '/v1/company/common/users/forget_password',
    {
      config: { access: 'public' },
      onRequest: rateLimitHook(app, limits.forgetPerIp),
      preValidation: async (request) => normalizeBody(request),
      preHandler: rateLimitHook(app, limits.forgetPerAccount, accountKey),
      schema: {
        tags: ['company'],
        security: [],
        body: ForgetPasswordSchema,
        response: { 200: PasswordResetMessageSchema, 400: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request) => {
      const outcome = await app.cognitoUsers.forgotPassword(request.body.email);
      request.log[outcome === 'throttled' ? 'warn' : 'info']({ outcome }, 'forget_password');
      return { message: FORGET_MESSAGE };
    },
  );

  app.post(
    '/v1/company/common/users/reset_password',
    {
      config: { access: 'public' },
      onRequest: rateLimitHook(app, limits.resetPerIp),
      preValidation: async (request) => normalizeBody(request),
      preHandler: rateLimitHook(app, limits.resetPerAccount, accountKey),
      schema: {
        tags: ['company'],
        security: [],
        body: ResetPasswordSchema,
        response: { 200: PasswordResetMessageSchema, 400: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request) => {
      const { email, code, password } = request.body;
      await app.cognitoUsers.confirmForgotPassword(email, code, password);
      request.log.info('reset_password: password changed');
      return { message: RESET_MESSAGE };
    },
  );
};
export default companyCommonUsers;
