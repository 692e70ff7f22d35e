import type { FastifyPluginAsync } from 'fastify';
import { MotionsRepository } from '../repositories/motions.ts';
import { PollsRepository } from '../repositories/polls.ts';
import { WrittenVotesRepository } from '../repositories/written-votes.ts';
import cciMotions from './cci/admin/master/motions.ts';
import cciPolls from './cci/admin/master/polls.ts';
import cciWrittenVotes from './cci/admin/master/written-votes.ts';
import companyWrittenVotes from './company/written-votes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    motions: MotionsRepository;
    polls: PollsRepository;
    writtenVotes: WrittenVotesRepository;
  }
}

/** Route plugins of this area (議案 and 採決, DESIGN.md §12.1, issue 34), registered by app.ts after reception. */
const routes: FastifyPluginAsync = async (app) => {
  app.decorate('motions', new MotionsRepository(app.db));
  app.decorate('polls', new PollsRepository(app.pool));
  app.decorate('writtenVotes', new WrittenVotesRepository(app.db, app.mailQueue));
  await app.register(cciMotions);
  await app.register(cciPolls);
  await app.register(cciWrittenVotes);
  await app.register(companyWrittenVotes);
};
export default routes;
