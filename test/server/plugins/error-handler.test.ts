import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import errorHandler from '../../../server/plugins/app/error-handler.ts';
import { Problem } from '../../../server/lib/problem.ts';

let app: FastifyInstance;

beforeAll(async () => {
  const server = Fastify({
    bodyLimit: 1024,
    ajv: { customOptions: { removeAdditional: false, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  await server.register(errorHandler);
  server.post(
    '/things',
    { schema: { body: Type.Object({ name: Type.String({ maxLength: 5 }) }, { additionalProperties: false }) } },
    async (request) => request.body,
  );
  server.get('/conflict', async () => {
    throw new Problem(409, 'version_conflict', '他のユーザーが更新しました。', [], { current_version: 3 });
  });
  server.get('/boom', async () => {
    throw new Error('select * from secret_table failed at /srv/app.ts:12');
  });
  app = server;
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: string) =>
  app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload });

describe('problem+json errors (DESIGN.md §5)', () => {
  it('malformed JSON → 400 malformed_json', async () => {
    const res = await post('{"name":');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, code: 'malformed_json', title: 'Bad Request' });
  });

  it('schema violations → 400 validation_failed naming each field', async () => {
    const res = await post(JSON.stringify({ name: 'too long name', extra: 1 }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    const fields = body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.extra']));
  });

  it('a body over the limit → 413 payload_too_large', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(5000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('a thrown Problem keeps its status, code and extra members', async () => {
    const res = await app.inject('/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'version_conflict', current_version: 3, detail: '他のユーザーが更新しました。' });
  });

  it('an unexpected failure → 500 internal_error without leaking internals', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('internal_error');
    expect(res.body).not.toMatch(/secret_table|\/srv\/app\.ts|stack/);
  });

  it('an unknown route → JSON 404 not_found', async () => {
    const res = await app.inject('/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
