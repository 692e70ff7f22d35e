/**
 * Issue 32: the OpenAPI document is one contract. Every named schema is used, no route writes out
 * a shape a named schema already has, and every operation has a unique camelCase operationId, a
 * summary and a tag the document describes. Read from the app itself (`/v1/docs/json` via inject).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../scripts/api/openapi-document.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
type Schema = { $ref?: string; type?: string } & Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
  tags: { name: string; description?: string }[];
}

let document: Document;
let operations: { name: string; operation: Operation }[];

beforeAll(async () => {
  document = (await openApiDocument()) as unknown as Document;
  operations = Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );
});

/** Each body and response schema of an operation, named by where it is. */
const schemasOf = ({ name, operation }: { name: string; operation: Operation }) => [
  ...Object.entries(operation.requestBody?.content ?? {}).map(([type, { schema }]) => ({ at: `${name} body ${type}`, schema })),
  ...Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
    Object.entries(response.content ?? {}).map(([type, { schema }]) => ({ at: `${name} ${status} ${type}`, schema })),
  ),
];

describe('the OpenAPI document (issue 32)', () => {
  it('uses every component schema', () => {
    const text = JSON.stringify(document.paths) + JSON.stringify(document.components.schemas);
    const used = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    const unused = Object.keys(document.components.schemas).filter((name) => !used.has(name));
    expect(Object.keys(document.components.schemas)).toContain('Problem');
    expect(unused).toEqual([]);
  });

  it('references a named schema for every object or array body and response, never a copy of one', () => {
    const shapes = new Map(
      Object.entries(document.components.schemas).map(([name, schema]) => [JSON.stringify({ ...schema, $id: undefined }), name]),
    );
    const inline = operations.flatMap(schemasOf).filter(({ schema }) => schema.$ref === undefined);
    const copies = inline.filter(({ schema }) => shapes.has(JSON.stringify({ ...schema, $id: undefined })));
    expect(copies.map(({ at }) => at)).toEqual([]);
    // what may stay inline: a file (binary) or an event stream (text)
    expect(inline.filter(({ schema }) => schema.type !== 'string').map(({ at }) => at)).toEqual([]);
  });

  it('answers every 4xx with the one Problem component, as problem+json', () => {
    const problems = operations.flatMap(({ name, operation }) =>
      Object.entries(operation.responses ?? {})
        .filter(([status]) => status.startsWith('4'))
        .map(([status, response]) => ({ at: `${name} ${status}`, content: response.content })),
    );
    expect(problems.length).toBeGreaterThan(operations.length);
    const other = problems.filter(
      ({ content }) => content?.['application/problem+json']?.schema.$ref !== '#/components/schemas/Problem',
    );
    expect(other.map(({ at }) => at)).toEqual([]);
  });

  it('gives every operation a unique camelCase operationId, a summary and a described tag', () => {
    const described = new Set(document.tags.filter((tag) => tag.description).map((tag) => tag.name));
    const incomplete = operations.filter(
      ({ operation }) =>
        !/^[a-z][A-Za-z0-9]*$/.test(operation.operationId ?? '') ||
        !operation.summary ||
        !operation.tags?.length ||
        !operation.tags.every((tag) => described.has(tag)),
    );
    expect(incomplete.map(({ name }) => name)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
