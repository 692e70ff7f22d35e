/**
 * API failures (spec §5: any non-2xx is a failure; §8 error catalogue; DESIGN §5: RFC 9457
 * problem+json with a stable `code`).
 */
import type { Problem as WireProblem } from './schema';

/** One entry of `errors[]`: `field` is a dotted path such as `body.attributes.name1`. */
export type ProblemFieldError = WireProblem['errors'][number];

/**
 * RFC 9457 problem details as the API returns them (the `Problem` component): `detail` is
 * Japanese, `code` is stable, `errors[]` names fields; a 409 `version_conflict` also carries
 * `current_version`. Every field optional here: a body that reaches the SPA from elsewhere (a
 * proxy's error page) is read as far as it goes.
 */
export type Problem = Partial<WireProblem> & { current_version?: number };

/**
 * Problem codes the UI shows its own message for (src/i18n/ja.ts kaigi.errors.codes.*). For any
 * other code the message follows the status (spec §8 catalogue) and screens can show `detail`.
 */
export const PROBLEM_CODES = [
  'version_conflict',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'already_invited',
  'answer_deadline_passed',
  'conference_not_open',
  'duplicate_company_code',
  'duplicate_template_code',
  'user_exists',
  'user_disabled',
  'role_side_change',
  'own_password',
  'member_has_no_email',
  'database_unavailable',
  'body_too_deep',
  'invalid_text',
  // 議案 and 採決 (issue 34, server/lib/votes/problems.ts)
  'motion_declared',
  'motion_voted',
  'motion_rule_locked',
  'duplicate_motion_number',
  'motion_rule_invalid',
  'agenda_item_unknown',
  'voting_closed',
  'poll_already_open',
  'quorum_not_met',
  'poll_closed',
  'counts_not_for_method',
  'counts_exceed_voters',
  'counts_missing',
  'poll_not_closed',
  'poll_not_latest',
  'chair_decision_required',
  'chair_decision_not_tied',
  'ballots_not_for_method',
  'duplicate_ballot',
  'not_a_voter',
  'already_voted',
  'not_a_principal',
  'motion_in_vote',
  'duplicate_motion',
  'motion_unknown',
  'delegate_to_invalid',
  'delegation_chain',
  'member_voted',
  // 議事録 (issue 35, server/lib/minutes/problems.ts)
  'correction_reason_required',
  'unknown_figure',
  'figure_type_mismatch',
  'unknown_section',
  'not_an_attendee',
  'minutes_final',
  'minutes_draft_open',
  'minutes_not_draft',
  'minutes_not_final',
  'minutes_signatories_missing',
] as const;

/** Field error codes (JSON-schema keywords and the server's own) with a message in kaigi.errors.fields.*. */
export const FIELD_ERROR_CODES = [
  'required',
  'type',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'unique',
  'period',
  'after_start_time',
  'delegate_mismatch',
  'not_found',
  'version_conflict',
  'invalid_text',
  'motion_rule_invalid',
  'duplicate_motion_number',
] as const;

export const FIELD_ERROR_FALLBACK_KEY = 'kaigi.errors.fields.invalid';

/** How the request failed: with a response, by our 30 s time-out, or without any response. */
export type FailureKind = 'response' | 'timeout' | 'network' | 'aborted';

/**
 * Spec §8 client messages. 400/401/403/404/500 are overridden with 'Error occurred', 502 and 503
 * keep their reason phrase, any other non-ok status is 'Generic Error'. These are for logs and
 * error reporting; the UI shows `messageKey` (Japanese) instead.
 */
export const clientMessageForStatus = (status: number): string => {
  switch (status) {
    case 400:
    case 401:
    case 403:
    case 404:
    case 500:
      return 'Error occurred';
    case 502:
      return 'Bad Gateway';
    case 503:
      return 'Service Unavailable';
    default:
      return 'Generic Error';
  }
};

/**
 * Translation key (src/i18n/ja.ts) of the Japanese message for a status. A 429 says to wait even
 * without a problem body (a proxy's): POSTs are not retried (spec §9), so the user reads it.
 */
export const messageKeyForStatus = (status: number): string => {
  if (status === 429) return 'kaigi.errors.codes.rate_limited';
  switch (clientMessageForStatus(status)) {
    case 'Error occurred':
      return 'kaigi.errors.http.error_occurred';
    case 'Bad Gateway':
      return 'kaigi.errors.http.bad_gateway';
    case 'Service Unavailable':
      return 'kaigi.errors.http.service_unavailable';
    default:
      return 'kaigi.errors.http.generic';
  }
};

/** The UI message key: the problem code's own message when we have one, else by status (spec §8). */
export const messageKeyForProblem = (status: number, code: string | undefined): string =>
  code && (PROBLEM_CODES as readonly string[]).includes(code) ? `kaigi.errors.codes.${code}` : messageKeyForStatus(status);

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

/**
 * One field error as the form shows it: the server's message when it is already Japanese (domain
 * rules), else a translation key for its code (JSON-schema messages are English).
 */
export const fieldErrorMessage = (error: ProblemFieldError): string => {
  if (typeof error.message === 'string' && JAPANESE.test(error.message)) return error.message;
  return (FIELD_ERROR_CODES as readonly string[]).includes(error.code)
    ? `kaigi.errors.fields.${error.code}`
    : FIELD_ERROR_FALLBACK_KEY;
};

type FormErrors = { [key: string]: string | FormErrors };

/**
 * `errors[]` as react-admin's server-side validation wants it (`HttpError.body.errors`, nested by
 * path, e.g. `{ attributes: { name1: '…' } }`): the leading `body.` of a field is dropped, the
 * first error of a field wins; errors without a usable field are left to `detail`.
 */
export const formErrorsOf = (problem: Problem | null | undefined): FormErrors => {
  const out: FormErrors = {};
  for (const error of Array.isArray(problem?.errors) ? problem.errors : []) {
    if (!error || typeof error.field !== 'string') continue;
    const path = error.field
      .replace(/^body\.?/, '')
      .split('.')
      .filter(Boolean);
    if (path.length === 0) continue;
    let node = out;
    for (const [index, key] of path.entries()) {
      if (index === path.length - 1) {
        if (!(key in node)) node[key] = fieldErrorMessage(error);
        break;
      }
      const next = node[key];
      if (typeof next === 'string') break;
      node = node[key] = next ?? {};
    }
  }
  return out;
};

export class HttpError extends Error {
  readonly kind: FailureKind;
  /** HTTP status; 0 when there was no response. */
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly problem: Problem | null;
  readonly body: unknown;
  readonly headers: Headers | null;
  /** Japanese message key for the UI. */
  readonly messageKey: string;
  /** A 401 after which the session could not be refreshed: the user is being sent to sign in. */
  readonly sessionExpired: boolean;

  constructor(init: {
    kind: FailureKind;
    status?: number;
    method: string;
    url: string;
    body?: unknown;
    headers?: Headers | null;
    cause?: unknown;
    sessionExpired?: boolean;
  }) {
    const status = init.status ?? 0;
    const message =
      init.kind === 'response'
        ? clientMessageForStatus(status)
        : init.kind === 'timeout'
          ? 'Request timed out'
          : init.kind === 'aborted'
            ? 'Request aborted'
            : 'Network Error';
    super(message, init.cause !== undefined ? { cause: init.cause } : undefined);
    this.name = 'HttpError';
    this.kind = init.kind;
    this.status = status;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
    this.headers = init.headers ?? null;
    this.problem = isProblem(init.body) ? init.body : null;
    this.sessionExpired = init.sessionExpired ?? false;
    this.messageKey = this.sessionExpired
      ? 'kaigi.session.expired'
      : init.kind === 'response'
        ? messageKeyForProblem(status, this.problem?.code)
        : init.kind === 'timeout'
          ? 'kaigi.errors.http.timeout'
          : 'kaigi.errors.http.network';
  }

  /** The same failure, marked as the end of the session (issue 11). */
  asSessionExpired(): HttpError {
    return new HttpError({
      kind: this.kind,
      status: this.status,
      method: this.method,
      url: this.url,
      body: this.body,
      headers: this.headers,
      cause: this,
      sessionExpired: true,
    });
  }

  /** True when the server answered (as opposed to time-out or network failure). */
  get hasResponse() {
    return this.kind === 'response';
  }

  /** The problem's stable code, e.g. 'version_conflict'. */
  get code(): string | undefined {
    return typeof this.problem?.code === 'string' ? this.problem.code : undefined;
  }

  /** The server's Japanese explanation, for screens to show. */
  get detail(): string | undefined {
    return typeof this.problem?.detail === 'string' ? this.problem.detail : undefined;
  }

  /** Per-field errors (`errors[]`), as sent. */
  get fieldErrors(): ProblemFieldError[] {
    return Array.isArray(this.problem?.errors) ? this.problem.errors : [];
  }

  /** On a 409 `version_conflict`: the version to reload/resubmit with. */
  get currentVersion(): number | undefined {
    return typeof this.problem?.current_version === 'number' ? this.problem.current_version : undefined;
  }
}

const isProblem = (body: unknown): body is Problem => typeof body === 'object' && body !== null && !Array.isArray(body);

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
