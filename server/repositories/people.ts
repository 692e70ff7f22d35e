import fp from 'fastify-plugin';
import members from './members.ts';
import positions from './positions.ts';

/** The repositories of members and positions, registered by routes/people.ts. */
export default fp(
  async (app) => {
    await app.register(members);
    await app.register(positions);
  },
  { name: 'people-repositories' },
);
