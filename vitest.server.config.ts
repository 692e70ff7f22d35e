import { defineConfig } from 'vitest/config';

/** API and infrastructure tests: Node, real PostgreSQL and cognito-local from the global setup. */
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['server/**/*.test.ts', 'test/**/*.test.ts'],
    // the cluster tests start their own stacks: vitest.cluster.config.ts (npm run test:cluster); the
    // production folder's test needs npm run build:prod first: vitest.deploy.config.ts (npm run test:prod-build)
    exclude: ['test/cluster/**', 'test/deploy/**', '**/node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: files in parallel would fight over them; each file gets the whole machine.
    fileParallelism: false,
  },
});
