import fp from 'fastify-plugin';
import { COMPONENTS, withRefs } from '../../schemas/components.ts';

/**
 * The wire's named schemas (schemas/components.ts, issue 32), registered before any route: each
 * added once, and every route's body and responses rewritten to `$ref` them, so the OpenAPI
 * document names them and each shape is written once. Query and path schemas stay as written
 * (the document lists them as parameters; request-validation.ts reads their properties).
 */
export default fp(
  async (app) => {
    for (const schema of COMPONENTS) app.addSchema(schema);
    app.addHook('onRoute', (route) => {
      const { schema } = route;
      if (!schema) return;
      route.schema = {
        ...schema,
        ...(schema.body ? { body: withRefs(schema.body) } : {}),
        ...(schema.response ? { response: withRefs(schema.response) } : {}),
      };
    });
  },
  { name: 'wire-schemas' },
);
