import type { FastifyPluginAsync } from 'fastify';
import { MotionsRepository } from '../repositories/motions.ts';
import cciMotions from './cci/admin/master/motions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    motions: MotionsRepository;
  }
}

/** Route plugins of this area (議案 and 採決, DESIGN.md §12.1, issue 34), registered by app.ts after reception. */
const routes: FastifyPluginAsync = async (app) => {
  app.decorate('motions', new MotionsRepository(app.db));
  await app.register(cciMotions);
};
export default routes;
