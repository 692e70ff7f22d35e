import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export interface HelmetOptions {
  production: boolean;
  /** Origins the browser may call besides this one: Cognito, Sentry (DESIGN.md §10). */
  connectOrigins: string[];
}

/** Security headers; the CSP allows only this origin and the configured Cognito and Sentry origins. */
export default fp<HelmetOptions>(
  async (app, opts) => {
    await app.register(helmet, {
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
  },
  { name: 'helmet' },
);
