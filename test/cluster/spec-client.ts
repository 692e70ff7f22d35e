/**
 * A simulated SPA's HTTP calls for the fault test (issue 16): fetch with the SPA's own spec §9 retry
 * policy (src/api/retryPolicy.ts decideRetry, a pure function, and the SPA's HttpError). Both are
 * loaded by path at run time: the server typecheck must not follow the SPA's bundler-style imports.
 * Each attempt has the spec's 30 s time-out; every failed attempt is recorded.
 */
import path from 'node:path';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface FailureLike {
  kind: string;
  status: number;
  hasResponse: boolean;
}
interface SpaRetryPolicy {
  decideRetry(
    context: { method: Method; attempt: number; error: FailureLike },
    options: { statuses: ReadonlyArray<readonly [number, number]> },
  ): { retry: true; delay: number } | { retry: false; reason: string };
  SPEC_RETRY_STATUSES: ReadonlyArray<readonly [number, number]>;
}
interface SpaErrors {
  HttpError: new (init: {
    kind: 'response' | 'timeout' | 'network';
    status?: number;
    method: string;
    url: string;
    headers?: Headers;
  }) => FailureLike;
}

const SRC = path.resolve(import.meta.dirname, '../../src/api');
const policy = (await import(path.join(SRC, 'retryPolicy.ts'))) as SpaRetryPolicy;
const { HttpError } = (await import(path.join(SRC, 'errors.ts'))) as SpaErrors;

const ATTEMPT_TIMEOUT_MS = 30_000;

export interface Outcome {
  /** the last attempt's status; 0 when it had no response */
  status: number;
  body: unknown;
  /** statuses of the failed attempts before the outcome (0: no response) */
  failures: number[];
}

export async function specRequest(
  url: string,
  method: Method,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Outcome> {
  const failures: number[] = [];
  for (let attempt = 1; ; attempt++) {
    let error: FailureLike;
    let text = '';
    try {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      text = await response.text();
      if (response.ok) {
        const json = (response.headers.get('content-type') ?? '').includes('json') && text !== '';
        return { status: response.status, body: json ? JSON.parse(text) : text, failures };
      }
      error = new HttpError({ kind: 'response', status: response.status, method, url, headers: response.headers });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      error = new HttpError({ kind: timedOut ? 'timeout' : 'network', method, url });
    }
    const decision = policy.decideRetry({ method, attempt, error }, { statuses: policy.SPEC_RETRY_STATUSES });
    if (!decision.retry) return { status: error.status, body: text, failures };
    failures.push(error.status);
    await new Promise((resolve) => setTimeout(resolve, decision.delay));
  }
}
