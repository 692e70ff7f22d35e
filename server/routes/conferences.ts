import type { FastifyPluginAsync } from 'fastify';

/** Route plugins of this area, registered by app.ts (one file per area keeps app.ts stable). */
const routes: FastifyPluginAsync = async () => {};
export default routes;
