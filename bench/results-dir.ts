import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a benchmark writes its report: bench/results, or BENCH_RESULTS_DIR (the CI smoke runs,
 * bench/smoke.ts, write theirs to a temporary folder so the recorded results stay as measured).
 */
export const resultsDir = () => process.env.BENCH_RESULTS_DIR ?? 'bench/results';

export function writeResult(name: string, report: string): string {
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, report);
  return file;
}
