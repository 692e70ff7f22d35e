import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Problem } from '../lib/problem.ts';
import { HealthSchema } from '../schemas/health.ts';

/** GET /health: the process is up and the database answers (for load balancers). */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], response: { 200: HealthSchema } },
    },
    async () => {
      try {
        await app.pool.query('select 1');
      } catch (err) {
        app.log.error({ err }, 'health: database unreachable');
        throw new Problem(503, 'database_unavailable', 'データベースに接続できません。');
      }
      return { status: 'ok', database: 'ok' } as const;
    },
  );
};
export default health;
