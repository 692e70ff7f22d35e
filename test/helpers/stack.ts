import { inject } from 'vitest';
import type { TestStackInfo } from '../global-setup.ts';

/**
 * This worker's stack (test/global-setup.ts starts one per worker). VITEST_POOL_ID runs from 1 to
 * maxWorkers and stays with the worker, so a worker's files use one stack, one file at a time.
 */
export function testStack(): TestStackInfo {
  const stacks = inject('stacks');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return stacks[(worker - 1) % stacks.length]!;
}
