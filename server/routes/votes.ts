import type { FastifyPluginAsync } from 'fastify';
import cciMotions from './cci/admin/master/motions.ts';
import cciPolls from './cci/admin/master/polls.ts';
import cciWrittenVotes from './cci/admin/master/written-votes.ts';
import companyWrittenVotes from './company/written-votes.ts';

/** Route plugins of this area (議案 and 採決, DESIGN.md §12.1, issue 34), registered by app.ts after reception. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(cciMotions);
  await app.register(cciPolls);
  await app.register(cciWrittenVotes);
  await app.register(companyWrittenVotes);
};
export default routes;
