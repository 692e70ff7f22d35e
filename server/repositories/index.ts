import fp from 'fastify-plugin';
import users from './users.ts';
import companies from './companies.ts';

/** Repositories as named plugins, each decorating the instance with its data access. */
export default fp(
  async (app) => {
    await app.register(users);
    await app.register(companies);
  },
  { name: 'repositories' },
);
