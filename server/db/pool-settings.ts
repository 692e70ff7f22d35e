import { intSetting } from '../config/int-setting.ts';

/**
 * An API process's PostgreSQL pool (issue 16, docs/decisions/0018-database-pool-size.md).
 *
 *   DATABASE_POOL_SIZE        connections one API process opens at most (default 4, 1–100)
 *   DATABASE_POOL_TIMEOUT_MS  how long a request waits for one of them before it is answered
 *                             503 database_unavailable (default 10000, 100–60000)
 *
 * Small on purpose: PostgreSQL does the most with a few statements running per CPU. More
 * connections than that only make its backends queue for the CPUs while holding their locks, where
 * the pool's queue would have let each request run through. On the 2-CPU machine the soak's p99
 * fell from 142 to 62 ms going from node-postgres's default 10 to 4 (bench/results/soak-profile.md).
 * With N API processes on a PostgreSQL of C CPUs, about 4 × C ÷ N each (measured: 2 × 4 on 2 CPUs).
 */
export interface PoolSettings {
  size: number;
  timeoutMs: number;
}

const DEFAULT_POOL_SIZE = 4;

export function poolSettingsFrom(env: NodeJS.ProcessEnv, problems: string[]): PoolSettings {
  return {
    size: intSetting(env, problems, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, [1, 100]),
    timeoutMs: intSetting(env, problems, 'DATABASE_POOL_TIMEOUT_MS', 10_000, [100, 60_000]),
  };
}
