import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientConfigSchema, type ClientConfig } from '../schemas/client-config.ts';

const clientConfig: FastifyPluginAsyncTypebox<{ config: ClientConfig }> = async (app, opts) => {
  app.get(
    '/config.json',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: ClientConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return opts.config;
    },
  );
};
export default clientConfig;
