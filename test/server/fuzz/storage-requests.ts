/**
 * The local-disk driver's signed object URLs (PUT /v1/storage/objects/*, GET …), which the OpenAPI
 * document hides: real signed URLs from put_object_url / get_object_url, sent as they are or with a
 * part changed (key, expiry, type, size, signature), with bodies of the signed type or not.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { FUZZ_CCI } from './fuzz-chamber.ts';
import type { FuzzRequest } from './fuzz-requests.ts';

const PDF = '%PDF-1.4\n%fuzz\n';

export interface SignedUrls {
  put: string[];
  get: string[];
}

/** Signed PUT URLs for fresh PDF uploads, one of them used, and a GET URL for that one. */
export async function signedUrls(app: FastifyInstance, token: string, count: number): Promise<SignedUrls> {
  const headers = { authorization: `Bearer ${token}` };
  const put: string[] = [];
  for (let n = 0; n < count; n++) {
    const res = await app.inject({
      method: 'POST',
      url: `/v1/cci/${FUZZ_CCI}/common/s3/put_object_url`,
      headers,
      payload: { file_name: `資料${n}.pdf`, content_type: 'application/pdf', size: PDF.length, purpose: 'conference_attachment' },
    });
    if (res.statusCode !== 200) throw new Error(`fixture put_object_url failed: ${res.statusCode} ${res.body}`);
    put.push(res.json<{ url: string }>().url);
  }
  const stored = await app.inject({ method: 'PUT', url: put[0], headers: { 'content-type': 'application/pdf' }, payload: PDF });
  if (stored.statusCode !== 200) throw new Error(`fixture upload failed: ${stored.statusCode} ${stored.body}`);
  const key = new URL(put[0], 'http://x').pathname.replace('/v1/storage/objects/', '');
  const get = await app.inject({
    method: 'GET',
    url: `/v1/cci/${FUZZ_CCI}/common/s3/get_object_url?path=${key}`,
    headers,
  });
  return { put, get: [get.json<{ url: string }>().url] };
}

/** `query` with `name` set to `value` (raw text, not encoded again). */
const setParam = (query: string, name: string, value: string) => {
  const pattern = new RegExp(`(^|&)${name}=[^&]*`);
  return pattern.test(query) ? query.replace(pattern, `$1${name}=${value}`) : `${query}&${name}=${value}`;
};

/** One part of a signed URL changed, or none. */
const mutatedUrl = (url: string): fc.Arbitrary<string> => {
  const [path, query] = url.split('?');
  const without = (name: string) => query.replace(new RegExp(`(^|&)${name}=[^&]*`), '');
  return fc.oneof(
    { arbitrary: fc.constant(url), weight: 4 },
    fc.constantFrom(...['exp', 'sig', 'ct', 'size'].map((name) => `${path}?${without(name)}`)),
    fc
      .tuple(
        fc.constantFrom('exp', 'sig', 'ct', 'size', 'extra'),
        fc.constantFrom('0', '-1', '1e300', '99999999999', '1.5', '', 'A'.repeat(43), 'image/png', '%00', '%ED%A0%80'),
      )
      .map(([name, value]) => `${path}?${setParam(query, name, value)}`),
    fc
      .constantFrom('/..', '/%2e%2e/x.pdf', '%00', '/a'.repeat(10), `/${'x'.repeat(300)}`, '%FF')
      .map((suffix) => `${path}${suffix}?${query}`),
  );
};

export function storageRequestOf(urls: SignedUrls): fc.Arbitrary<FuzzRequest> {
  const put = fc.record({
    url: fc.constantFrom(...urls.put).chain(mutatedUrl),
    contentType: fc.constantFrom('application/pdf', 'image/png', 'text/plain', ''),
    payload: fc.constantFrom(PDF, `${PDF}more bytes than signed`, '', '\u0089PNG\r\n\u001a\n', 'x'.repeat(PDF.length)),
  });
  return fc.oneof(
    put.map(({ url, contentType, payload }): FuzzRequest => ({
      caller: 'anonymous',
      hostile: true,
      method: 'PUT',
      url,
      ...(contentType ? { contentType } : {}),
      payload,
      mustRefuse: [],
    })),
    fc
      .constantFrom(...urls.get)
      .chain(mutatedUrl)
      .map((url): FuzzRequest => ({ caller: 'anonymous', hostile: true, method: 'GET', url, mustRefuse: [] })),
  );
}
