import { ConfigError, loadSettings } from '../../server/config/env.ts';

/** The problems loadSettings names for `env` (empty when it starts). */
export const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadSettings(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};
