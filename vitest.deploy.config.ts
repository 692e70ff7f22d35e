import { defineConfig } from 'vitest/config';

/** `npm run test:deploy`: the CDK app synthesised for both environments, assertions on the templates. */
export default defineConfig({
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['deploy/aws/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
