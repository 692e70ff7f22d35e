import fp from 'fastify-plugin';
import { COMPONENTS, withRefs } from '../../schemas/components.ts';
import { operationOf } from '../../schemas/operations.ts';

/**
 * The wire's contract (issue 32), registered before any route: the named schemas
 * (schemas/components.ts) each added once, every route's body and responses rewritten to `$ref`
 * them, so the OpenAPI document names them and each shape is written once; and each route's
 * `operationId` and `summary` from schemas/operations.ts (a new route adds its row there). Query and path schemas stay as written
 * (the document lists them as parameters; request-validation.ts reads their properties).
 */
export default fp(
  async (app) => {
    for (const schema of COMPONENTS) app.addSchema(schema);
    app.addHook('onRoute', (route) => {
      const { schema } = route;
      if (!schema) return;
      const operation = typeof route.method === 'string' ? operationOf(route.method, route.url) : undefined;
      route.schema = {
        ...schema,
        ...operation,
        ...(schema.body ? { body: withRefs(schema.body) } : {}),
        ...(schema.response ? { response: withRefs(schema.response) } : {}),
      };
    });
  },
  { name: 'wire-schemas' },
);
