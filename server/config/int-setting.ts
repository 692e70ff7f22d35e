/**
 * An integer environment variable from `min` to `max`; unset or blank → `fallback`. Anything else is
 * added to the caller's problems, so server/config/env.ts reports every bad variable together.
 */
export function intSetting(
  env: NodeJS.ProcessEnv,
  problems: string[],
  name: string,
  fallback: number,
  [min, max]: [number, number],
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    return fallback;
  }
  return n;
}
