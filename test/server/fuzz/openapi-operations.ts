/** The operations of the OpenAPI document (`/v1/docs/json`, generated from the TypeBox schemas). */
import type { JsonSchema } from './schema-values.ts';
import { dereferenced } from '../../helpers/openapi.ts';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** as the document names it, e.g. /v1/cci/admin/master/companies/{id} */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
      }
    >
  >;
}

export function operationsOf(document: unknown): Operation[] {
  return Object.entries(dereferenced(document as OpenApiDocument).paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json'].schema,
    })),
  );
}

export const operationName = (op: Operation) => `${op.method} ${op.path}`;
