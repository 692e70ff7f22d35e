import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

/**
 * Applies pending SQL migrations from server/db/migrations (drizzle-kit journal) in one
 * transaction. A session advisory lock serialises concurrent callers (several API/worker
 * processes starting together); already-applied migrations are skipped.
 */
export async function runMigrations(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'kaigi-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

// Arbitrary constant identifying the Kaigi migration lock.
const MIGRATION_LOCK_KEY = 4_204_2001;
