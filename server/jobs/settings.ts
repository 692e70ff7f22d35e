import { intSetting } from '../config/int-setting.ts';

/**
 * Export job configuration from the environment. Problems are added to the caller's list, so
 * server/config/env.ts (and worker.ts) report every one of them together.
 *
 *   EXPORT_RETENTION_DAYS       days an export file is kept (default 7, 1–365)
 *   EXPORT_WORKER               in-process (default outside production) | off (default in production:
 *                               run `npm run worker` processes instead)
 *   EXPORT_WORKER_CONCURRENCY   exports one process runs at once (default 1, 1–8)
 */
export interface ExportSettings {
  retentionDays: number;
  inProcessWorker: boolean;
  concurrency: number;
}

const WORKER_MODES = ['in-process', 'off'] as const;

export function exportSettingsFrom(env: NodeJS.ProcessEnv, ctx: { production: boolean }, problems: string[]): ExportSettings {
  const mode = env.EXPORT_WORKER?.trim() || (ctx.production ? 'off' : 'in-process');
  if (!(WORKER_MODES as readonly string[]).includes(mode)) {
    problems.push(`EXPORT_WORKER must be one of ${WORKER_MODES.join(', ')}, got "${mode}"`);
  }
  return {
    retentionDays: intSetting(env, problems, 'EXPORT_RETENTION_DAYS', 7, [1, 365]),
    inProcessWorker: mode === 'in-process',
    concurrency: intSetting(env, problems, 'EXPORT_WORKER_CONCURRENCY', 1, [1, 8]),
  };
}

/** A worker's pool: a connection per export running, plus the mail batches' claims, renders and records. */
export const workerPoolSize = (exports: ExportSettings) => exports.concurrency + 6;
