import { defineConfig } from 'vitest/config';

/** API and infrastructure tests: Node, real PostgreSQL and cognito-local from the global setup. */
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['server/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    // the cluster tests start their own stacks: vitest.cluster.config.ts (npm run test:cluster); the
    // production folder's test needs npm run build:prod first: vitest.deploy.config.ts (npm run test:prod-build)
    exclude: ['test/cluster/**', 'test/deploy/**', '**/node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time, each worker on its own stack (test/global-setup.ts): a file's own work is
    // one Node process and its database, half the two cores, and the crash tests mostly wait on
    // pg-boss's retry (issue 31, bench/results/ci.md). KAIGI_API_WORKERS=1 runs them one by one.
    maxWorkers: Number(process.env.KAIGI_API_WORKERS ?? 2),
  },
});
