import { Problem } from './problem.ts';

/** PostgreSQL error of a unique constraint, if `err` is one (SQLSTATE 23505). */
export function uniqueViolation(err: unknown): string | null {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const pgErr = e as { code?: string; constraint?: string };
  return pgErr?.code === '23505' ? (pgErr.constraint ?? '') : null;
}

/** 409 for a stale `version` (DESIGN.md §5), carrying the current one so the client can reload. */
export const versionConflict = (currentVersion: number) =>
  new Problem(
    409,
    'version_conflict',
    '他のユーザーが先に更新しました。最新の内容を読み込んでから、もう一度保存してください。',
    [],
    {
      current_version: currentVersion,
    },
  );

/**
 * node-postgres's pool gave up waiting for a free connection (DATABASE_POOL_TIMEOUT_MS,
 * server/db/pool-settings.ts): PostgreSQL is overloaded, the request did not run.
 */
export function poolExhausted(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return e instanceof Error && e.message === 'timeout exceeded when trying to connect';
}
