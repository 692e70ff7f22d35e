import type { FastifyPluginAsync } from 'fastify';
import { MotionsRepository } from '../repositories/motions.ts';
import { PollsRepository } from '../repositories/polls.ts';
import cciMotions from './cci/admin/master/motions.ts';
import cciPolls from './cci/admin/master/polls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    motions: MotionsRepository;
    polls: PollsRepository;
  }
}

/** Route plugins of this area (議案 and 採決, DESIGN.md §12.1, issue 34), registered by app.ts after reception. */
const routes: FastifyPluginAsync = async (app) => {
  app.decorate('motions', new MotionsRepository(app.db));
  app.decorate('polls', new PollsRepository(app.pool));
  await app.register(cciMotions);
  await app.register(cciPolls);
};
export default routes;
