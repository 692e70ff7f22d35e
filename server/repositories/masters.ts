import fp from 'fastify-plugin';
import masterData from './master-data.ts';
import conferenceTemplates from './conference-templates.ts';

/** Repositories of the master data area (the users repository is registered with the others in index.ts). */
export default fp(
  async (app) => {
    await app.register(masterData);
    await app.register(conferenceTemplates);
  },
  { name: 'masters-repositories', decorators: { fastify: ['db'] } },
);
