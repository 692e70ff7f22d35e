/** What the API hands the heavy jobs' process (job-child.ts) and what that process tells it back. */
import type { StorageSettings } from '../storage/settings.ts';
import type { BossOptions } from './boss.ts';

/** the environment variable carrying JobChildConfig as JSON */
export const JOB_CHILD_CONFIG_ENV = 'KAIGI_JOB_CHILD';

export interface JobChildConfig {
  databaseUrl: string;
  storage: StorageSettings;
  retentionDays: number;
  concurrency: number;
  logLevel: string;
  tmpDir?: string;
  /** tests: pg-boss's supervisor every second, so a killed child's job comes back within seconds */
  boss?: BossOptions;
}

export type JobChildMessage = { type: 'ready'; pid: number };
