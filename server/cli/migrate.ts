/**
 * `npm run db:migrate`: applies the pending migrations to DATABASE_URL and exits. The API and the
 * worker apply them too when they start; in AWS this runs as a one-off task before the services
 * roll (deploy/aws/lib/migration.ts), so new code never starts on an old schema.
 */
import { runMigrations } from '../db/migrate.ts';

const url = process.env.DATABASE_URL?.trim();
if (!url) {
  console.error('DATABASE_URL is required');
  process.exit(1);
}
await runMigrations(url);
console.log('[kaigi] migrations applied');
