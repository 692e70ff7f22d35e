import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  // Only `drizzle-kit migrate/push/studio` connect; `drizzle-kit generate` does not.
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://postgres:password@127.0.0.1:5432/kaigi' },
  strict: true,
  verbose: true,
});
