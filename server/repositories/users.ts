import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { SessionUser } from '../schemas/session.ts';

export interface UsersRepository {
  findByUsername(username: string): Promise<SessionUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
  }
}

export default fp(
  async (app) => {
    const repository: UsersRepository = {
      async findByUsername(username) {
        const [row] = await app.db.select().from(users).where(eq(users.username, username)).limit(1);
        if (!row) return null;
        return {
          username: row.username,
          cciCode: row.cci_code,
          userType: row.user_type,
          companyId: row.company_id,
          email: row.email,
          displayName: row.display_name,
          enabled: row.enabled,
        };
      },
    };
    app.decorate('users', repository);
  },
  { name: 'users-repository' },
);
