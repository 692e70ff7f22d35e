import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { notFound } from '../../lib/problem.ts';

export interface SpaOptions {
  /** The built SPA (vite build output). */
  root: string;
}

const API_PATHS = /^\/(v1|health|config\.json)(\/|$|\?)/;
/** A missing file (e.g. a stale hashed asset) is a 404, never the HTML shell. */
const FILE_PATH = /\/[^/?]+\.[A-Za-z0-9]+(\?|$)/;
/** …except a room link, whose token has dots ({conference_id}.{link_id}.{signature}, issue 12). */
const ROOM_LINK = /^\/room\/[^/?]+(\?|$)/;

/** Serves the built SPA; client-side routes (/admin, /company/…, /404) fall back to index.html. */
export default fp<SpaOptions>(
  async (app, opts) => {
    if (!existsSync(path.join(opts.root, 'index.html'))) {
      app.log.warn({ root: opts.root }, 'SPA build not found: run `npm run build` to serve the web app');
      return;
    }
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite names assets by content hash: cache them for good, but always revalidate the shell.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // wildcard:false registered a route per built file; every other GET is a client-side route.
    app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (API_PATHS.test(request.url) || (FILE_PATH.test(request.url) && !ROOM_LINK.test(request.url))) throw notFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'spa' },
);
