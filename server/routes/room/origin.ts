import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_ORIGIN when configured: the SPA's origin behind the proxy */
    publicOrigin: string | null;
  }
}

/** The SPA's origin for links staff hand out: PUBLIC_ORIGIN, else the one the request came to. */
export function originOf(app: FastifyInstance, request: FastifyRequest): string {
  return app.publicOrigin ?? `${request.protocol}://${request.host}`;
}
