/**
 * A 429 (the API's per-user quotas and password-reset limits, or a proxy in front of it) shows
 * the Japanese "too many requests" message, with or without a problem body. POSTs are not retried
 * (spec §9), so this message is what the user sees; retried methods wait for Retry-After.
 */
import { HttpError, clientMessageForStatus } from './errors';
import { decideRetry, SPEC_RETRY_STATUSES } from './retryPolicy';
import { i18nProvider } from '../providers/i18nProvider';

const tooMany = (method: 'POST' | 'GET', body?: unknown) =>
  new HttpError({
    kind: 'response',
    status: 429,
    method,
    url: '/v1/cci/demo/export',
    body,
    headers: new Headers({ 'Retry-After': '42' }),
  });

describe('429 Too Many Requests', () => {
  it('a POST answered 429 rate_limited is not retried and says to wait, in Japanese', () => {
    const error = tooMany('POST', { status: 429, code: 'rate_limited', detail: 'リクエストが多すぎます。' });
    expect(decideRetry({ method: 'POST', attempt: 1, error }, { statuses: SPEC_RETRY_STATUSES }).retry).toBe(false);
    expect(i18nProvider.translate(error.messageKey)).toBe('リクエストが多すぎます。しばらくしてから再度お試しください。');
  });

  it('a 429 without a problem body (e.g. from a proxy) says the same, not an unexpected error', () => {
    const error = tooMany('POST', 'Too Many Requests');
    expect(error.messageKey).toBe('kaigi.errors.codes.rate_limited');
    // spec §8: the client message of any other status stays 'Generic Error'
    expect(error.message).toBe(clientMessageForStatus(429));
    expect(error.message).toBe('Generic Error');
  });

  it('spec §9: a GET answered 429 is retried after its Retry-After', () => {
    const decision = decideRetry({ method: 'GET', attempt: 1, error: tooMany('GET') }, { statuses: SPEC_RETRY_STATUSES });
    expect(decision).toEqual({ retry: true, delay: 42_000 });
  });
});
