import { defineConfig } from 'vitest/config';

/**
 * The cluster tests (issue 16): each file starts its own stack (scripts/cluster, the embedded
 * database), so no global setup; one file at a time on two cores.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 900_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
