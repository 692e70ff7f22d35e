/**
 * Forgot / reset password through the company common endpoints (spec §7; server:
 * server/routes/company/common/users.ts). Public calls: the user is signed out.
 *
 * - POST /v1/company/common/users/forget_password { email } → 200 whether or not the account
 *   exists. A 404 from this call never redirects to /404 (spec §2): the HTTP client leaves
 *   FORGOT_PASSWORD_PATH out of its 404 navigation.
 * - POST /v1/company/common/users/reset_password { email, code, password } → 200; 400
 *   `invalid_code` (wrong or expired code), 400 `validation_failed` naming body.password/body.email;
 *   429 `rate_limited` on both.
 */
import { FORGOT_PASSWORD_PATH, httpClient, type HttpClient } from '../api/httpClient';
import { isHttpError } from '../api/errors';

export const RESET_PASSWORD_PATH = '/v1/company/common/users/reset_password';
export const PASSWORD_MIN_LENGTH = 8; // spec §5, §9

export const requestResetCode = async (email: string, client: HttpClient = httpClient) => {
  await client.request(FORGOT_PASSWORD_PATH, { method: 'POST', body: { email } });
};

export const resetPassword = async (
  input: { email: string; code: string; password: string },
  client: HttpClient = httpClient,
) => {
  await client.request(RESET_PASSWORD_PATH, { method: 'POST', body: input, redirectOnNotFound: false });
};

export type ResetField = 'email' | 'code' | 'password';

/** Where a failure goes: a field (translation key) and/or the page-level message (translation key). */
export const resetFailure = (error: unknown): { field?: ResetField; fieldKey?: string; key: string } => {
  if (!isHttpError(error)) return { key: 'kaigi.company.password_reset.errors.generic' };
  if (!error.hasResponse) return { key: error.messageKey };
  if (error.code === 'rate_limited' || error.status === 429) return { key: 'kaigi.errors.codes.rate_limited' };
  if (error.code === 'invalid_code') {
    return {
      field: 'code',
      fieldKey: 'kaigi.company.password_reset.errors.invalid_code',
      key: 'kaigi.company.password_reset.errors.invalid_code',
    };
  }
  if (error.status === 400) {
    const fields = error.fieldErrors.map((e) => e.field.replace(/^body\./, ''));
    if (fields.includes('email')) {
      return {
        field: 'email',
        fieldKey: 'kaigi.company.password_reset.validation.email_format',
        key: 'kaigi.errors.codes.validation_failed',
      };
    }
    if (fields.includes('password')) {
      return {
        field: 'password',
        fieldKey: 'kaigi.company.password_reset.errors.invalid_password',
        key: 'kaigi.errors.codes.validation_failed',
      };
    }
    if (fields.includes('code')) {
      return {
        field: 'code',
        fieldKey: 'kaigi.company.password_reset.errors.invalid_code',
        key: 'kaigi.errors.codes.validation_failed',
      };
    }
  }
  return { key: 'kaigi.company.password_reset.errors.generic' };
};

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side check (for comfort; the server decides): translation key or undefined. */
export const emailProblem = (email: string): string | undefined => {
  const value = email.normalize('NFKC').trim();
  if (!value) return 'kaigi.company.password_reset.validation.email_required';
  if (!EMAIL_RE.test(value)) return 'kaigi.company.password_reset.validation.email_format';
  return undefined;
};
