import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface HelmetOptions {
  production: boolean;
  /** Origins the browser may call besides this one: Cognito, Sentry (DESIGN.md §10). */
  connectOrigins: string[];
}

/**
 * Security headers; the CSP allows only this origin and the configured Cognito and Sentry origins.
 *
 * helmet's own middleware, built once. @fastify/helmet 13 calls `helmet(options)` again on every
 * request, parsing the CSP directives each time: a fifth of the API's own CPU before the handler of
 * a list request (issue 37, bench/results/profiles). The headers are the same; nothing here sets
 * per-route options or CSP nonces, which were all that plugin added.
 */
export default fp<HelmetOptions>(
  async (app, opts) => {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          connectSrc: ["'self'", ...opts.connectOrigins],
          fontSrc: ["'self'", 'data:'],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          objectSrc: ["'none'"],
          scriptSrc: ["'self'"],
          // MUI (emotion) injects <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          workerSrc: ["'self'", 'blob:'],
          ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: opts.production,
    });
    app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
  },
  { name: 'helmet' },
);
