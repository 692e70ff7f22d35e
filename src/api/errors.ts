/**
 * API failures (spec §5: any non-2xx is a failure; §8 error catalogue; DESIGN §5: RFC 9457
 * problem+json with a stable `code`).
 */

/** RFC 9457 problem details as the API returns them. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  errors?: unknown[];
  [key: string]: unknown;
}

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

/** Translation key (src/i18n/ja.ts) of the Japanese message for a status. */
export const messageKeyForStatus = (status: number): string => {
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

  constructor(init: {
    kind: FailureKind;
    status?: number;
    method: string;
    url: string;
    body?: unknown;
    headers?: Headers | null;
    cause?: unknown;
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
    this.messageKey =
      init.kind === 'response'
        ? messageKeyForStatus(status)
        : init.kind === 'timeout'
          ? 'kaigi.errors.http.timeout'
          : 'kaigi.errors.http.network';
  }

  /** True when the server answered (as opposed to time-out or network failure). */
  get hasResponse() {
    return this.kind === 'response';
  }
}

const isProblem = (body: unknown): body is Problem => typeof body === 'object' && body !== null && !Array.isArray(body);

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
