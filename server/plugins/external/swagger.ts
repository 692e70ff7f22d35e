import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** The OpenAPI document and its UI, generated from the TypeBox route schemas (DESIGN.md §2). */
export const DOCS_PREFIX = '/v1/docs';

export default fp(
  async (app) => {
    await app.register(swagger, {
      // shared schemas (plugins/app/wire-schemas.ts) become components named by their $id
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
      },
      openapi: {
        openapi: '3.1.0',
        // spec §9: API version 1.0
        info: { title: 'Kaigi API', version: '1.0' },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
    });
    // No staticCSP: the docs get the app's own policy from helmet (issue 11); the UI loads only
    // scripts and styles of this origin and calls no validator (validatorUrl null by default).
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'swagger' },
);
