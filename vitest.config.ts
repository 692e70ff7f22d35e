import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Front-end unit/component tests only (src/). Server and e2e tests have their own configs. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}', 'access/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
    // Vitest's default on two cores is one worker (cores − 1); the files are CPU-bound in their own
    // processes and the main process is nearly idle once the modules are transformed, so two workers
    // take the layer in about half the time (issue 31, bench/results/ci.md)
    maxWorkers: 2,
  },
});
