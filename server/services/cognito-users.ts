/**
 * The Cognito user pool's admin and password-reset operations (DESIGN.md §6, issue #3 "Users",
 * "forget_password/reset_password"). AWS SDK v3: against AWS with the default credential chain in
 * production, against cognito-local (dummy credentials) when `endpoint` is set.
 *
 * IAM for production: cognito-idp:AdminCreateUser, AdminEnableUser, AdminDisableUser,
 * AdminSetUserPassword, AdminUpdateUserAttributes, AdminGetUser on the pool.
 * ForgotPassword / ConfirmForgotPassword are public (client id only; the client has no secret).
 *
 * E-mails are NFKC-normalised, trimmed and lower-cased before every call: cognito-local compares
 * them case-sensitively, and full-width characters from Japanese IMEs must match too.
 */
import { randomInt } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { Problem } from '../lib/problem.ts';

export interface CognitoUsersOptions {
  region: string;
  userPoolId: string;
  /** The public app client (no secret) that ForgotPassword / ConfirmForgotPassword go through. */
  clientId: string;
  /** cognito-local's endpoint; absent → AWS. */
  endpoint?: string;
  /**
   * Return the generated temporary password from createCompanyAdmin. Default: only with an
   * `endpoint` (cognito-local sends no e-mail; it prints the welcome message to its stdout).
   * In production the password travels only in Cognito's invitation e-mail.
   */
  exposeTemporaryPassword?: boolean;
  /** A ready client (tests); otherwise one is built from region/endpoint and destroyed by close(). */
  client?: CognitoIdentityProviderClient;
}

export interface CreateCompanyAdminInput {
  email: string;
  companyId: number;
  /** Passed to Cognito as ClientMetadata (a custom-message trigger may name the chamber). */
  cciCode?: string;
  displayName?: string | null;
}

/** A login of either side: the company admins carry their company (DESIGN.md §6 "Staff accounts"). */
export interface CreateLoginInput {
  email: string;
  userType: 'CCI_ADMIN' | 'CCI_CONFERENCE_USER' | 'COMPANY_ADMIN';
  companyId: number | null;
  /** Passed to Cognito as ClientMetadata (a custom-message trigger may name the chamber). */
  cciCode?: string;
  displayName?: string | null;
}

export interface CreatedCognitoUser {
  /** Cognito Username: a UUID (= sub), because the pool signs in by e-mail. */
  username: string;
  /** Only when exposeTemporaryPassword (local mode). */
  temporaryPassword?: string;
}

/** Outcome of forgotPassword, for logging only: callers answer the same either way. */
export type ForgotPasswordOutcome = 'sent' | 'unknown_user' | 'not_allowed' | 'throttled';

/** spec §9: password minimum length 8, no character classes required. */
export const PASSWORD_MIN_LENGTH = 8;
/** Cognito's limit for Password / TemporaryPassword. */
export const PASSWORD_MAX_LENGTH = 256;
/**
 * Cognito's own pattern for passwords: no leading or trailing white space (checked by AWS, not by
 * cognito-local, so we check it on our side to behave the same in both).
 */
export const PASSWORD_PATTERN = '^[\\S]+.*[\\S]+$';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

/** NFKC, trim, lower-case: the one spelling of an e-mail we hand to Cognito. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

export function isPlausibleEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(email);
}

// Temporary passwords: 12 characters with every class present (so they also satisfy a stricter
// production policy than spec §9's), without look-alikes (0/O, 1/l/I) since people retype them.
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#%+-=?@';
const TEMP_PASSWORD_LENGTH = 12;

export function generateTemporaryPassword(length = TEMP_PASSWORD_LENGTH): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < Math.max(length, PASSWORD_MIN_LENGTH)) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

function awsErrorName(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null ? (err as { name?: string }).name : undefined;
}

export const invalidCode = () =>
  new Problem(400, 'invalid_code', '確認コードが正しくないか、有効期限が切れています。もう一度確認コードを発行してください。');

export const rateLimited = () => new Problem(429, 'rate_limited', 'リクエストが多すぎます。しばらくしてから再度お試しください。');

export const invalidPassword = (
  message = `must be at least ${PASSWORD_MIN_LENGTH} characters without leading or trailing spaces`,
) =>
  new Problem(400, 'validation_failed', `パスワードは${PASSWORD_MIN_LENGTH}文字以上で、前後に空白を含めないでください。`, [
    { field: 'body.password', code: 'password_policy', message },
  ]);

export class CognitoUsers {
  readonly userPoolId: string;
  readonly clientId: string;
  private readonly client: CognitoIdentityProviderClient;
  private readonly ownsClient: boolean;
  private readonly exposeTemporaryPassword: boolean;

  constructor(opts: CognitoUsersOptions) {
    this.userPoolId = opts.userPoolId;
    this.clientId = opts.clientId;
    this.exposeTemporaryPassword = opts.exposeTemporaryPassword ?? opts.endpoint !== undefined;
    this.ownsClient = !opts.client;
    this.client =
      opts.client ??
      new CognitoIdentityProviderClient(
        opts.endpoint
          ? {
              endpoint: opts.endpoint,
              region: opts.region,
              credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
              maxAttempts: 2,
            }
          : { region: opts.region },
      );
  }

  /**
   * Creates a company's COMPANY_ADMIN: e-mail verified, custom:user_type / custom:company_id, a
   * generated temporary password, and Cognito's invitation e-mail; the first sign-in answers
   * NEW_PASSWORD_REQUIRED. An existing account for the e-mail → 409 `user_exists`.
   */
  createCompanyAdmin(input: CreateCompanyAdminInput): Promise<CreatedCognitoUser> {
    return this.createLogin({ ...input, userType: 'COMPANY_ADMIN' });
  }

  /**
   * AdminCreateUser for any role (staff accounts: DESIGN.md §6). `revealPassword` returns the
   * temporary password whatever exposeTemporaryPassword says (the staff form shows it once).
   */
  async createLogin(input: CreateLoginInput, { revealPassword = false } = {}): Promise<CreatedCognitoUser> {
    const email = normalizeEmail(input.email);
    if (!isPlausibleEmail(email)) {
      throw new Problem(400, 'validation_failed', 'メールアドレスの形式が正しくありません。', [
        { field: 'email', code: 'format', message: 'must be an e-mail address' },
      ]);
    }
    const temporaryPassword = generateTemporaryPassword();
    const attributes: AttributeType[] = [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'custom:user_type', Value: input.userType },
    ];
    if (input.companyId !== null) attributes.push({ Name: 'custom:company_id', Value: String(input.companyId) });
    const name = input.displayName?.trim();
    if (name) attributes.push({ Name: 'name', Value: name });
    try {
      const out = await this.client.send(
        new AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username: email,
          UserAttributes: attributes,
          TemporaryPassword: temporaryPassword,
          // No MessageAction: Cognito sends the invitation (cognito-local prints it to its stdout).
          DesiredDeliveryMediums: ['EMAIL'],
          ...(input.cciCode ? { ClientMetadata: { cci_code: input.cciCode } } : {}),
        }),
      );
      const username = out.User?.Username;
      if (!username) throw new Error('AdminCreateUser returned no username');
      return this.exposeTemporaryPassword || revealPassword ? { username, temporaryPassword } : { username };
    } catch (err) {
      const name = awsErrorName(err);
      if (name === 'UsernameExistsException' || name === 'AliasExistsException') {
        throw new Problem(409, 'user_exists', 'このメールアドレスのユーザーは既に登録されています。');
      }
      throw err;
    }
  }

  /**
   * AdminSetUserPassword with Permanent=false (issue 15 item 3): a new generated temporary password,
   * the user's status FORCE_CHANGE_PASSWORD, so the next sign-in answers NEW_PASSWORD_REQUIRED.
   * Cognito sends no e-mail for this call: the caller hands the returned password over.
   */
  async setTemporaryPassword(username: string): Promise<string> {
    const password = generateTemporaryPassword();
    try {
      await this.client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: this.userPoolId,
          Username: username,
          Password: password,
          Permanent: false,
        }),
      );
    } catch (err) {
      if (awsErrorName(err) === 'UserNotFoundException') {
        throw new Problem(422, 'cognito_user_missing', '認証基盤にこのユーザーが存在しないため、パスワードを発行できません。');
      }
      throw err;
    }
    return password;
  }

  /** AdminEnableUser / AdminDisableUser (AWS also revokes a disabled user's tokens). */
  async setEnabled(username: string, enabled: boolean): Promise<void> {
    const input = { UserPoolId: this.userPoolId, Username: username };
    try {
      await this.client.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
    } catch (err) {
      if (awsErrorName(err) === 'UserNotFoundException') {
        throw new Problem(404, 'not_found', '認証基盤にこのユーザーが存在しません。');
      }
      throw err;
    }
  }

  /**
   * AdminUpdateUserAttributes: keeps the custom:user_type / custom:company_id claims the SPA reads
   * (spec §3) in step with the users row, which is what the server decides by.
   */
  async setRoleAttributes(username: string, userType: string, companyId: number | null): Promise<void> {
    try {
      await this.client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: this.userPoolId,
          Username: username,
          UserAttributes: [
            { Name: 'custom:user_type', Value: userType },
            { Name: 'custom:company_id', Value: companyId === null ? '' : String(companyId) },
          ],
        }),
      );
    } catch (err) {
      if (await this.isUnknownUser(err, username)) {
        throw new Problem(404, 'not_found', '認証基盤にこのユーザーが存在しません。');
      }
      throw err;
    }
  }

  /**
   * Whether `err` says the user does not exist. cognito-local answers AdminUpdateUserAttributes for
   * an unknown user with NotAuthorizedException (AWS: UserNotFoundException), which also means a
   * missing permission, so that one is checked with AdminGetUser.
   */
  private async isUnknownUser(err: unknown, username: string): Promise<boolean> {
    const name = awsErrorName(err);
    if (name !== 'NotAuthorizedException') return name === 'UserNotFoundException';
    try {
      await this.client.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: username }));
      return false;
    } catch (lookup) {
      return awsErrorName(lookup) === 'UserNotFoundException';
    }
  }

  /**
   * ForgotPassword: Cognito e-mails a confirmation code. Never reveals whether the account
   * exists: unknown users, users who may not reset (disabled, never signed in, no verified
   * e-mail) and Cognito's own throttling resolve with an outcome for the log, not an error.
   */
  async forgotPassword(email: string): Promise<ForgotPasswordOutcome> {
    try {
      await this.client.send(new ForgotPasswordCommand({ ClientId: this.clientId, Username: normalizeEmail(email) }));
      return 'sent';
    } catch (err) {
      switch (awsErrorName(err)) {
        case 'UserNotFoundException':
          return 'unknown_user';
        case 'NotAuthorizedException':
        case 'InvalidParameterException':
        case 'UnsupportedError':
          return 'not_allowed';
        case 'LimitExceededException':
        case 'TooManyRequestsException':
          return 'throttled';
        default:
          throw err;
      }
    }
  }

  /**
   * ConfirmForgotPassword. Checks the password policy first (cognito-local does not); a wrong,
   * expired or unusable code → 400 `invalid_code` (also for unknown users: no enumeration).
   */
  async confirmForgotPassword(email: string, code: string, newPassword: string): Promise<void> {
    if (!passwordMeetsPolicy(newPassword)) throw invalidPassword();
    const confirmationCode = code.normalize('NFKC').trim();
    if (!/^\S+$/.test(confirmationCode)) throw invalidCode();
    try {
      await this.client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: this.clientId,
          Username: normalizeEmail(email),
          ConfirmationCode: confirmationCode,
          Password: newPassword,
        }),
      );
    } catch (err) {
      switch (awsErrorName(err)) {
        case 'CodeMismatchException':
        case 'ExpiredCodeException':
        case 'UserNotFoundException':
        case 'NotAuthorizedException':
          throw invalidCode();
        case 'InvalidPasswordException':
          throw invalidPassword((err as Error).message);
        case 'LimitExceededException':
        case 'TooManyFailedAttemptsException':
        case 'TooManyRequestsException':
          throw rateLimited();
        default:
          throw err;
      }
    }
  }

  close(): void {
    if (this.ownsClient) this.client.destroy();
  }
}

/** spec §9 (min 8, no character classes) plus Cognito's no-surrounding-white-space rule. */
export function passwordMeetsPolicy(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH && new RegExp(PASSWORD_PATTERN, 'u').test(password);
}
