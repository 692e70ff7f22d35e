import { defineConfig } from 'vitest/config';

/**
 * `npm run test:deploy` (deploy/aws): the CDK app synthesised for both environments, assertions on
 * the templates. `npm run test:prod-build` (test/deploy): the production folder started and called.
 */
export default defineConfig({
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['deploy/aws/test/**/*.test.ts', 'test/deploy/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
