import fp from 'fastify-plugin';
import conferenceMembers from './conference-members.ts';
import answers from './answers.ts';

/** The attendance area's repositories (conference members, answers), registered by routes/attendance.ts. */
export default fp(
  async (app) => {
    await app.register(conferenceMembers);
    await app.register(answers);
  },
  { name: 'attendance-repositories' },
);
